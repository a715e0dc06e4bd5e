import Foundation
import LassoCore

/// The circle form: what a person fills in to make a config for the highlighted view.
public struct CircleForm: Sendable, Equatable {
    /// The form's fields, in the order `↓`/`↑` move through them.
    public enum Field: Int, Sendable, CaseIterable {
        case event, location, keyPath, keyName, from, until, conditions, note

        public var label: String {
            switch self {
            case .event: return "Event"
            case .location: return "Location"
            case .keyPath: return "Key path"
            case .keyName: return "Key name"
            case .from: return "From"
            case .until: return "Until"
            case .conditions: return "Conditions"
            case .note: return "Note"
            }
        }

        public var isText: Bool { self != .event && self != .location }
    }

    public var node: Int
    public var field: Field = .event
    /// Event names: those that apply to the view first, then the rest.
    public var events: [String]
    public var applicableCount: Int
    public var eventIndex = 0
    /// The view's exact path; `anyIndex[i]` puts `*` in segment i.
    public var exactPath: ViewPath
    public var anyIndex: [Bool]
    /// Which segment the location field's cursor is on.
    public var locationCursor: Int
    public var keyPath = TextField()
    public var keyName = TextField()
    public var from = TextField()
    public var until = TextField()
    public var conditions = TextField()
    public var note = TextField()
    /// The id of the config being edited, or nil for a new one.
    public var editingID: String?
    /// A refusal or error from the last save, shown in the form.
    public var message: String?
    /// True after the user changed anything.
    public var changed = false
    /// Keys offered by the last Tab.
    public var completions: [String] = []

    public init(
        node: Int, events: [String], applicableCount: Int, exactPath: ViewPath, appVersion: String?,
        conditions: [Condition]
    ) {
        self.node = node
        self.events = events
        self.applicableCount = applicableCount
        self.exactPath = exactPath
        anyIndex = Array(repeating: false, count: exactPath.segments.count)
        locationCursor = max(0, exactPath.segments.count - 1)
        from = TextField(appVersion ?? "")
        self.conditions = TextField(conditions.map(\.description).joined(separator: ", "))
        // A navigation bar button: any position, told apart by its action (docs/viewpath.md, "Conditions").
        if conditions.contains(where: { $0.key == "action" }), !anyIndex.isEmpty { anyIndex[anyIndex.count - 1] = true }
    }

    public var event: String { events.indices.contains(eventIndex) ? events[eventIndex] : "" }
    public var eventApplies: Bool { eventIndex < applicableCount }

    /// The path with `*` where the user said the location does not matter.
    public var pattern: ViewPath {
        var path = exactPath
        for (position, any) in anyIndex.enumerated() where any {
            switch path.segments[position].index {
            case .position: path.segments[position].index = .any
            case .cell(let section, _): path.segments[position].index = .cell(section: section, row: nil)
            }
        }
        return path
    }

    /// True when "any" is set on a plain position (not a cell's row), which can match more than the user means.
    public var widensPlainIndex: Bool {
        zip(anyIndex, exactPath.segments).contains { any, segment in
            guard any, case .position = segment.index else { return false }
            return true
        }
    }

    /// The parsed conditions, or the text that is not `KEY=VALUE`.
    public func parsedConditions() -> Result<[Condition], FormError> {
        var result: [Condition] = []
        for part in conditions.text.split(separator: ",") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let condition = Condition(parsing: trimmed) else {
                return .failure(FormError("a condition must be KEY=VALUE, not \"\(trimmed)\""))
            }
            result.append(condition)
        }
        return .success(result)
    }

    /// The text field the cursor is in, if it is one.
    public var activeText: TextField? {
        get {
            switch field {
            case .keyPath: return keyPath
            case .keyName: return keyName
            case .from: return from
            case .until: return until
            case .conditions: return conditions
            case .note: return note
            default: return nil
            }
        }
        set {
            guard let newValue else { return }
            switch field {
            case .keyPath: keyPath = newValue
            case .keyName: keyName = newValue
            case .from: from = newValue
            case .until: until = newValue
            case .conditions: conditions = newValue
            case .note: note = newValue
            default: break
            }
        }
    }
}

/// A message about the form's content, shown in the form.
public struct FormError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
