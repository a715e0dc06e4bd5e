import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso event show`: one definition in plain words, or as JSON.
struct EventShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print one event definition (its id, or the start of it) in plain words.")

    @Argument(help: "The definition's id, or its first characters (at least 4).", completion: Completions.definitionIds)
    var id: String
    @OptionGroup var location: ConfigsOptions
    @Flag(help: "Print the definition as JSON, with its file.") var json = false

    func run() throws {
        let (_, configs) = try location.resolve()
        try configs.requireExisting()
        let events = EventDirectory(root: configs.root)
        let entry = try events.find(id, in: try events.load())
        if json {
            Console.json(EventFieldOptions.json(entry))
            return
        }
        let definition = entry.definition
        var lines = [
            DisplayText.escaped(definition.name) + " (" + DisplayText.escaped(definition.key) + ")",
            "  " + DisplayText.escaped(definition.sentence),
            "  app: \(DisplayText.escaped(definition.appKey)), versions: \(definition.versions)",
            "  path: "
                + (definition.isPageOnly
                    ? "none (the SDK sends a page view without one)" : DisplayText.escaped(definition.viewPathText)),
        ]
        if definition.profile != .lasso {
            lines.append(
                "  counted over \(definition.profile.rawValue) records"
                    + (definition.screen.map { ", on the page " + DisplayText.escaped($0) } ?? ", on any page"))
        }
        if let note = definition.note { lines.append("  note: " + DisplayText.escaped(note)) }
        lines.append("  id: \(definition.id)")
        lines.append("  file: " + entry.file)
        Console.print(lines.joined(separator: "\n"))
    }
}
