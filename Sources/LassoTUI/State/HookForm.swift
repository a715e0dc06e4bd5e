import Foundation
import LassoDocuments
import LassoSnapshot

/// The "hook its action" form: a method-hook config for the action of a view, with the class (the action's target,
/// else the view's class) and the selector filled in, the event typed, and a condition and a value picked from the
/// same value list as the circle form's.
public struct HookForm: Sendable, Equatable, Form {
    /// The form's fields, in the order `↓`/`↑` move through them.
    public enum Field: Int, Sendable, CaseIterable, FormField {
        case className, selector, event, when, value, from, note

        public var label: String {
            switch self {
            case .className: return "Class"
            case .selector: return "Selector"
            case .event: return "Event"
            case .when: return "When"
            case .value: return "Value"
            case .from: return "From"
            case .note: return "Note"
            }
        }

        /// True for a field that is typed in; the others pick from the value list with ←/→.
        public var isText: Bool { self != .when && self != .value }
    }

    /// The view whose action is hooked.
    public var node: Int
    /// The view standing for the instance that runs the method (the target's view when it is on the screen), whose
    /// values the pickers offer.
    public var instance: Int
    public var appKey: String?
    public var field: Field = .event
    public var className: TextField
    public var selector: TextField
    public var event = TextField()
    public var from: TextField
    public var note = TextField()
    /// What the instance can report, nearest first: what ←/→ pick from in When and Value.
    public var choices: [ValueCandidates.Candidate]
    /// The condition picked (the value read now must hold for the event to be sent); nil: a fixed event.
    public var whenIndex: Int?
    /// The value reported with the event; nil: none.
    public var valueIndex: Int?
    public var message: Message?
    public var changed = false

    public init(
        node: Int, instance: Int, appKey: String?, className: String, selector: String, from: String,
        choices: [ValueCandidates.Candidate]
    ) {
        self.node = node
        self.instance = instance
        self.appKey = appKey
        self.className = TextField(className)
        self.selector = TextField(selector)
        self.from = TextField(from)
        self.choices = choices
    }

    /// Edits the text field the cursor is in, where it is kept (no copy of its text); nothing on a picker.
    mutating func editActive(_ edit: (inout TextField) -> Void) {
        switch field {
        case .className: edit(&className)
        case .selector: edit(&selector)
        case .event: edit(&event)
        case .from: edit(&from)
        case .note: edit(&note)
        case .when, .value: break
        }
    }

    /// Moves the pick of the current picker field `step` along the list, through "none" at the start.
    mutating func pick(_ step: Int) {
        guard !choices.isEmpty, field == .when || field == .value else { return }
        let count = choices.count + 1
        let current = (field == .when ? whenIndex : valueIndex).map { $0 + 1 } ?? 0
        let next = (current + step + count) % count
        let index = next == 0 ? nil : next - 1
        if field == .when { whenIndex = index } else { valueIndex = index }
        changed = true
    }

    /// The condition the When pick makes: the key path equals the value it reads now.
    public var condition: HookCondition? {
        guard let whenIndex, choices.indices.contains(whenIndex),
            let source = HookSource(choices[whenIndex].keyPath)
        else { return nil }
        return HookCondition(source: source, op: .equals, value: choices[whenIndex].value)
    }

    /// The value the Value pick reports, named as the circle form would name it.
    public var reported: HookValue? {
        guard let valueIndex, choices.indices.contains(valueIndex),
            let source = HookSource(choices[valueIndex].keyPath)
        else { return nil }
        return HookValue(name: choices[valueIndex].suggestedKeyName, source: source)
    }

    /// The draft the fields make: a fixed event, or one rule (the picked condition → the event) when When is set.
    public var draft: HookDraft {
        let eventName = event.text.trimmingCharacters(in: .whitespaces)
        var draft = HookDraft(
            appKey: appKey, className: className.text, selectors: [selector.text], from: from.text, note: note.text)
        if let condition {
            draft.rules = [HookRule(when: [condition], event: eventName)]
        } else {
            draft.event = eventName
        }
        draft.values = reported.map { [$0] } ?? []
        return draft
    }
}
