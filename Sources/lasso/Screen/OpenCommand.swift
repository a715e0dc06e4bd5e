import ArgumentParser
import Foundation
import LassoClient
import LassoCounting
import LassoDocuments
import LassoImage
import LassoImport
import LassoSnapshot
import LassoTUI
import LassoTerminal

/// `lasso open` (and `lasso SNAPSHOT`): the circle-selection terminal UI.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Open a snapshot in the terminal UI: find a view, circle it, save a config.",
        discussion: "Keys: ? in the UI lists them all. q quits.")

    @Argument(help: "The snapshot file (none with --live).") var snapshot: String?
    @Flag(
        help:
            "Follow a phone streaming its screen to the server (lasso live pair): open its newest screen, and the next when it changes."
    )
    var live = false
    @Option(help: "With --live: the lasso server's URL (default: server of lasso.json).") var server: String?
    @Option(help: "With --live: only this app's screens.") var app: String?
    @Option(help: "The configs folder (default: configsDir of lasso.json, else ./kvc-configs).") var configs: String?
    @Option(
        name: .customLong("log"),
        help: ArgumentHelp(
            "The SDK's records to count (one JSON object a line, plain or gzip); repeatable. Shows each config's taps, each named event's count and a heat map (t).",
            valueName: "LOG"))
    var logs: [String] = []
    @Option(
        help: ArgumentHelp(
            "How the screenshot is shown: auto (ask the terminal), kitty, iterm or sixel (its own pixels, in that image protocol), blocks (half blocks) or none. Default: LASSO_PICTURE, else auto.",
            valueName: "MODE"))
    var picture: String?
    @OptionGroup var input: SnapshotInputOptions
    @OptionGroup var profile: ProfileOptions

    /// The views a big snapshot opens on (`SnapshotReader.firstViews`): more than any screen of rows, read in
    /// tens of milliseconds.
    static let firstViewCount = 20_000

    /// The longest side a screenshot keeps for the terminal's own pixels: more than a pane of a large screen shows.
    static let pixelLongSide = 2_400

    /// `--picture`, else `LASSO_PICTURE`, else auto.
    func pictureChoice() throws -> PictureChoice {
        let words = PictureChoice.allCases.map(\.rawValue).joined(separator: ", ")
        if let picture {
            guard let choice = PictureChoice(rawValue: picture.lowercased()) else {
                throw LassoError(.usage, "--picture: expected one of \(words), found \"\(picture)\"")
            }
            return choice
        }
        switch PictureChoice.fromEnvironment(ProcessInfo.processInfo.environment) {
        case .success(let choice): return choice
        case .failure(let error): throw LassoError(.usage, error.description)
        case nil: return .auto
        }
    }

    @MainActor
    func run() async throws {
        if live {
            try await runLive()
            return
        }
        guard let snapshot else {
            throw LassoError(
                .usage, "expected a snapshot file to open (or --live to follow a phone's screen), found neither")
        }
        if server != nil || app != nil {
            throw LassoError(.usage, "--server and --app follow a phone: give --live with them")
        }
        // What an import could not know is said in the status line: standard error is hidden behind the UI.
        var notes = ImportNotes()
        // A big lasso snapshot opens on its first views, and the rest loads while the person looks at them.
        let firstViews = try Screen.firstViews(
            path: snapshot, profile: profile, input: input, views: Self.firstViewCount)
        let screen =
            try firstViews?.screen
            ?? Screen(path: snapshot, profile: profile, input: input, notes: &notes, checkScreenshot: false)
        let output = try pictureOutput(for: screen.snapshot)
        let directory = screen.settings.configDirectory(override: configs)
        try checkLogs()
        let terminal = try openTerminal(output)
        defer { terminal.restore() }
        var start = startState(
            screen: screen, notes: notes, output: output, terminal: terminal, directory: directory)
        if let first = firstViews?.first {
            start.loading = SnapshotLoading(bytesRead: first.bytesRead, bytesTotal: first.bytesTotal)
        }
        let runner = try effectRunner(
            screen: screen, directory: directory,
            finisher: SnapshotFileFinisher(
                path: snapshot, format: try input.sourceFormat(), options: input.importOptions,
                rules: screen.settings.profile))
        let end = await UILoop(screen: terminal, runner: runner).run(start)
        terminal.restore()
        // The rest of a snapshot opened on its first views was not valid: said as a snapshot that does not load is.
        if let failure = end.loadFailure { throw LassoError(.badInput, failure) }
        if let saved = end.lastSave { Console.print("lasso: " + saved) }
    }

    /// How the screenshot is shown, settled before curses starts (the terminal is asked then, if at all).
    func pictureOutput(for snapshot: Snapshot) throws -> PictureOutput {
        let choice = try pictureChoice()
        return input.screenshots.exists(for: snapshot) && isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
            ? PictureProbe.decide(choice: choice, environment: ProcessInfo.processInfo.environment)
            : (choice == .none ? .none : .blocks)
    }

    /// A log that is not there is said before the UI opens; one that cannot be read is said in the status line.
    func checkLogs() throws {
        for log in logs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: log, isDirectory: &isFolder) else {
                throw LassoError(.noInput, "\(log): cannot open: no such file or directory")
            }
            if isFolder.boolValue { throw LassoError(.noInput, "\(log): expected a log file, found a directory") }
        }
    }

    @MainActor
    func openTerminal(_ output: PictureOutput) throws -> CursesTerminal {
        do { return try CursesTerminal(pictureOutput: output) } catch let error as TerminalError {
            throw LassoError(.usage, error.description)
        }
    }

    /// The UI's first state on `screen`: its screenshot decoded at the size the output needs (whole for the
    /// terminal's own pixels, reduced for half blocks); one that cannot be drawn is one note.
    @MainActor
    func startState(
        screen: Screen, notes: ImportNotes, output: PictureOutput, terminal: CursesTerminal, directory: ConfigDirectory
    ) -> AppState {
        let picture = input.screenshots.load(
            for: screen.snapshot,
            longSide: output.imageProtocol == nil ? ImageDecoder.terminalLongSide : Self.pixelLongSide)
        var start = AppState(
            table: screen.table, settings: screen.settings, configsFolder: directory.root, size: terminal.size,
            notes: notes.texts, screenshot: terminal.drawsPictures ? picture.image : nil,
            pixels: terminal.showsPixels,
            screenshotNote: picture.note
                ?? (picture.image != nil ? terminal.noPictureReason.map { "the screenshot is not drawn: \($0)" } : nil)
                    ?? (picture.image != nil ? output.note : nil),
            logs: logs)
        // A server and token missing are asked for by the push panel: the address goes to lasso.json, the token to
        // the user's token store, which the push service reads again on every push.
        let tokens = TokenStore.user()
        start.needsServer = screen.settings.server == nil
        start.needsToken =
            Self.environmentToken == nil && (screen.settings.server.flatMap { tokens?.token(for: $0) } == nil)
        start.tokenFile = tokens?.file
        start.workingFolder = FileManager.default.currentDirectoryPath
        return start
    }

    /// `LASSO_TOKEN`, when set.
    static var environmentToken: String? {
        ProcessInfo.processInfo.environment["LASSO_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func effectRunner(screen: Screen, directory: ConfigDirectory, finisher: (any SnapshotFinisher)?) throws
        -> EffectRunner
    {
        let tokens = TokenStore.user()
        let push = ServerPushService(
            server: screen.settings.server, token: Self.environmentToken,
            settingsFile: screen.settings.file ?? ProjectSettings.fileName, tokens: tokens, directory: directory,
            sendKey: KeyHint.openPush.key, pruneKey: KeyHint.pruneServerOnly.key)
        return EffectRunner(
            documents: ConfigsFolder(root: directory.root), push: push, counter: logs.isEmpty ? nil : LogTapCounter(),
            tokens: tokens, finisher: finisher)
    }
}
