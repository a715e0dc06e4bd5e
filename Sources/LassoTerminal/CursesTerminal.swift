import CNcursesw
import Foundation
import LassoTUI

/// The only code that calls curses: sets the terminal up, turns key and mouse input into events, and draws grids.
///
/// It lives on the main actor (curses has one global state); every exit path restores the terminal,
/// signals included.
@MainActor
public final class CursesTerminal {
    private var previous: Grid?
    private let palette: Palette
    private var restored = false

    /// Sets up curses in the order htop uses: locale, newterm, raw, noecho, keypad, escdelay, mouse.
    public init() throws {
        // Wide characters need a UTF-8 locale; fall back to C.UTF-8 when the environment names none.
        if let locale = setlocale(LC_ALL, ""), !String(cString: locale).uppercased().contains("UTF") {
            setlocale(LC_ALL, "C.UTF-8")
        } else if setlocale(LC_ALL, nil) == nil {
            setlocale(LC_ALL, "C.UTF-8")
        }
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
            throw TerminalError("lasso open needs a terminal (standard input and output must be a tty)")
        }
        guard lasso_newterm() != nil else {
            throw TerminalError(
                "cannot start the terminal UI: TERM=\(ProcessInfo.processInfo.environment["TERM"] ?? "(unset)") is not a terminal curses knows"
            )
        }
        raw()
        noecho()
        keypad(lasso_stdscr(), true)
        set_escdelay(25)
        mousemask(lasso_all_mouse_events(), nil)
        mouseinterval(0)
        curs_set(0)
        wtimeout(lasso_stdscr(), 200)
        let wantsColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { $0.isEmpty } ?? true
        palette = Palette(colors: wantsColor && has_colors())
        palette.install()
        Self.installSignalHandlers()
    }

    /// The terminal's size now.
    public var size: Size { Size(width: Int(lasso_cols()), height: Int(lasso_lines())) }

    /// The next input event, or nil when none came within the wait (so the caller can check other things).
    public func nextEvent() -> InputEvent? {
        var character: wint_t = 0
        let result = wget_wch(lasso_stdscr(), &character)
        if result == ERR { return nil }
        if result == KEY_CODE_YES { return functionKey(Int32(character)) }
        return KeyDecoder.character(UInt32(character)).map { .key($0) }
    }

    private func functionKey(_ code: Int32) -> InputEvent? {
        if code == lasso_key_resize() { return .resize(size) }
        if code == lasso_key_mouse() {
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            let x = Int(event.x)
            let y = Int(event.y)
            if event.bstate & lasso_button4_pressed() != 0 { return .mouse(.wheelUp(x: x, y: y)) }
            if event.bstate & lasso_button5_pressed() != 0 { return .mouse(.wheelDown(x: x, y: y)) }
            if event.bstate & lasso_button1_pressed() != 0 { return .mouse(.press(x: x, y: y)) }
            return nil
        }
        return KeyDecoder.function(code).map { .key($0) }
    }

    /// Forgets what is on screen, so that the next draw repaints everything (Ctrl-L, resize).
    public func invalidate() {
        previous = nil
        clearok(lasso_stdscr(), true)
    }

    /// Draws a grid, writing only the cells that changed since the last draw.
    public func draw(_ grid: Grid) {
        if previous?.width != grid.width || previous?.height != grid.height {
            previous = nil
            werase(lasso_stdscr())
        }
        let height = min(grid.height, Int(lasso_lines()))
        let width = min(grid.width, Int(lasso_cols()))
        var text: [wchar_t] = []
        for y in 0..<height {
            for x in 0..<width {
                let cell = grid[x, y]
                if cell.width == 0 { continue }
                if let previous, previous[x, y] == cell { continue }
                text.removeAll(keepingCapacity: true)
                for scalar in cell.text.unicodeScalars { text.append(wchar_t(bitPattern: scalar.value)) }
                text.append(0)
                let (attributes, pair) = palette.look(cell.style)
                _ = text.withUnsafeBufferPointer {
                    lasso_put_cell(Int32(y), Int32(x), $0.baseAddress, attributes, pair)
                }
            }
        }
        previous = grid
        wrefresh(lasso_stdscr())
    }

    /// Gives the terminal back as it was: leaves curses mode. Safe to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        endwin()
    }

    /// On SIGTERM, SIGHUP, SIGINT or SIGQUIT: leave curses mode, then exit with the signal's status.
    private static func installSignalHandlers() {
        for signalNumber in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
            signal(signalNumber) { received in
                endwin()
                _exit(128 + received)
            }
        }
    }
}

/// A failure to start the terminal UI, said plainly.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
