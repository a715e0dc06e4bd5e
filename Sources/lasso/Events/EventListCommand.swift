import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso event list`: the named event definitions, one a line, or as JSON.
struct EventListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the event definitions, optionally of one app or one version.",
        discussion: "One a line: short id, app key, key, event, versions, name, tab-separated.")

    @OptionGroup var location: ConfigsOptions
    @Option(
        name: .customLong("app-key"), help: "Only this app's definitions.", completion: Completions.appKeys,
        transform: AppKeyText.normalized)
    var appKey: String?
    @OptionGroup var version: AppVersionOption
    @Flag(help: "Print a JSON array of definitions, each with its file.") var json = false

    func run() throws {
        let (_, configs) = try location.resolve()
        let wanted = try version.resolve()
        if !configs.exists {
            Console.error("note: \(configs.root): no configs folder there, so no event definitions to list")
        }
        let entries = try EventDirectory(root: configs.root).load().filter { entry in
            (appKey == nil || entry.definition.appKey == appKey)
                && (wanted.map { entry.definition.versions.contains($0) } ?? true)
        }
        if json {
            Console.json(.array(entries.map(EventFieldOptions.json)))
            return
        }
        if entries.isEmpty {
            Console.print("no event definitions in \(configs.root)")
            return
        }
        for entry in entries {
            let definition = entry.definition
            Console.row([
                definition.shortID, definition.appKey, definition.key, definition.viewEvent,
                definition.versions.description, definition.name,
            ])
        }
    }
}
