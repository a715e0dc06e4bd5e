import Foundation
import LassoClient
import LassoDocuments
import LassoSnapshot
import LassoTUI
import LassoTerminal

/// `lasso open --live`: the UI on the newest screen a phone streamed to the server, opening the next one when the
/// phone's screen changes, in one terminal session.
extension OpenCommand {
    @MainActor
    func runLive() async throws {
        guard snapshot == nil else {
            throw LassoError(.usage, "--live opens the screens a phone streams: give no snapshot file with it")
        }
        let settings = try profile.resolve()
        guard let url = server ?? settings.server else {
            throw LassoError(
                .usage, "--live: expected the server's URL (--server or \"server\" in lasso.json), found neither")
        }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw LassoError(
                .usage, "--server: expected an http:// or https:// URL, found \"\(DisplayText.escaped(url))\"")
        }
        try checkLogs()
        let client = LiveClient(server: url, token: Self.environmentToken ?? TokenStore.user()?.token(for: url))
        var current = try await client.screens(app: app, limit: 1).first
        if current == nil {
            Console.error(
                "waiting for a phone to stream its screen to \(url)\(app.map { " (app \($0))" } ?? "") — pair one with: lasso live pair --sdk sensors-android --server \(url) --scheme … (Ctrl-C stops)"
            )
        }
        while current == nil { current = try await client.screens(app: app, after: 0, wait: 25, limit: 1).first }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lasso-live-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var terminal: CursesTerminal?
        defer { terminal?.restore() }
        var output: PictureOutput?
        var shown: LiveScreenSummary?
        // Only what the phone fires from now on is said: the echoes before are the last session's.
        var echoSeq = (try? await client.echoes(pairing: nil, after: 0))?.last?.seq ?? 0
        var carried: String?
        var saves: [String] = []
        // The UI as it closed on the last screen: where it goes on when the next cannot be opened.
        var last: (state: AppState, runner: EffectRunner)?
        while let next = current {
            let path = folder + "/screen-\(next.id).json"
            defer { try? FileManager.default.removeItem(atPath: path) }
            let screen: Screen
            var notes = ImportNotes()
            do {
                try LiveSnapshotFile.write(try await client.snapshot(id: next.id), to: path)
                screen = try Screen(path: path, profile: profile, input: input, notes: &notes, checkScreenshot: false)
            } catch {
                // A screen that cannot be opened (too big to fetch, pruned meanwhile) is skipped, said, and the UI
                // follows the phone on.
                let reason = (error as? LassoError)?.message ?? "\(error)"
                guard var (state, runner) = last else {
                    Console.error("the phone's screen \(next.id) could not be opened: \(reason); waiting for the next")
                    current = try await client.screens(app: app, after: next.id, wait: 25, limit: 1).first
                    while current == nil {
                        current = try await client.screens(app: app, after: next.id, wait: 25, limit: 1).first
                    }
                    continue
                }
                state.skipLiveScreen(next, because: reason)
                state = await UILoop(screen: terminal!, runner: runner).run(state)
                last = (state, runner)
                current = state.live?.next
                continue
            }
            if output == nil { output = try pictureOutput(for: screen.snapshot) }
            if terminal == nil { terminal = try openTerminal(output!) }
            let directory = screen.settings.configDirectory(override: configs)
            var start = startState(
                screen: screen, notes: notes, output: output!, terminal: terminal!, directory: directory)
            start.follow(LiveFollow(app: app, screen: next, echoSeq: echoSeq), movedFrom: shown, carried: carried)
            // The place kept: the view highlighted on the last screen, where the new one has it.
            if let before = last?.state, before.cursor > 0 {
                let path = before.table.path(of: before.cursor)
                if let same = screen.snapshot.indices.first(where: { screen.table.path(of: $0) == path }) {
                    start.reduce(.select(node: same))
                }
            }
            var runner = try effectRunner(screen: screen, directory: directory, finisher: nil)
            runner.live = client
            terminal!.invalidate()
            let end = await UILoop(screen: terminal!, runner: runner).run(start)
            last = (end, runner)
            if let saved = end.lastSave { saves.append(saved) }
            echoSeq = end.live?.echoSeq ?? echoSeq
            carried = end.live?.carried
            shown = next
            current = end.live?.next
        }
        terminal?.restore()
        for saved in saves { Console.print("lasso: " + saved) }
    }
}
