import LassoDocuments

/// The one change `undo` takes back: the last save, edit or delete of a document of any kind (a config, a named
/// event, a hook config), with what puts it back as it was.
public enum UndoStep: Sendable, Equatable {
    /// A new document was saved: undo deletes it, if its file still holds what lasso wrote (`written`).
    case removeNew(StoredEntry)
    /// A document was edited (`over` the file as lasso wrote the edit) or deleted (`over` nil): undo writes it back
    /// as it was, if the file is still what lasso left.
    case restore(Document, over: StoredEntry?)

    /// What undo does, in the status line's words.
    var words: String {
        switch self {
        case .removeNew(let written):
            return "the new \(Self.name(of: written.document)) removed"
        case .restore(let document, let written):
            return Self.theName(of: document) + (written == nil ? " put back" : " as it was")
        }
    }

    /// A document named at the start of a sentence: a config by its key name, the other kinds with "the".
    static func theName(of document: Document) -> String {
        (document.kind == .config ? "" : "the ") + name(of: document)
    }

    /// A document as the status line names it: a config by its key name and event, a named event by its name, a
    /// hook config by its class.
    static func name(of document: Document) -> String {
        switch document {
        case .config(let config): "\(config.keyName) (\(config.viewEvent))"
        case .event(let definition): "event “\(definition.name)”"
        case .hook(let hook): "hook config of \(hook.className)"
        }
    }
}
