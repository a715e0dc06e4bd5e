import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// What `list`, `show` and `rm` of one kind of document print beside its folder: the columns of its row, its JSON
/// and its text; each kind's codec conforms, so a new kind's commands are its conformance.
protocol CommandDocumentKind: FolderDocumentKind {
    /// What `list` prints of one document, in its columns' order (the list's discussion names them).
    static var columns: String { get }
    static func row(_ document: Document) -> [String]
    /// The document as the codec writes it to JSON.
    static func json(_ document: Document) -> JSONValue
    /// What `show` prints without `--json`: the file's text, unless the kind says it in plainer words.
    static func shown(_ entry: DocumentEntry<Self>) -> String
    /// What `show` prints without `--json`, in its help: "the file's text" unless the kind says otherwise.
    static var shownWithoutJSON: String { get }
}

extension CommandDocumentKind {
    /// The plural in help and messages: "configs", "event definitions", "hook configs".
    static var plural: String { kind.noun + "s" }

    static func shown(_ entry: DocumentEntry<Self>) -> String { fileText(entry.document) }

    static var shownWithoutJSON: String { "the file's text" }

    /// A document as every `--json` prints it: its canonical object and the file it is in.
    static func json(_ entry: DocumentEntry<Self>) -> JSONValue {
        guard case .object(var object) = json(entry.document) else { return .null }
        object["file"] = .string(entry.file)
        return .object(object)
    }

    /// The shell's completion of this kind's ids.
    static var idCompletion: CompletionKind {
        let kind = kind
        return .custom { words, _, prefix in Completions.ids(of: kind, words: words, prefix: prefix) }
    }

    /// The folder of this kind in the configs folder `location` names.
    static func folder(_ location: ConfigsOptions) throws -> (ProjectSettings, DocumentFolder<Self>) {
        let (settings, configs) = try location.resolve()
        return (settings, DocumentFolder(root: configs.root, expectation: configs.expectation))
    }
}
