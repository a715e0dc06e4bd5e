import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// The document a command is about, as `show`, `rm` and `edit` take it: its id (or the start of it) in the configs
/// folder that `--configs` and `--settings` name.
struct DocumentIdArguments<Kind: CommandDocumentKind>: ParsableArguments {
    @Argument(
        help: ArgumentHelp("The \(Kind.kind.noun)'s id, or its first characters (at least 4)."),
        completion: Kind.idCompletion)
    var id: String
    @OptionGroup var location: ConfigsOptions

    /// The folder and the document the id names; a missing folder, an unknown id or one that starts several ids
    /// is an error in words.
    func find() throws -> (folder: DocumentFolder<Kind>, entry: DocumentEntry<Kind>) {
        let (_, folder) = try Kind.folder(location)
        return (folder, try folder.find(id, in: try folder.loadExisting()))
    }
}
