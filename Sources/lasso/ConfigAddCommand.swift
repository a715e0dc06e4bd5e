import ArgumentParser
import LassoCore

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
    @Option(name: .customLong("app-key"), help: "The app key (default: lasso.json's, else the snapshot's).") var appKey:
        String?
    @Option(help: "The configs folder (default: configsDir of lasso.json, else ./kvc-configs).") var configs: String?
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var input: SnapshotInputOptions

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
        try ConfigFieldOptions.checkKeyName(fields.keyName!)
        guard let appKey = appKey ?? settings.appKey ?? screen.snapshot.app.key else {
            throw LassoError(
                .usage, "no app key: give --app-key, or set appKey in lasso.json (the snapshot names none)")
        }
        guard SafeName.isSafe(appKey) else {
            throw LassoError(.usage, "--app-key: expected a name usable as a folder name, found \"\(appKey)\"")
        }
        let node = try selection.selectOne(in: screen.snapshot, table: screen.table)
        var conditions = try fields.parsedConditions()
        var path = screen.table.path(of: node)
        if let text = fields.path {
            path = try PathNotation.parse(text)
        } else if conditions.isEmpty {
            conditions = Condition.suggested(for: node, in: screen.snapshot)
            // A navigation bar button: any position, told apart by its action (docs/viewpath.md, "Conditions").
            if conditions.contains(where: { $0.key == "action" }) {
                path.segments[path.segments.count - 1].index = .any
            }
        }
        if fields.from == nil, let text = screen.snapshot.app.version, AppVersion(text) == nil {
            throw LassoError(
                .badInput, "\(snapshot): the app version \"\(text)\" is not a version such as 5.3.0; give --from")
        }
        let from =
            try ConfigFieldOptions.version(fields.from, flag: "--from")
            ?? screen.snapshot.app.version.flatMap(AppVersion.init)
        let until = try ConfigFieldOptions.version(fields.until, flag: "--until")
        let interval = VersionInterval(from: from, until: until)
        guard !interval.isEmpty else {
            throw LassoError(.usage, "--until (\(until!)) must come after the start version (\(from!))")
        }
        let config = KVCConfig(
            appKey: appKey, versions: VersionRanges(from == nil && until == nil ? [] : [interval]), viewEvent: event,
            viewPath: path, notation: settings.profile.notation, hash: settings.profile.hash, conditions: conditions,
            keyPath: fields.keyPath!, keyName: fields.keyName!, note: fields.note)
        try ConfigChecks.onView(config, node: node, screen: screen, force: fields.force)
        let directory = settings.configDirectory(override: configs)
        let written = try directory.save(config, replacing: try directory.load())
        Console.print(written)
    }
}
