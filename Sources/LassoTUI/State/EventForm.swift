import LassoDocuments
import LassoSnapshot

/// The "name an event here" form: where (this position or any, as the circle form's Location), which reported
/// values count (picked from what the matched views give), a name, a key, versions and a note.
public struct EventForm: Sendable, Equatable, Form {
    /// The form's fields, in the order `↓`/`↑` move through them.
    public enum Field: Int, Sendable, CaseIterable, FormField {
        case location, content, name, key, from, until, note

        public var label: String {
            switch self {
            case .location: return "Location"
            case .content: return "Counts"
            case .name: return "Name"
            case .key: return "Key"
            case .from: return "From"
            case .until: return "Until"
            case .note: return "Note"
            }
        }

        public var isText: Bool { self != .location && self != .content }
    }

    /// The view the form was opened on.
    public var node: Int
    public var field: Field = .location
    /// The config whose reported value the content is picked from; nil when none feeds the definition here.
    public var source: KVCConfig?
    /// The definition being made, through the core's one builder: its app, event, location (the view's exact path
    /// and, per segment, whether the position does not matter), id and earlier intervals of an edited one.
    public var draft: EventDefinitionDraft
    public var locationCursor: Int
    /// The reported key the content conditions are on (the feeding config's key name).
    public var contentKey: String
    /// The distinct values the matched views report under `contentKey`, in the order of the views.
    public var choices: [String] = []
    /// The value under the cursor in the Counts field.
    public var choiceCursor = 0
    /// The values picked: one is an `equals` condition, several a `oneOf`; none counts every tap there.
    public var picked: [String] = []
    /// Conditions of an edited definition that the form does not show as picks (`contains`, `regex`, other keys):
    /// kept as they are.
    public var keptConditions: [ContentCondition] = []
    public var name = TextField()
    public var key = TextField()
    /// The key the name last proposed: a later name may replace it, never a key the person typed.
    public var proposedKey = ""
    public var from = TextField()
    public var until = TextField()
    public var note = TextField()
    /// The file an edit replaces, as it was when the form opened: the save checks it.
    public var onDisk: DocumentOnDisk = .nothing
    /// How many views of this screen the location (with the event) matches.
    public var matchCount = 0
    /// The views matched (at most as many as the canvas looks at), for the canvas to mark.
    public var matchedViews: [Int] = []
    /// The SDK whose records the definition counts: the source config's profile for a new one, the definition's
    /// own for an edit (lasso's records by default).
    public var profile: SDKProfile = .lasso
    /// In an SDK's profile: the path and page the definition is written with, in that SDK's words, or why there is
    /// none (`EventRecordsWords`).
    public var records: EventRecordsWords?
    /// A refusal or error from the last save, shown in the form.
    public var message: Message?
    /// True after the person changed anything.
    public var changed = false
    /// True when the form was opened from the configs list, where a save goes back to.
    public var openedFromList = false

    /// A new definition on `node`, fed by `source` (whose path and wildcards it starts from).
    public init(node: Int, nodePath: ViewPath, source: KVCConfig, appKey: String?, from: String) {
        self.node = node
        self.source = source
        draft = EventDefinitionDraft.on(source)
        draft.appKey = appKey ?? source.appKey
        let location = ConfigDraft.editing(source, exactPath: nodePath)
        draft.exactPath = location.exactPath
        draft.anyIndex = location.anyIndex
        locationCursor = max(0, location.exactPath.segments.count - 1)
        contentKey = source.keyName
        self.from = TextField(from.isEmpty ? draft.from : from)
        profile = source.profile
        // An SDK's config that leaves its row open ("[-]") opens the innermost row of the view's own path.
        if source.profile != .lasso, source.opensLocation,
            let row = nodePath.segments.lastIndex(where: { if case .cell = $0.index { true } else { false } })
        {
            draft.anyIndex[row] = true
        }
    }

    /// A form that edits `definition` on `node` (fed by `source`, when a config reports its content key there).
    public init(node: Int, nodePath: ViewPath, editing definition: EventDefinition, source: KVCConfig?) {
        self.node = node
        self.source = source
        draft = EventDefinitionDraft.editing(definition)
        // The location as toggles over the view's own path: a wildcard of the definition is an "any".
        let own = definition.viewPath
        var exact = own
        if own.matches(nodePath) {
            exact = nodePath
            for (position, segment) in own.segments.enumerated() {
                if case .cell(section: nil, row: _) = segment.index { exact.segments[position].index = segment.index }
            }
        }
        draft.exactPath = exact
        draft.anyIndex = own.segments.map { segment -> Bool in
            switch segment.index {
            case .position(let position): return position == nil
            case .cell(_, let row): return row == nil
            }
        }
        locationCursor = max(0, exact.segments.count - 1)
        contentKey = source?.keyName ?? definition.content.first?.key ?? ""
        for condition in definition.content {
            switch condition.operation {
            case .equals(let value) where condition.key == contentKey && picked.isEmpty: picked = [value]
            case .oneOf(let values) where condition.key == contentKey && picked.isEmpty: picked = values
            default: keptConditions.append(condition)
            }
        }
        profile = definition.profile
        name = TextField(draft.name)
        key = TextField(draft.key)
        proposedKey = ""
        from = TextField(draft.from)
        until = TextField(draft.until)
        note = TextField(draft.note)
    }

    public var event: String { draft.viewEvent }
    /// The path with `*` where the person said the position does not matter.
    public var pattern: ViewPath { draft.pattern }
    public var anyIndex: [Bool] { draft.anyIndex }
    public var original: EventDefinition? { draft.original }
    public var editingID: String? { draft.original?.id }

    /// The content conditions the picks and the kept conditions make.
    public var content: [ContentCondition] {
        var made: [ContentCondition] = []
        if picked.count == 1 { made.append(ContentCondition(key: contentKey, .equals(picked[0]))) }
        if picked.count > 1 { made.append(ContentCondition(key: contentKey, .oneOf(picked))) }
        return made + keptConditions
    }

    /// The draft with what is typed and picked in the form.
    public var filledDraft: EventDefinitionDraft {
        var filled = draft
        filled.name = name.text
        filled.key = key.text
        filled.from = from.text
        filled.until = until.text
        filled.note = note.text
        filled.content = content
        return filled
    }

    /// Puts `*` in (or takes it out of) the index under the location cursor.
    public mutating func toggleAnyIndex() {
        guard draft.anyIndex.indices.contains(locationCursor) else { return }
        draft.anyIndex[locationCursor].toggle()
    }

    /// Picks the value under the cursor, or takes it back.
    public mutating func togglePick() {
        guard choices.indices.contains(choiceCursor) else { return }
        let value = choices[choiceCursor]
        if let index = picked.firstIndex(of: value) {
            picked.remove(at: index)
        } else {
            picked.append(value)
        }
    }

    /// Moves the Counts field's cursor; the picks stay as they are (a checklist: Space picks).
    public mutating func moveChoice(_ step: Int) {
        guard !choices.isEmpty else { return }
        choiceCursor = (choiceCursor + step + choices.count) % choices.count
    }

    /// Proposes a key from the name, unless the person typed a key of their own.
    public mutating func proposeKey() {
        guard key.text.isEmpty || key.text == proposedKey else { return }
        let made = Self.key(from: name.text, fallback: contentKey + "_" + event)
        key.set(made)
        proposedKey = made
    }

    /// A back end's name for `name`: lower-case letters, digits and `_`; `fallback` (made the same way) when the
    /// name has none of them (a Chinese name).
    static func key(from name: String, fallback: String) -> String {
        func slug(_ text: String) -> String {
            var out = ""
            var gap = false
            for scalar in text.unicodeScalars {
                if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    if gap && !out.isEmpty { out += "_" }
                    gap = false
                    // camelCase becomes snake_case: `entranceTitle` → `entrance_title`.
                    if scalar.properties.isUppercase, let last = out.unicodeScalars.last, last != "_",
                        !last.properties.isUppercase
                    {
                        out += "_"
                    }
                    out += String(scalar).lowercased()
                } else {
                    gap = true
                }
            }
            return out
        }
        let made = slug(name)
        return made.isEmpty ? slug(fallback) : made
    }

    /// Edits the text field the cursor is in, where it is kept (no copy of its text); nothing when it is no text field.
    public mutating func editActive(_ edit: (inout TextField) -> Void) {
        switch field {
        case .name: edit(&name)
        case .key: edit(&key)
        case .from: edit(&from)
        case .until: edit(&until)
        case .note: edit(&note)
        case .location, .content: break
        }
    }

}
