import LassoDocuments
import LassoSnapshot

/// A config's versions and note, edited where no view matches it (so the circle form, which needs a view, cannot).
public struct VersionsForm: Sendable, Equatable, Form {
    /// The fields, in the order `↓`/`↑` move through them.
    public enum Field: Int, Sendable, CaseIterable, FormField {
        case from, until, note

        public var label: String {
            switch self {
            case .from: return "From"
            case .until: return "Until"
            case .note: return "Note"
            }
        }
    }

    /// The config as it is now, which a save changes.
    public var draft: ConfigDraft
    /// The file an edit replaces, as it was when the form opened (`.nothing` for a new config): the save checks it.
    public var onDisk: DocumentOnDisk = .nothing
    public var field: Field = .from
    public var from: TextField
    public var until: TextField
    public var note: TextField
    public var message: Message?
    public var changed = false

    public init(editing config: KVCConfig) {
        draft = ConfigDraft.editing(config)
        from = TextField(draft.from)
        until = TextField(draft.until)
        note = TextField(draft.note)
    }

    public var original: KVCConfig? { draft.original }

    /// Edits the text field the cursor is in, where it is kept (no copy of its text).
    mutating func editActive(_ edit: (inout TextField) -> Void) {
        switch field {
        case .from: edit(&from)
        case .until: edit(&until)
        case .note: edit(&note)
        }
    }

    /// The edited config, or what is wrong with the fields.
    func build(profile: PathRules, stamp: DocumentStamp) -> Result<KVCConfig, ConfigDraftProblem> {
        var edited = draft
        edited.from = from.text
        edited.until = until.text
        edited.note = note.text
        return edited.build(profile: profile, stamp: stamp)
    }
}
