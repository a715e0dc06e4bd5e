import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso config edit`: changes fields of a saved config, keeping its id.
struct ConfigEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change fields of a config (its id stays).",
        discussion:
            "Give --snapshot with --find/--node to check the edited config on a view; without it only the file's form is checked."
    )

    @Argument(help: "The config's id, or its first characters (at least 4).", completion: Completions.configIds)
    var id: String
    @OptionGroup var fields: ConfigFieldOptions
    @Option(help: "A snapshot to check the edited config on.") var snapshot: String?
    @OptionGroup var selection: NodeSelection
    @Flag(name: .customLong("clear-until"), help: "Make the interval open-ended.") var clearUntil = false
    @Option(help: "The configs folder (default: configsDir of lasso.json, else ./kvc-configs).") var configs: String?
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var input: SnapshotInputOptions
    @Flag(help: "Print the saved config and its file as JSON.") var json = false

    func run() throws {
        let settings = try profile.resolve()
        let directory = settings.configDirectory(override: configs)
        let entries = try directory.loadExisting()
        let entry = try directory.find(id, in: entries)
        var draft = ConfigDraft.editing(entry.config)
        if let event = fields.event {
            try EventNames.check(event, settings: settings)
            draft.viewEvent = event
        }
        if let keyPath = fields.keyPath { draft.keyPath = keyPath }
        if let keyName = fields.keyName { draft.keyName = keyName }
        if let note = fields.note { draft.note = note }
        // The config keeps the dialect it is written in unless --profile names another.
        let sdk = profile.sdk != nil ? settings.sdkProfile : entry.config.profile
        if let text = fields.path, sdk == .lasso { draft.setPath(try PathNotation.parse(text)) }
        if !fields.conditions.isEmpty { draft.conditions = try fields.parsedConditions() }
        if let from = try ConfigFieldOptions.versionText(fields.from, flag: "--from") { draft.from = from }
        if let until = try ConfigFieldOptions.versionText(fields.until, flag: "--until") { draft.until = until }
        if clearUntil { draft.until = "" }
        var config = try ConfigFieldOptions.build(
            draft, profile: settings.profile, appKeyFrom: .config(file: entry.file)
        ) { from, until in
            "the interval would hold no version: \(VersionInterval(from: AppVersion(from), until: AppVersion(until)))"
        }
        if sdk != .lasso {
            guard let text = fields.path ?? (entry.config.profile == sdk ? entry.config.viewPathText : nil) else {
                throw LassoError(
                    .usage,
                    "the config's path is written in \(entry.config.profile.rawValue)'s dialect; give --path in the \(sdk.rawValue) dialect (see lasso path SNAPSHOT --node N --profile \(sdk.rawValue))"
                )
            }
            config = config.rewritten(in: sdk, pattern: try sdk.read(text), hash: settings.profile.hash)
        }
        if snapshot == nil {
            // What an SDK needs beside the path was worked out on a screen: kept while what it depends on stays.
            let samePath = config.viewPathText == entry.config.viewPathText
            if SensorsFields.applies(to: config.profile) {
                config.sensors = Self.kept(
                    entry.config.sensors, if: samePath && config.keyPath == entry.config.keyPath, sdk: "Sensors",
                    works: "the page and the element the value is read from")
            }
            if config.profile == .mixpanel {
                config.mixpanel = Self.kept(
                    entry.config.mixpanel, if: samePath && config.viewEvent == entry.config.viewEvent,
                    sdk: "Mixpanel", works: "the binding the SDK makes for the view")
            }
        }
        if let snapshot {
            let screen = try Screen(path: snapshot, profile: profile, input: input)
            guard selection.find != nil || selection.node != nil else {
                throw LassoError(.usage, "--snapshot needs --find TEXT or --node N to say which view to check on")
            }
            let node = try selection.selectOne(in: screen.snapshot, table: screen.table)
            if sdk != .lasso {
                config = try ConfigChecks.written(
                    config, in: sdk, path: config.viewPathText, node: node, screen: screen, force: fields.force)
            }
            try ConfigChecks.onView(config, node: node, screen: screen, force: fields.force)
        }
        let written = try directory.save(config, replacing: entries)
        if json {
            Console.json(ConfigCodec.json(ConfigDirectory.Entry(config: config, file: written)))
        } else {
            Console.print(written)
        }
    }

    /// The SDK's fields of the config as saved, when `unchanged`; else none, said once on stderr.
    static func kept<Fields>(_ fields: Fields?, if unchanged: Bool, sdk: String, works: String) -> Fields? {
        if unchanged { return fields }
        Console.error(
            "note: not sent to \(sdk) SDKs until checked on a screen: give --snapshot with --find or --node, so that lasso works out \(works)"
        )
        return nil
    }
}
