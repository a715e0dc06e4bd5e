import Foundation
import LassoImage
import LassoSnapshot
import _LassoTestSupport

/// Drives the real `lasso` binary in a real terminal on a private Xvfb display (xterm `-ti vt340`, which draws
/// sixel, or kitty with software GL), and takes pictures of that display: what a person would see, pixels included.
final class XtermSession {
    /// The terminal program.
    enum Emulator {
        case xterm, kitty
    }

    let display: String
    let folder: String
    private let server: Process
    private let terminal: Process

    /// Starts `lasso ARGS` in `folder` in an xterm of `columns` × `rows`; when it ends, the file `exit` in `folder`
    /// holds its status.
    /// The private tmux server lasso runs in, when it runs in tmux.
    private let tmuxSocket: String?

    /// With `inTmux`, lasso runs in a tmux inside the terminal, with `allow-passthrough on` (its status line takes
    /// the last row).
    init(
        _ arguments: [String], in folder: String, columns: Int = 120, rows: Int = 40, emulator: Emulator = .xterm,
        inTmux: Bool = false
    ) throws {
        self.folder = folder
        // A display nobody holds: no lock, or the lock of an X server that is gone (its files are removed first).
        guard let number = (90..<140).first(where: Self.displayIsFree) else {
            throw XtermError("no free X display between :90 and :139")
        }
        display = ":\(number)"
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["Xvfb", display, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            guard Date() < deadline, server.isRunning else {
                Foundation.kill(server.processIdentifier, SIGKILL)
                throw XtermError("Xvfb \(display) did not start")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let quoted = ([LassoProcess.binary] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
        // The window's size in cells and pixels, written before lasso starts, so that a cell's pixels are known.
        let windowSize =
            "python3 -c 'import fcntl,termios,struct,sys; print(*struct.unpack(\"HHHH\", fcntl.ioctl(0, termios.TIOCGWINSZ, bytes(8))))' > '\(folder)/winsize'"
        let unset =
            "unset NO_COLOR LASSO_PICTURE KITTY_WINDOW_ID TERM_PROGRAM LC_TERMINAL" + (inTmux ? "" : " TMUX TMUX_PANE")
        let term = inTmux ? "tmux-256color" : "xterm-256color"
        let lasso =
            "cd '\(folder)' && \(unset) && \(windowSize) && LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=\(term) \(quoted) 2>'\(folder)/stderr'; echo $? > '\(folder)/exit'; while [ ! -e '\(folder)/stop' ]; do sleep 0.2; done"
        try Data(lasso.utf8).write(to: URL(fileURLWithPath: folder + "/lasso.sh"))
        var script = "sh '\(folder)/lasso.sh'"
        if inTmux {
            let socket = "lasso-x-" + UUID().uuidString.prefix(8)
            tmuxSocket = socket
            script =
                "unset TMUX TMUX_PANE; exec tmux -L \(socket) -f /dev/null new-session -x \(columns) -y \(rows - 1) \"tmux -L \(socket) set -g allow-passthrough on; sleep 0.3; sh '\(folder)/lasso.sh'\""
        } else {
            tmuxSocket = nil
        }
        terminal = Process()
        terminal.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        switch emulator {
        case .xterm:
            terminal.arguments = [
                "xterm", "-display", display, "-ti", "vt340", "-fn", "10x20", "-b", "0", "-bw", "0", "-geometry",
                "\(columns)x\(rows)+0+0", "-xrm", "XTerm*cursorBlink: false", "-e", "sh", "-c", script,
            ]
        case .kitty:
            // OpenGL 3.3 from Mesa's software renderer; no padding, so cell (0, 0) is the window's corner.
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display
            environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
            terminal.environment = environment
            terminal.arguments = [
                "kitty", "--config", "NONE", "-o", "remember_window_size=no", "-o",
                "initial_window_width=\(columns)c", "-o", "initial_window_height=\(rows)c", "-o",
                "window_padding_width=0", "-o", "cursor_blink_interval=0", "sh", "-c", script,
            ]
        }
        terminal.standardOutput = FileHandle.nullDevice
        terminal.standardError = FileHandle.nullDevice
        do { try terminal.run() } catch {
            Foundation.kill(server.processIdentifier, SIGKILL)
            throw error
        }
    }

    /// Runs a program against the display; returns its standard output.
    @discardableResult
    func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw XtermError("\(arguments.joined(separator: " ")) failed (\(process.terminationStatus))")
        }
        return data
    }

    /// The whole display as it is now, read by xwd and turned into a PNG by ImageMagick.
    func picture() throws -> RGBImage {
        let png = try run(["sh", "-c", "xwd -root -silent | convert xwd:- png:-"])
        return try ImageDecoder.decode(Array(png))
    }

    /// Presses keys (xdotool's names: `question`, `Escape`, `q`), with the pointer over the window so that it has
    /// the keyboard.
    func keys(_ names: String...) throws {
        try run(["xdotool", "mousemove", "200", "200"])
        try run(["xdotool", "key", "--delay", "40"] + names)
    }

    /// A cell's size in pixels, from the window size the terminal gave the tty (xterm counts no border here).
    func cell(columns: Int = 120, rows: Int = 40, timeout: TimeInterval = 20) throws -> (width: Int, height: Int) {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let text = try? String(contentsOfFile: folder + "/winsize", encoding: .utf8) {
                let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
                if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
                    return (numbers[2] / numbers[1], numbers[3] / numbers[0])
                }
            }
            guard Date() < deadline else { throw XtermError("the terminal gave no window size in pixels") }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// The status lasso ended with, once it has.
    func exitStatus() -> String? {
        (try? String(contentsOfFile: folder + "/exit", encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// Waits until `condition` holds on a picture of the display; returns the last picture.
    @discardableResult
    func waitFor(
        _ what: String, timeout: TimeInterval = 20, _ condition: (RGBImage) -> Bool
    ) throws -> RGBImage {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let shot = try picture()
            if condition(shot) { return shot }
            guard Date() < deadline else {
                let stderr = (try? String(contentsOfFile: folder + "/stderr", encoding: .utf8)) ?? ""
                throw XtermError("waited \(Int(timeout)) s for \(what); lasso's stderr: \(stderr)")
            }
            Thread.sleep(forTimeInterval: 0.25)
        }
    }

    /// True when display `number` is free: no lock file, or one whose X server no longer runs, whose lock and socket
    /// are then removed (an X server killed with SIGKILL leaves both behind).
    static func displayIsFree(_ number: Int) -> Bool {
        let lock = "/tmp/.X\(number)-lock"
        let socket = "/tmp/.X11-unix/X\(number)"
        if let text = try? String(contentsOfFile: lock, encoding: .utf8) {
            guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0,
                Foundation.kill(pid, 0) != 0, errno == ESRCH
            else { return false }
            try? FileManager.default.removeItem(atPath: lock)
            try? FileManager.default.removeItem(atPath: socket)
            return !FileManager.default.fileExists(atPath: lock)
        }
        guard !FileManager.default.fileExists(atPath: lock) else { return false }
        if FileManager.default.fileExists(atPath: socket) { try? FileManager.default.removeItem(atPath: socket) }
        return !FileManager.default.fileExists(atPath: socket)
    }

    /// Ends xterm and Xvfb with SIGKILL: the test runner's children inherit its SIGTERM ignored.
    func kill() {
        // The shell after lasso waits for this file: the runner's children ignore SIGHUP and SIGTERM as it does, so
        // neither tmux nor a signal would end it, and it holds the pipe Foundation watches the terminal's exit by.
        FileManager.default.createFile(atPath: folder + "/stop", contents: nil)
        if let tmuxSocket { _ = try? run(["tmux", "-L", tmuxSocket, "kill-server"]) }
        for process in [terminal, server] where process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // SIGKILL leaves the display's lock and socket: remove them, so that displays are not used up run by run.
        let number = display.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }
}

/// A real-terminal test that could not drive its terminal.
struct XtermError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
