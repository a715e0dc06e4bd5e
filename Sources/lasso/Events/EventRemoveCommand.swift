import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso event rm`: deletes one definition's file.
struct EventRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete one event definition's file.")

    @Argument(help: "The definition's id, or its first characters (at least 4).", completion: Completions.definitionIds)
    var id: String
    @OptionGroup var location: ConfigsOptions
    @OptionGroup var output: RemovalOutput

    func run() throws {
        let (_, configs) = try location.resolve()
        try configs.requireExisting()
        let events = EventDirectory(root: configs.root)
        let entry = try events.find(id, in: try events.load())
        try events.remove(entry)
        output.say(.event, id: entry.definition.id, file: entry.file)
    }
}
