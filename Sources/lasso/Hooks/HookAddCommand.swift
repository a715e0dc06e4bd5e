import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// The hook config fields that `hook add` and `hook edit` both take.
struct HookFieldOptions: ParsableArguments {
    @Option(name: .customLong("class"), help: "The class whose methods are hooked (RJTripViewController).")
    var className: String?
    @Option(
        name: .customLong("selector"), help: "A hooked method's selector (callServiceEvent, addToCart:); repeatable.")
    var selectors: [String] = []
    @Option(help: "The fixed event name reported when a hooked method runs.") var event: String?
    @Option(
        name: .customLong("rule"),
        help:
            "A rule, in order: 'dataManager.orderType == 1 && $args[0].tag in [1, 2] => event'; '=> event' is the default (last). Repeatable."
    )
    var rules: [String] = []
    @Option(name: .customLong("impl-name"), help: "The impl class name the export lists a rule-based config under.")
    var implName: String?
    @Option(
        name: .customLong("value"),
        help: "NAME=SOURCE reported with the event: a key path on the instance or $args[i] (repeatable).")
    var values: [String] = []
    @Option(help: "First app version it applies to (included).") var from: String?
    @Option(help: "App version it stops applying at (not included).") var until: String?
    @Option(help: "A note for people reading the config.") var note: String?
    @Flag(help: "Print the saved config and its file as JSON.") var json = false

    func parsedRules() throws -> [HookRule] {
        try rules.map { text in
            switch HookRuleText.parse(text) {
            case .success(let rule): return rule
            case .failure(let error): throw LassoError(.usage, error.description)
            }
        }
    }

    func parsedValues() throws -> [HookValue] {
        var parsed: [HookValue] = []
        for text in values {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex,
                let source = HookSource(String(text[text.index(after: equals)...]))
            else {
                throw LassoError(
                    .usage,
                    "--value: expected NAME=SOURCE (orderId=dataManager.orderId, labKey=$args[0]), found \"\(text)\"")
            }
            let name = String(text[..<equals])
            guard !parsed.contains(where: { $0.name == name }) else {
                throw LassoError(.usage, "--value: expected each name once, found \"\(name)\" twice")
            }
            parsed.append(HookValue(name: name, source: source))
        }
        return parsed
    }

    /// The draft's config, or the CLI's words for what is wrong with it.
    static func build(_ draft: HookDraft) throws -> HookConfig {
        switch draft.build(stamp: .fresh()) {
        case .success(let config): return config
        case .failure(.noAppKey):
            throw LassoError(.usage, "no app key: give --app-key, or set appKey in lasso.json")
        case .failure(.badFrom(let text)): throw ConfigFieldOptions.versionError(text, flag: "--from")
        case .failure(.badUntil(let text)): throw ConfigFieldOptions.versionError(text, flag: "--until")
        case .failure(let problem):
            // The core words a problem by its field; the command line names the flag that sets it.
            let flags: [(field: String, flag: String)] = [
                ("event: expected an event name or rules", "--event or --rule: expected an event name or rules"),
                ("app key:", "--app-key:"), ("class:", "--class:"), ("selector:", "--selector:"),
                ("impl name:", "--impl-name:"), ("event:", "--event:"), ("rules:", "--rule:"), ("until:", "--until:"),
            ]
            var message = problem.description
            if let (field, flag) = flags.first(where: { message.hasPrefix($0.field) }) {
                message = flag + message.dropFirst(field.count)
            }
            throw LassoError(.usage, message)
        }
    }

    /// Saves `config` and prints its file (or, with `--json`, the config and its file).
    func save(_ config: HookConfig, in directory: HookDirectory, entries: [HookDirectory.Entry]) throws {
        let written = try directory.save(config, replacing: entries)
        if json {
            Console.json(HookCodec.json(HookDirectory.Entry(config: config, file: written)))
        } else {
            Console.print(written)
        }
    }
}

/// `lasso hook add`: makes a hook config from flags and saves it in the configs folder.
struct HookAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Create a method-hook config and save it.",
        discussion:
            "Give --class, one or more --selector, and --event or --rule (with --impl-name for the exported table). Prints the file it wrote."
    )

    @OptionGroup var fields: HookFieldOptions
    @Option(
        name: .customLong("app-key"), help: "The app (default: appKey of lasso.json).", completion: Completions.appKeys,
        transform: AppKeyText.normalized)
    var appKey: String?
    @OptionGroup var location: ConfigsOptions

    func run() throws {
        let (settings, directory) = try HookCodec.folder(location)
        guard let className = fields.className else {
            throw LassoError(.usage, "hook add needs --class, one or more --selector, and --event or --rule")
        }
        let draft = HookDraft(
            appKey: appKey ?? settings.appKey, className: className, selectors: fields.selectors,
            event: fields.event ?? "", rules: try fields.parsedRules(), implName: fields.implName ?? "",
            values: try fields.parsedValues(),
            from: try ConfigFieldOptions.versionText(fields.from, flag: "--from") ?? "",
            until: try ConfigFieldOptions.versionText(fields.until, flag: "--until") ?? "", note: fields.note ?? "")
        let config = try HookFieldOptions.build(draft)
        try fields.save(config, in: directory, entries: try directory.load())
    }
}

/// `lasso hook edit`: changes the fields given of one hook config and saves it in place.
struct HookEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a hook config's fields (the ones given) and save it.",
        discussion:
            "--selector, --rule and --value replace the config's lists when given; --event switches a rule-based config to a fixed event, --rule the other way. Give an empty --note or --impl-name to remove it."
    )

    @Argument(help: "The hook config's id, or its first characters (at least 4).", completion: Completions.hookIds)
    var id: String
    @OptionGroup var fields: HookFieldOptions
    @OptionGroup var location: ConfigsOptions

    func run() throws {
        let (_, directory) = try HookCodec.folder(location)
        let entries = try directory.loadExisting()
        let entry = try directory.find(id, in: entries)
        var draft = HookDraft.editing(entry.config)
        if let className = fields.className { draft.className = className }
        if !fields.selectors.isEmpty { draft.selectors = fields.selectors }
        if let event = fields.event {
            draft.event = event
            draft.rules = []
        }
        if !fields.rules.isEmpty {
            draft.rules = try fields.parsedRules()
            draft.event = ""
        }
        if let implName = fields.implName { draft.implName = implName }
        if !fields.values.isEmpty { draft.values = try fields.parsedValues() }
        if let from = try ConfigFieldOptions.versionText(fields.from, flag: "--from") { draft.from = from }
        if let until = try ConfigFieldOptions.versionText(fields.until, flag: "--until") { draft.until = until }
        if let note = fields.note { draft.note = note }
        let config = try HookFieldOptions.build(draft)
        try fields.save(config, in: directory, entries: entries)
    }
}
