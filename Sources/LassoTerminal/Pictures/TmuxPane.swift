import Foundation

/// The tmux pane the UI runs in, as tmux tells it: whether it lets escape sequences through to the terminal outside
/// (`allow-passthrough`), where the pane sits in that terminal, and the outside terminal's cell size in pixels.
public struct TmuxPane: Sendable, Equatable {
    public var passthrough: Bool
    public var left: Int
    public var top: Int
    public var cell: PixelSize?

    public init(passthrough: Bool, left: Int, top: Int, cell: PixelSize?) {
        self.passthrough = passthrough
        self.left = left
        self.top = top
        self.cell = cell
    }

    /// The pane of this process when it runs inside tmux (`TMUX` set), asked of the `tmux` command; nil outside
    /// tmux or when tmux does not answer.
    public static func current(environment: [String: String]) -> TmuxPane? {
        guard let socket = environment["TMUX"], !socket.isEmpty else { return nil }
        let pane = environment["TMUX_PANE"].flatMap { $0.isEmpty ? nil : $0 }
        var arguments = ["display-message", "-p"]
        if let pane { arguments += ["-t", pane] }
        arguments.append("#{pane_left} #{pane_top} #{client_cell_width} #{client_cell_height}")
        guard let place = run(arguments)?.split(separator: " ").map({ Int($0) }), place.count >= 2,
            let left = place[0], let top = place[1]
        else { return nil }
        // The pane's own setting, else the global one: "on" lets a visible pane through, "all" any pane; a tmux
        // older than 3.3 has no such option and answers nothing.
        var paneOption = ["show-options", "-pv"]
        if let pane { paneOption += ["-t", pane] }
        paneOption.append("allow-passthrough")
        let setting =
            run(paneOption).flatMap { $0.isEmpty ? nil : $0 } ?? run(["show-options", "-gv", "allow-passthrough"])
        let allowed = setting.map { ["on", "all"].contains($0) } ?? false
        var cell: PixelSize?
        if place.count >= 4, let width = place[2], let height = place[3], PixelSize(width: width, height: height).isCell
        {
            cell = PixelSize(width: width, height: height)
        }
        return TmuxPane(passthrough: allowed, left: left, top: top, cell: cell)
    }

    /// What `tmux ARGUMENTS` prints, trimmed; nil when it cannot run or fails.
    private static func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
