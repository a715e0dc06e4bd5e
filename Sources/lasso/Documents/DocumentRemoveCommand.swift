import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso config rm`, `event rm` and `hook rm`: deletes one document's file, found by its id or the start of it.
struct DocumentRemoveCommand<Kind: CommandDocumentKind>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "rm", abstract: "Delete one \(Kind.kind.noun)'s file.")
    }

    @Argument(
        help: ArgumentHelp("The \(Kind.kind.noun)'s id, or its first characters (at least 4)."),
        completion: Kind.idCompletion)
    var id: String
    @OptionGroup var location: ConfigsOptions
    @OptionGroup var output: RemovalOutput

    func run() throws {
        let (_, folder) = try Kind.folder(location)
        let entry = try folder.find(id, in: try folder.loadExisting())
        try folder.remove(entry)
        output.say(Kind.kind, id: Kind.id(of: entry.document), file: entry.file)
    }
}
