import Foundation
import Testing
import _LassoTestSupport

/// Drives the real `lasso` binary in a tmux session at a fixed size, on a private tmux server, as a person would.
struct TmuxSession {
    let socket: String
    let name = "lasso"

    /// Starts `lasso ARGS` in `directory`; when it ends the pane shows `LASSO-EXIT=<status>`.
    init(
        _ arguments: [String], in directory: String, width: Int = 120, height: Int = 40,
        environment: [String: String] = [:]
    ) throws {
        // Tests that need tmux run only with it (`Tools.hasTmux`), except under CI, where its absence fails them.
        guard Tools.tmux != nil else {
            throw TmuxError("tmux is not installed (or not in PATH): CI must install it (.ci/run does)")
        }
        socket = "lasso-test-" + UUID().uuidString.prefix(8)
        let quoted = ([LassoProcess.binary] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
        let variables = environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let script =
            "cd '\(directory)' && unset NO_COLOR COLORTERM && LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color \(variables) \(quoted); echo LASSO-EXIT=$?; sleep 30"
        // The first command starts the tmux server, which keeps any pipe it inherits open: give it none.
        try tmux(
            ["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), "sh", "-c", script],
            capture: false)
    }

    /// Runs one tmux client command and returns what it printed.
    ///
    /// posix_spawn and waitpid rather than Foundation's Process: the server that `new-session` starts
    /// would keep Process's exit-watching socket open, and the wait would never end.
    @discardableResult
    func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        let argv = ["tmux", "-u", "-L", socket] + arguments
        var pipe: [Int32] = [0, 0]
        guard Foundation.pipe(&pipe) == 0 else { throw TmuxError("cannot make a pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, cArguments, environ)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else { throw TmuxError("cannot start tmux: \(String(cString: strerror(spawned)))") }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while capture {
            let count = read(pipe[0], &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// The screen as text.
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", name]) }

    /// The screen with its colours and attributes as escape sequences.
    func screenWithColors() throws -> String { try tmux(["capture-pane", "-p", "-e", "-t", name]) }

    /// Sends keys by tmux name (`Enter`, `Down`, `C-c`) and literal text.
    func keys(_ names: String...) throws { try tmux(["send-keys", "-t", name] + names) }

    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }

    /// A left click on a cell (0-based), as xterm reports it in SGR mode (lasso runs with TERM=xterm-256color).
    func click(x: Int, y: Int) throws {
        try tmux(["send-keys", "-t", name, "-l", "\u{1B}[<0;\(x + 1);\(y + 1)M"])
        try tmux(["send-keys", "-t", name, "-l", "\u{1B}[<0;\(x + 1);\(y + 1)m"])
    }

    /// Where `text` first shows on the screen at or right of column `from`: its column (wide characters count
    /// two) and row.
    func find(_ text: String, from: Int = 0) throws -> (x: Int, y: Int)? {
        for (row, line) in try screen().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var column = 0
            var index = line.startIndex
            while index < line.endIndex {
                if column >= from && line[index...].hasPrefix(text) { return (column, row) }
                let wide = line[index].unicodeScalars.first.map { $0.value >= 0x2E80 } ?? false
                column += wide ? 2 : 1
                index = line.index(after: index)
            }
        }
        return nil
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    /// Waits until the screen shows `text`; on timeout records the screen and returns false.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 15, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Bool
    {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return true }
            usleep(50_000)
        }
        FileHandle.standardError.write(Data("the screen never showed \"\(text)\"; it shows:\n\(last)\n".utf8))
        Issue.record("the screen never showed \"\(text)\"; it shows:\n\(last)", sourceLocation: sourceLocation)
        return false
    }

    func kill() { _ = try? tmux(["kill-server"], capture: false) }
}

/// tmux could not be run.
struct TmuxError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
