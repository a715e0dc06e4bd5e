/// The fields of a form, in the order `↓`/`↑` move through them, each with the label the form shows beside it.
public protocol FormField: CaseIterable, Equatable, Sendable where AllCases == [Self] {
    var label: String { get }
    /// True for a field that is typed in; the others pick with `←`/`→`.
    var isText: Bool { get }
}

extension FormField {
    public var isText: Bool { true }
}

/// One of the UI's forms (circle, named event, hook, versions, the app and server question): its fields, the one
/// the cursor is in, the text fields edited where they are kept, and what it says; the keys every form answers
/// alike are answered here once, and every form is drawn through `FormFrame`.
protocol Form {
    associatedtype Field: FormField
    var field: Field { get set }
    var message: Message? { get set }
    /// True once something was typed or picked: closing the form then asks first.
    var changed: Bool { get set }
    /// The fields the form shows, in the order `↓`/`↑` move through them (all of `Field` unless it says otherwise).
    var fields: [Field] { get }
    /// Edits the text field the cursor is in, where it is kept (no copy of its text); nothing on a picker.
    mutating func editActive(_ edit: (inout TextField) -> Void)
}

extension Form {
    var fields: [Field] { Field.allCases }

    /// The text field the cursor is in; nil on a picker.
    var activeText: TextField? {
        var form = self
        var found: TextField?
        form.editActive { found = $0 }
        return found
    }

    /// Moves the cursor `steps` fields on (back when negative), stopping at the first and the last.
    mutating func stepField(_ steps: Int) {
        let fields = fields
        let index = fields.firstIndex(of: field) ?? 0
        field = fields[min(max(index + steps, 0), fields.count - 1)]
    }

    /// The keys every form answers alike: `↓`/`↑` between fields, and the text-editing keys in a text field (an
    /// edit marks the form changed). False for any other key, and for `←`/`→` on a picker: the form's own.
    @discardableResult
    mutating func answerShared(_ action: Action) -> Bool {
        switch action {
        case .nextField:
            stepField(1)
        case .previousField:
            stepField(-1)
        case .insert, .insertText, .deleteBackward, .deleteForward, .clearField, .cursorLeft, .cursorRight,
            .cursorHome, .cursorEnd:
            guard field.isText else { return false }
            editActive { $0.apply(action) }
            if TextField.edits(action) { changed = true }
        default:
            return false
        }
        return true
    }
}
