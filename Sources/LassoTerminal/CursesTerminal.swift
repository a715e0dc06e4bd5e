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
    /// The most colours pictures get: what the terminal shows.
    private let depth: ColorDepth
    private var pictures: PairTable
    /// Sends the screenshot in the terminal's image protocol, when it shows pixels.
    private let pixels: PixelSender?
    /// How the screenshot is shown, as decided before curses started.
    public let pictureOutput: PictureOutput
    /// How long `nextEvent` waits for input, in milliseconds: an effect's answer (the rest of a big snapshot, a
    /// push, a count) waits at most this long for the loop to take it in; an idle UI wakes 20 times a second.
    private static let wait: Int32 = 50
    /// How long, in milliseconds, the next character of a late terminal answer is waited for after the one before.
    private static let answerGap: Int32 = 30
    /// Characters read after an Escape to see whether it began a late terminal answer (``LateAnswer``), that were
    /// keys after all: given before anything new is read.
    private var queued: [InputEvent] = []

    /// Sets up curses in the order htop uses: locale, newterm, raw, noecho, keypad, escdelay, mouse; `pictureOutput` says
    /// how the screenshot is shown (`PictureProbe` decides it before curses starts).
    public init(pictureOutput: PictureOutput = .blocks) throws {
        self.pictureOutput = pictureOutput
        pixels = PixelSender(output: pictureOutput)
        // Wide characters need a UTF-8 locale; fall back to C.UTF-8 when the environment names none.
        if let locale = setlocale(LC_ALL, ""), !String(cString: locale).uppercased().contains("UTF") {
            setlocale(LC_ALL, "C.UTF-8")
        } else if setlocale(LC_ALL, nil) == nil {
            setlocale(LC_ALL, "C.UTF-8")
        }
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
            throw TerminalError("lasso open needs a terminal (standard input and output must be a tty)")
        }
        let environment = ProcessInfo.processInfo.environment
        let direct = ColorDepth.directVariant(environment: environment).flatMap { lasso_newterm_type($0) }
        guard direct != nil || lasso_newterm() != nil else {
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
        wtimeout(lasso_stdscr(), Self.wait)
        let wantsColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { $0.isEmpty } ?? true
        palette = Palette(colors: wantsColor && has_colors())
        palette.install()
        depth = ColorDepth.detect(wantsColor: wantsColor)
        pictures = PairTable(
            first: Int32(Style.allCases.count + 1), total: depth == .none ? 0 : Int(lasso_color_pairs()))
        Self.installSignalHandlers()
    }

    /// True when pictures can be drawn: in the terminal's pixels, or in half blocks where it has colours and
    /// NO_COLOR is not set.
    public var drawsPictures: Bool {
        guard pictureOutput.drawsPicture else { return false }
        return showsPixels || (depth != .none && pictures.capacity >= 64)
    }

    /// True when the screenshot goes in the terminal's own pixels (kitty, iTerm2 or sixel).
    public var showsPixels: Bool { pixels != nil }

    /// Why pictures are not drawn, in words for the status line; nil when they are.
    public var noPictureReason: String? {
        if drawsPictures { return nil }
        if !pictureOutput.drawsPicture { return "--picture none" }
        if ProcessInfo.processInfo.environment["NO_COLOR"].map({ !$0.isEmpty }) == true {
            return "NO_COLOR is set"
        }
        return "the terminal (TERM=\(ProcessInfo.processInfo.environment["TERM"] ?? "unset")) has too few colours"
    }

    /// The terminal's size now.
    public var size: Size { Size(width: Int(lasso_cols()), height: Int(lasso_lines())) }

    /// The next input event, or nil when none came within the wait (so the caller can check other things).
    public func nextEvent() -> InputEvent? {
        if !queued.isEmpty { return queued.removeFirst() }
        var character: wint_t = 0
        let result = wget_wch(lasso_stdscr(), &character)
        if result == ERR { return nil }
        if result == KEY_CODE_YES { return functionKey(Int32(character)) }
        if character == 27 { return escapeOrLateAnswer() }
        return KeyDecoder.character(UInt32(character)).map { .key($0) }
    }

    /// The Escape key, or nil when the Escape began a late answer to lasso's questions to the terminal, which is
    /// dropped whole (a slow ssh link brings it after the UI started): the characters after it are read as they come
    /// while they may still be one.
    private func escapeOrLateAnswer() -> InputEvent? {
        wtimeout(lasso_stdscr(), Self.answerGap)
        defer { wtimeout(lasso_stdscr(), Self.wait) }
        var following: [UInt32] = []
        reading: while true {
            var character: wint_t = 0
            let result = wget_wch(lasso_stdscr(), &character)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                queued += following.compactMap { KeyDecoder.character($0).map { .key($0) } }
                if let key = functionKey(Int32(character)) { queued.append(key) }
                return .key(.escape)
            }
            following.append(UInt32(character))
            switch LateAnswer.judge(following) {
            case .answer: return nil
            case .maybe: continue
            case .keys: break reading
            }
        }
        queued += following.compactMap { KeyDecoder.character($0).map { .key($0) } }
        return .key(.escape)
    }

    /// The next input event when one is already waiting (the rest of a paste), else nil without waiting.
    public func pendingEvent() -> InputEvent? {
        wtimeout(lasso_stdscr(), 0)
        defer { wtimeout(lasso_stdscr(), Self.wait) }
        return nextEvent()
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
        pixels?.forget()
    }

    /// Draws a grid, writing only the cells that changed since the last draw.
    public func draw(_ grid: Grid) {
        if previous?.width != grid.width || previous?.height != grid.height {
            previous = nil
            werase(lasso_stdscr())
        }
        if let pixels, pixels.mustRepaint(before: grid.pixels) {
            // The image lies in the cells it covered: clearing the screen takes it off, and every cell is written
            // again.
            clearok(lasso_stdscr(), true)
            pixels.forget()
        }
        let height = min(grid.height, Int(lasso_lines()))
        let width = min(grid.width, Int(lasso_cols()))
        let pictureDepth = preparePictureColors(grid, width: width, height: height)
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
                if let paint = cell.paint, pictureDepth != .none, let extended = picturePair(paint, depth: pictureDepth)
                {
                    _ = text.withUnsafeBufferPointer {
                        lasso_put_cell_pair(Int32(y), Int32(x), $0.baseAddress, attributes, extended)
                    }
                    continue
                }
                _ = text.withUnsafeBufferPointer {
                    lasso_put_cell(Int32(y), Int32(x), $0.baseAddress, attributes, pair)
                }
            }
        }
        previous = grid
        wrefresh(lasso_stdscr())
        pixels?.show(grid.pixels)
    }

    /// Picks the depth this grid's picture is sent in (the terminal's, lowered until the screen's colour
    /// combinations fit the pairs there are) and makes room for its pairs, repainting everything when the table
    /// starts again. Returns `.none` when the grid has no picture.
    private func preparePictureColors(_ grid: Grid, width: Int, height: Int) -> ColorDepth {
        guard depth != .none else { return .none }
        var level = depth
        while level != .none {
            var keys = Set<Int64>()
            for y in 0..<height {
                for x in 0..<width {
                    guard let paint = grid[x, y].paint else { continue }
                    keys.insert(pairKey(paint, depth: level))
                }
                if keys.count > pictures.capacity { break }
            }
            if keys.isEmpty { return .none }
            if keys.count <= pictures.capacity {
                if pictures.count + pictures.missing(keys) > pictures.capacity {
                    pictures.reset()
                    previous = nil
                }
                return level
            }
            level = ColorDepth(rawValue: level.rawValue - 1) ?? .none
        }
        return .none
    }

    private func pairKey(_ paint: Paint, depth: ColorDepth) -> Int64 {
        PairTable.key(
            ColorQuantizer.number(paint.foreground, depth: depth), ColorQuantizer.number(paint.background, depth: depth)
        )
    }

    private func picturePair(_ paint: Paint, depth: ColorDepth) -> Int32? {
        pictures.pair(pairKey(paint, depth: depth))
    }

    /// Gives the terminal back as it was: leaves curses mode. Safe to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        if let pixels {
            // Nothing of the picture stays behind: kitty's is deleted, one in the cells is cleared with them.
            pixels.hide()
            werase(lasso_stdscr())
            clearok(lasso_stdscr(), true)
            wrefresh(lasso_stdscr())
        }
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
