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
        let list = DocumentList<EventDirectory.Entry>(
            noun: "event definitions", appKey: \.definition.appKey, versions: \.definition.versions,
            json: EventFieldOptions.json,
            row: { entry in
                let definition = entry.definition
                return [
                    definition.shortID, definition.appKey, definition.key, definition.viewEvent,
                    definition.versions.description, definition.name,
                ]
            })
        list.print(
            try EventDirectory(root: configs.root).load(), folder: configs, app: appKey, version: wanted, asJSON: json)
    }
}
