import LassoDocuments

/// The one change `undo` takes back: the last save, edit or delete of a config or a named event, with what puts it
/// back as it was.
public enum UndoStep: Sendable, Equatable {
    /// A new config was saved: undo deletes it, if its file still holds what lasso wrote (`written`).
    case removeNew(ConfigDirectory.Entry)
    /// A config was edited (`over` the file as lasso wrote the edit) or deleted (`over` nil): undo writes it back as
    /// it was, if the file is still what lasso left.
    case restore(KVCConfig, over: ConfigDirectory.Entry?)
    /// A new named event was saved: undo deletes it, if its file still holds what lasso wrote.
    case removeNewDefinition(EventDirectory.Entry)
    /// A named event was edited (`over` the file as lasso wrote the edit) or deleted (`over` nil): undo writes it
    /// back as it was.
    case restoreDefinition(EventDefinition, over: EventDirectory.Entry?)

    /// What undo does, in the status line's words.
    var words: String {
        switch self {
        case .removeNew(let written):
            return "the new \(written.config.keyName) (\(written.config.viewEvent)) removed"
        case .restore(let config, let written):
            return written == nil
                ? "\(config.keyName) (\(config.viewEvent)) put back"
                : "\(config.keyName) (\(config.viewEvent)) as it was"
        case .removeNewDefinition(let written):
            return "the new event “\(written.definition.name)” removed"
        case .restoreDefinition(let definition, let written):
            return written == nil
                ? "the event “\(definition.name)” put back" : "the event “\(definition.name)” as it was"
        }
    }
}
