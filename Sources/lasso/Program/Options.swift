import ArgumentParser
import LassoDocuments
import LassoImport
import LassoSnapshot

/// The path-profile flags every command that shows paths takes; they override `lasso.json`.
struct ProfileOptions: ParsableArguments {
    @Option(
        name: .customLong("skip-classes"),
        help:
            "Wrapper classes left out of the paths inside them, comma-separated (default UITableViewWrapperView; \"\" for none)."
    )
    var skipClasses: String?

    @Option(
        name: .customLong("sibling-index"),
        help: "How a view's index is counted among its siblings (default: lasso.json's, else same-name).")
    var siblingIndex: ArgumentChoice<PathRules.SiblingIndex>?

    @Option(help: "How paths are written (default: lasso.json's, else lasso).")
    var notation: ArgumentChoice<PathNotation>?

    @Option(help: "How viewIds are made (default: lasso.json's, else md5).")
    var hash: ArgumentChoice<PathRules.Hash>?

    @Option(help: "The project settings file (default: the nearest lasso.json at or above this folder).")
    var settings: String?

    @Option(
        name: .customLong("profile"),
        help:
            "The SDK whose paths are shown, matched and written: lasso, sensors, sensors-selector, mixpanel, growingio or sensors-android (default: lasso.json's \"profile\", else lasso)."
    )
    var sdk: ArgumentChoice<SDKProfile>?

    func validate() throws {
        try sdk?.validate("--profile")
        try siblingIndex?.validate("--sibling-index")
        try notation?.validate("--notation")
        try hash?.validate("--hash")
    }

    /// The project settings with these flags applied.
    func resolve() throws -> ProjectSettings {
        var project = try ProjectSettings.resolve(file: settings)
        if let skipClasses { project.profile.skipClasses = PathRules.skipClasses(from: skipClasses) }
        if let siblingIndex { project.profile.siblingIndex = try siblingIndex.checked("--sibling-index") }
        if let notation { project.profile.notation = try notation.checked("--notation") }
        if let hash { project.profile.hash = try hash.checked("--hash") }
        if let sdk { project.chosenProfile = try sdk.checked("--profile") }
        return project
    }
}

/// How a command picks views: `--find TEXT` or `--node N`.
struct NodeSelection: ParsableArguments {
    // .unconditional, as --node's: a text or a number that starts with '-' ("-50%", -1) is the value, not a flag.
    @Option(
        parsing: .unconditional,
        help: "Views whose text, title, accessibilityIdentifier or accessibilityLabel contains TEXT (ignoring case).")
    var find: String?

    @Option(parsing: .unconditional, help: "The view's pre-order number (the root is 0) or its id.")
    var node: String?

    /// The selected views, in pre-order; an error when there are none.
    func select(in snapshot: Snapshot) throws -> [Int] {
        guard (find == nil) != (node == nil) else {
            throw LassoError(.usage, "give exactly one of --find TEXT or --node N")
        }
        if let node { return [try NodeQuery.node(node, in: snapshot)] }
        let found = NodeQuery.find(find ?? "", in: snapshot)
        guard !found.isEmpty else {
            throw LassoError(
                .notFound,
                "\(snapshot.file): no view's text, title, accessibilityIdentifier or accessibilityLabel contains \"\(find ?? "")\""
            )
        }
        return found
    }

    /// Exactly one selected view; several are an error that lists them.
    func selectOne(in snapshot: Snapshot, table: PathTable) throws -> Int {
        var found = try select(in: snapshot)
        // A button and the label inside it show the same text: the outermost of a nested group is meant.
        let chosen = Set(found)
        let outermost = found.filter { node in !snapshot.ancestry(of: node).dropFirst().contains(where: chosen.contains)
        }
        if outermost.count == 1 { found = outermost }
        guard found.count == 1 else {
            let list = found.prefix(8).map { "#\($0) \(table.name(of: $0))" }.joined(separator: ", ")
            throw LassoError(
                .usage,
                "--find \"\(find ?? "")\" selects \(found.count) views (\(list)\(found.count > 8 ? ", …" : "")); pick one with --node N"
            )
        }
        return found[0]
    }
}

/// A loaded snapshot with its settings and path table, as the commands use it.
struct Screen {
    private(set) var settings: ProjectSettings
    let snapshot: Snapshot
    let table: PathTable
    /// Finds what stored paths name here, in any profile.
    let matcher: ScreenMatcher
    let loadSeconds: Double

    /// Loads `path` as `input` says (`--format`, `--controllers`), printing the import's notes.
    init(path: String, profile: ProfileOptions, input: SnapshotInputOptions) throws {
        var notes = ImportNotes()
        try self.init(path: path, profile: profile, input: input, notes: &notes)
        notes.print()
    }

    /// Loads `path` as `input` says, keeping the import's notes in `notes` for the caller to print once for several files.
    /// A `--screenshot` given is checked (a note when it would not be drawn) unless `checkScreenshot` is false
    /// (the terminal UI loads it itself).
    init(
        path: String, profile: ProfileOptions, input: SnapshotInputOptions, notes: inout ImportNotes,
        checkScreenshot: Bool = true
    ) throws {
        try input.checkApp()
        try self.init(
            path: path, profile: profile, format: try input.sourceFormat(),
            options: input.importOptions, notes: &notes)
        // --app-key names the app whatever lasso.json says.
        if let appKey = input.appKey { settings.appKey = appKey }
        // A dump that names its app is of that app; lasso.json's appKey is for dumps that name none.
        if input.appKey == nil, let own = snapshot.app.key, let set = settings.appKey, own != set {
            notes.add(
                [
                    "this screen names its app, \(own): its configs are \(own)'s (appKey \(set) in \(settings.file ?? ProjectSettings.fileName) is for screens that name none; --app-key names another)"
                ], file: path)
        }
        if checkScreenshot { notes.add(input.givenScreenshotNote(for: snapshot), file: path) }
    }

    init(
        path: String, profile: ProfileOptions, format: SnapshotSourceFormat?, options: ImportOptions,
        notes: inout ImportNotes
    ) throws {
        settings = try profile.resolve()
        let started = ContinuousClock.now
        let (loaded, found) = try SnapshotReader.read(path: path, format: format, options: options)
        snapshot = loaded
        notes.add(found, file: path)
        let elapsed = ContinuousClock.now - started
        loadSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        table = PathTable(snapshot, profile: settings.profile)
        matcher = ScreenMatcher(table)
        // A snapshot imported for an SDK (`import --profile`) speaks it unless the project or the command says.
        if settings.chosenProfile == nil { settings.chosenProfile = snapshot.sdkProfile }
    }

    /// The first views of a big lasso snapshot (`SnapshotReader.firstViews`), which the UI shows while the whole
    /// file loads; nil when the file is to be loaded whole first (small, a dump, or its start cannot be shown alone).
    static func firstViews(path: String, profile: ProfileOptions, input: SnapshotInputOptions, views: Int) throws
        -> (screen: Screen, first: SnapshotReader.FirstViews)?
    {
        try input.checkApp()
        guard
            let first = try SnapshotReader.firstViews(
                path: path, format: try input.sourceFormat(), options: input.importOptions, views: views)
        else { return nil }
        var screen = Screen(snapshot: first.snapshot, settings: try profile.resolve())
        if let appKey = input.appKey { screen.settings.appKey = appKey }
        return (screen, first)
    }

    /// The screen of a snapshot loaded elsewhere, in `settings`' profile.
    private init(snapshot: Snapshot, settings: ProjectSettings) {
        self.settings = settings
        self.snapshot = snapshot
        loadSeconds = 0
        table = PathTable(snapshot, profile: settings.profile)
        matcher = ScreenMatcher(table)
        if self.settings.chosenProfile == nil { self.settings.chosenProfile = snapshot.sdkProfile }
    }

    /// The app this screen is of: `--app-key`, else the app the snapshot names, else lasso.json's `appKey`.
    var appKey: String? { snapshot.app.key ?? settings.appKey }

    var report: NodeReport { NodeReport(table) }

    /// The SDK profile the paths are shown and written in (`--profile`, else lasso.json's).
    var sdkProfile: SDKProfile { settings.sdkProfile }

    /// The profile's dialect on this screen.
    var dialect: any PathDialect { matcher.dialect(sdkProfile) }
}
