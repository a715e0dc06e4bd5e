import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso config add`: makes a config for a view of a snapshot and saves it in the configs folder.
struct ConfigAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Create a config for a view of a snapshot and save it.",
        discussion:
            "Prints the file it wrote. Versions default to the snapshot's app version on; the path to the view's exact path (with a bar button's index as * and its action as a condition)."
    )

    @Argument(help: "The snapshot file.") var snapshot: String
    @OptionGroup var selection: NodeSelection
    @OptionGroup var fields: ConfigFieldOptions
    @Option(help: "The configs folder (default: configsDir of lasso.json, else ./kvc-configs).") var configs: String?
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var input: SnapshotInputOptions
    @Flag(help: "Print the saved config and its file as JSON.") var json = false

    func validate() throws {
        guard fields.event != nil, fields.keyPath != nil, fields.keyName != nil else {
            throw ValidationError("config add needs --event, --key-path and --key-name")
        }
    }

    func run() throws {
        let screen = try Screen(path: snapshot, profile: profile, input: input)
        let settings = screen.settings
        let event = fields.event!
        try EventNames.check(event, settings: settings)
        let node = try selection.selectOne(in: screen.snapshot, table: screen.table)
        if let app = screen.snapshot.appWindows, let window = screen.snapshot.documentWindow(of: node),
            !app.contains(window)
        {
            throw LassoError(
                .refused,
                "refused: view #\(node) is in the window of \(screen.snapshot.foreignWindowName(of: window) ?? "another app"), not the app's: the app's SDK never sees it"
            )
        }
        var draft = ConfigDraft.new(
            on: node, in: screen.table, appKey: screen.appKey, event: event)
        draft.keyPath = fields.keyPath!
        draft.keyName = fields.keyName!
        draft.note = fields.note ?? ""
        let conditions = try fields.parsedConditions()
        let sdk = screen.sdkProfile
        if let text = fields.path, sdk == .lasso {
            draft.setPath(try PathNotation.parse(text))
            draft.conditions = conditions
        } else if !conditions.isEmpty {
            // Conditions given replace the suggested ones, and with them a bar button's `*`.
            draft.setPath(draft.exactPath)
            draft.conditions = conditions
        }
        if let from = try ConfigFieldOptions.versionText(fields.from, flag: "--from") {
            draft.from = from
        } else if let text = screen.snapshot.app.version, AppVersion(text) == nil {
            throw LassoError(
                .badInput, "\(snapshot): the app version \"\(text)\" is not a version such as 5.3.0; give --from")
        } else if screen.snapshot.app.version == nil, let version = settings.appVersion {
            // The project names the release its screens are of.
            draft.from = version
        } else if screen.snapshot.app.version == nil {
            // A screen of one release must not silently make a config for every release.
            throw LassoError(
                .usage,
                "\(snapshot) names no app version, so the config would hold in every version: give --app-version VERSION (the release this screen is of), or --from VERSION (--from 0 for every version), or set appVersion in lasso.json"
            )
        }
        draft.until = try ConfigFieldOptions.versionText(fields.until, flag: "--until") ?? ""
        let appKeyFrom: AppKeySource =
            if input.appKey != nil {
                .flag
            } else if screen.snapshot.app.key != nil || settings.appKey == nil {
                .snapshot(file: snapshot)
            } else {
                .settings(file: settings.file ?? ProjectSettings.fileName)
            }
        var config = try ConfigFieldOptions.build(draft, profile: settings.profile, appKeyFrom: appKeyFrom) {
            from, until in
            "--until (\(until)) must come after the start version (\(from))"
        }
        if sdk != .lasso {
            config = try ConfigChecks.written(
                config, in: sdk, path: fields.path, node: node, screen: screen, force: fields.force)
        }
        try ConfigChecks.onView(config, node: node, screen: screen, force: fields.force)
        let directory = settings.configDirectory(override: configs)
        // A folder that does not exist yet is made by the save.
        let written = try directory.save(config, replacing: try directory.load())
        if json {
            Console.json(ConfigCodec.json(ConfigDirectory.Entry(config: config, file: written)))
        } else {
            Console.print(written)
        }
    }
}
