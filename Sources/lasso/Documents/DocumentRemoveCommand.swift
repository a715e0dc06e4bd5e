import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso config rm`, `event rm` and `hook rm`: deletes one document's file, found by its id or the start of it.
struct DocumentRemoveCommand<Kind: CommandDocumentKind>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "rm", abstract: "Delete one \(Kind.kind.noun)'s file.")
    }

    @OptionGroup var document: DocumentIdArguments<Kind>
    @OptionGroup var output: RemovalOutput

    func run() throws {
        let (folder, entry) = try document.find()
        try folder.remove(entry)
        output.say(Kind.kind, id: Kind.id(of: entry.document), file: entry.file)
    }
}
