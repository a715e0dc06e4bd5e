import LassoDocuments
import LassoSnapshot

/// The circle form: what a person fills in to make (or edit) a config for a view; the fields it cannot type
/// (path, wildcards, id, earlier intervals) live in the core's `ConfigDraft`.
public struct CircleForm: Sendable, Equatable, Form {
    /// The form's fields, in the order `↓`/`↑` move through them.
    public enum Field: Int, Sendable, CaseIterable, FormField {
        case event, location, value, keyPath, keyName, from, until, conditions, note

        public var label: String {
            switch self {
            case .event: return "Event"
            case .location: return "Location"
            case .value: return "Value"
            case .keyPath: return "Key path"
            case .keyName: return "Key name"
            case .from: return "From"
            case .until: return "Until"
            case .conditions: return "Conditions"
            case .note: return "Note"
            }
        }

        public var isText: Bool { self != .event && self != .location && self != .value }
    }

    public var node: Int
    public var field: Field = .event
    /// Event names: those that apply to the view first, then the rest.
    public var events: [String]
    public var applicableCount: Int
    public var eventIndex = 0
    /// The config being made: path and wildcards, id and earlier intervals of an edited config.
    public var draft: ConfigDraft
    /// The file an edit replaces, as it was when the form opened (`.nothing` for a new config): the save checks it.
    public var onDisk: DocumentOnDisk = .nothing
    /// Which segment the location field's cursor is on.
    public var locationCursor: Int
    public var keyPath = TextField()
    public var keyName = TextField()
    public var from = TextField()
    public var until = TextField()
    public var conditions = TextField()
    public var note = TextField()
    /// The values this view can report, nearest first: what ←/→ pick from in the Value field.
    public var valueChoices: [ValueCandidates.Candidate] = []
    /// The value picked, if any.
    public var valueIndex: Int?
    /// The key name the last pick proposed: a later pick may replace it, never a name the person typed.
    public var proposedKeyName: String?
    /// True when the key name is the event an SDK sends (Mixpanel's bindings): a pick proposes none.
    public var keyNameIsEvent = false
    /// Conditions that could tell the view apart but change with the data (an amount): offered, not filled in.
    public var offeredConditions: [Condition] = []
    /// A refusal or error from the last save, shown in the form.
    public var message: Message?
    /// What the fields give on this screen, worked out by the reducer whenever they change.
    public var preview = FormPreview()
    /// True after the user changed anything.
    public var changed = false
    /// True when the form edits a config opened from the configs list, where a save goes back to.
    public var openedFromList = false
    /// Keys offered by the last Tab.
    public var completions: [String] = []

    /// A form on `node` filled from `draft` (a new config's or an edited one's).
    public init(node: Int, events: [String], applicableCount: Int, draft: ConfigDraft) {
        self.node = node
        self.events = events
        self.applicableCount = applicableCount
        self.draft = draft
        locationCursor = max(0, draft.exactPath.segments.count - 1)
        if let index = events.firstIndex(of: draft.viewEvent) { eventIndex = index }
        keyPath = TextField(draft.keyPath)
        keyName = TextField(draft.keyName)
        from = TextField(draft.from)
        until = TextField(draft.until)
        conditions = TextField(draft.conditions.map(\.description).joined(separator: ", "))
        note = TextField(draft.note)
    }

    /// The id of the config being edited, or nil for a new one.
    public var editingID: String? { draft.original?.id }
    public var event: String { events.indices.contains(eventIndex) ? events[eventIndex] : "" }
    public var eventApplies: Bool { eventIndex < applicableCount }
    /// Per segment: true where the location does not matter.
    public var anyIndex: [Bool] { draft.anyIndex }
    /// The path with `*` where the person said the location does not matter.
    public var pattern: ViewPath { draft.pattern }
    /// True when "any" is set on a plain position (not a cell's row), which can match more than the user means.
    public var widensPlainIndex: Bool { draft.widensPlainIndex }

    /// Picks the value `step` away from the current one (the first with no pick yet): fills the key path, and
    /// the key name when the person has not typed one of their own (unless the key name is the event sent).
    public mutating func pickValue(_ step: Int) {
        guard !valueChoices.isEmpty else { return }
        let count = valueChoices.count
        let next = valueIndex.map { ($0 + step + count) % count } ?? (step < 0 ? count - 1 : 0)
        valueIndex = next
        let choice = valueChoices[next]
        keyPath.set(choice.keyPath)
        if !keyNameIsEvent && (keyName.text.isEmpty || keyName.text == proposedKeyName) {
            // An offer: the first character typed into the key name replaces it (a name of the person's own).
            keyName = TextField(offering: choice.suggestedKeyName)
            proposedKeyName = choice.suggestedKeyName
        }
    }

    /// Puts `*` in (or takes it out of) the index under the location cursor.
    public mutating func toggleAnyIndex() {
        guard draft.anyIndex.indices.contains(locationCursor) else { return }
        draft.anyIndex[locationCursor].toggle()
    }

    /// The parsed conditions, or the text that is not `KEY=VALUE`.
    public func parsedConditions() -> Result<[Condition], FormError> {
        Condition.parseList(conditions.text).mapError { FormError($0.description) }
    }

    /// The draft with what is typed in the form, or the condition text that is not `KEY=VALUE`.
    public func filledDraft() -> Result<ConfigDraft, FormError> {
        var filled = draft
        switch parsedConditions() {
        case .success(let parsed): filled.conditions = parsed
        case .failure(let error): return .failure(error)
        }
        filled.viewEvent = event
        filled.keyPath = keyPath.text
        filled.keyName = keyName.text
        filled.from = from.text
        filled.until = until.text
        filled.note = note.text
        return .success(filled)
    }

    /// Edits the text field the cursor is in, where it is kept (no copy of its text); nothing when it is no text field.
    public mutating func editActive(_ edit: (inout TextField) -> Void) {
        switch field {
        case .keyPath: edit(&keyPath)
        case .keyName: edit(&keyName)
        case .from: edit(&from)
        case .until: edit(&until)
        case .conditions: edit(&conditions)
        case .note: edit(&note)
        default: break
        }
    }

}

/// What the circle form's fields give on this screen: worked out when they change, so drawing only reads it.
public struct FormPreview: Sendable, Equatable {
    /// How many views of this screen the path (with its event and conditions) matches.
    public var matchCount = 0
    /// The key path's value on the form's view; nil when it gives nothing.
    public var value: JSONValue?
    public var readsPrivateText = false
    /// The event the SDK would send, as compact JSON.
    public var payload = ""
    /// The key path's value on each matched view, in order (at most `valuesShown`); nil where it gives nothing.
    public var matchedValues: [JSONValue?] = []
    /// The views matched (at most as many as the canvas looks at), for the canvas to mark.
    public var matchedViews: [Int] = []
    /// When the key path gives lists inside a list: key paths that each read one of its values, with that value.
    public var singleValues: [String] = []
    /// How the matched views differ (class, action, button title), when they do.
    public var difference: MatchDifference?
    public static let valuesShown = 50
    /// The path the config will be saved with in the project's SDK profile (nil for lasso's own).
    public var sdkPath: String?
    /// What that SDK's path cannot say of the form's location, in words; nil when it says all of it.
    public var sdkNote: String?
    /// When the key path gives different kinds of value on the matched rows, or reads them off different views:
    /// the kinds or the views and their counts.
    public var mixed: String?
    /// Else, when the key path's field is not there on some rows: `absent on 1 of 3 rows`.
    public var absent: String?
    /// Then, a value the view offers that reads the same here and gives one kind on every matched row.
    public var steady: ValueCandidates.Candidate?
    /// Else, when the key path's view is missing from some rows: the condition that keeps only the rows that have
    /// it (`views[#message_text].hidden=false`), and how many rows it keeps.
    public var narrowing: Narrowing?

    /// A condition that keeps only some of the matched rows, and how many.
    public struct Narrowing: Sendable, Equatable {
        public var condition: Condition
        public var rows: Int
    }

    public init() {}
}

/// A message about the form's content, shown in the form.
public struct FormError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
