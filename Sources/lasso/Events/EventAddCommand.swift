import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso event add`: makes a named event definition and saves it under the app's `events/` folder.
struct EventAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Create a named event definition and save it.",
        discussion:
            "Prints the file it wrote. Refuses (exit 3) a definition whose key another definition of the app uses for overlapping versions, one that counts what another counts under another key, and content keys no KVC config at the location reports (title, text and state.* always come); --force saves anyway."
    )

    @OptionGroup var fields: EventFieldOptions
    @Option(
        name: .customLong("app-key"), help: "The app (default: appKey of lasso.json).", completion: Completions.appKeys,
        transform: AppKeyText.normalized)
    var appKey: String?
    @OptionGroup var location: ConfigsOptions
    @Flag(help: "Print the saved definition as JSON, with its file.") var json = false

    func validate() throws {
        guard fields.name != nil, fields.key != nil, fields.event != nil, fields.path != nil else {
            throw ValidationError("event add needs --name, --key, --event and --path")
        }
    }

    func run() throws {
        let (settings, configs) = try location.resolve()
        let event = fields.event!
        try EventNames.check(event, settings: settings)
        var draft = EventDefinitionDraft(
            appKey: appKey ?? settings.appKey, name: fields.name!, key: fields.key!, viewEvent: event,
            exactPath: try PathNotation.parse(fields.path!), content: try fields.parsedContent(),
            from: try ConfigFieldOptions.versionText(fields.from, flag: "--from") ?? "",
            until: try ConfigFieldOptions.versionText(fields.until, flag: "--until") ?? "", note: fields.note ?? "")
        draft.setPath(draft.exactPath)
        let definition = try EventFieldOptions.build(draft, settings: settings)
        let events = EventDirectory(root: configs.root)
        let entries = try events.load()
        try EventFieldOptions.check(definition, events: events, entries: entries, configs: configs, force: fields.force)
        let written = try events.write(definition, replacing: entries)
        if json {
            Console.json(EventFieldOptions.json(.init(definition: definition, file: written)))
        } else {
            Console.print(written)
        }
    }
}
