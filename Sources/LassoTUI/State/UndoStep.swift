import LassoCore

/// The one change `undo` takes back: the last save, edit or delete of a config, with what puts it back as it was.
public enum UndoStep: Sendable, Equatable {
    /// A new config was saved: undo deletes it.
    case removeNew(KVCConfig)
    /// A config was edited or deleted: undo writes it back as it was.
    case restore(KVCConfig, wasDeleted: Bool)

    /// What undo does, in the status line's words.
    var words: String {
        switch self {
        case .removeNew(let config): return "the new \(config.keyName) (\(config.viewEvent)) removed"
        case .restore(let config, let wasDeleted):
            return wasDeleted
                ? "\(config.keyName) (\(config.viewEvent)) put back"
                : "\(config.keyName) (\(config.viewEvent)) as it was"
        }
    }
}
