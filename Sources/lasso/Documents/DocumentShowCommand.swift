import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso config show`, `event show` and `hook show`: one document, found by its id or the start of it.
struct DocumentShowCommand<Kind: CommandDocumentKind>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show",
            abstract: "Print one \(Kind.kind.noun) (its id, or the start of it): \(Kind.shownWithoutJSON), or JSON.")
    }

    @OptionGroup var document: DocumentIdArguments<Kind>
    @Flag(
        help: ArgumentHelp(
            "Print the \(Kind.kind.noun) as JSON, with the file it is in (without it: \(Kind.shownWithoutJSON))."))
    var json = false

    func run() throws {
        let (_, entry) = try document.find()
        if json {
            Console.json(Kind.json(entry))
        } else {
            Console.exact(Kind.shown(entry), terminator: "")
        }
    }
}
