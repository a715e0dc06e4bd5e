import Foundation
import LassoSnapshot

/// Everything a person says about a new or edited event definition before it is made: the one builder behind
/// `lasso event add`, `lasso event edit` and the UI's "name an event here".
public struct EventDefinitionDraft: Sendable, Equatable, DocumentDraft {
    public typealias Problem = EventDefinitionDraftProblem

    /// The id of the definition being edited, kept by `build`; nil for a new one, which gets a new id.
    public var id: String?
    public var appKey: String?
    public var name: String
    public var key: String
    public var viewEvent: String
    /// The view's own path; `anyIndex` says where the location does not matter.
    public var exactPath: ViewPath
    /// Per segment of `exactPath`: true puts `*` in its index (a cell keeps its section: `[s:*]`).
    public var anyIndex: [Bool]
    public var content: [ContentCondition]
    /// The first app version counted, as typed; "" leaves the start open.
    public var from: String
    /// The app version counting stops at (not included), as typed; "" leaves the end open.
    public var until: String
    /// A note for people reading the definition; "" for none.
    public var note: String
    /// The intervals before the last one, kept as they are: `from` and `until` edit only the last interval.
    public var earlierIntervals: [VersionInterval]
    /// The definition being edited, as it was saved: `build` keeps its unknown fields and its path as written while
    /// the path stays the same.
    public private(set) var original: EventDefinition?
    public var originalVersions: VersionRanges? { original?.versions }

    public init(
        id: String? = nil, appKey: String?, name: String = "", key: String = "", viewEvent: String,
        exactPath: ViewPath, anyIndex: [Bool]? = nil, content: [ContentCondition] = [], from: String = "",
        until: String = "", note: String = "", earlierIntervals: [VersionInterval] = []
    ) {
        self.id = id
        self.appKey = appKey
        self.name = name
        self.key = key
        self.viewEvent = viewEvent
        self.exactPath = exactPath
        self.anyIndex = anyIndex ?? Array(repeating: false, count: exactPath.segments.count)
        self.content = content
        self.from = from
        self.until = until
        self.note = note
        self.earlierIntervals = earlierIntervals
    }

    /// A draft that names an event on a saved config's place: its app, event, path (wildcards kept as `anyIndex`)
    /// and versions' start.
    public static func on(_ config: KVCConfig) -> EventDefinitionDraft {
        var draft = EventDefinitionDraft(
            appKey: config.appKey, viewEvent: config.viewEvent, exactPath: config.viewPath,
            from: config.versions.intervals.last?.from?.text ?? "")
        draft.exactPath = config.viewPath
        return draft
    }

    /// A draft that edits `definition`: it keeps the id and fills every field, `from` and `until` from the last
    /// interval; the definition's wildcards stay in its path.
    public static func editing(_ definition: EventDefinition) -> EventDefinitionDraft {
        let last = definition.versions.intervals.last
        var draft = EventDefinitionDraft(
            id: definition.id, appKey: definition.appKey, name: definition.name, key: definition.key,
            viewEvent: definition.viewEvent, exactPath: definition.viewPath, content: definition.content,
            from: last?.from?.text ?? "", until: last?.until?.text ?? "", note: definition.note ?? "",
            earlierIntervals: Array(definition.versions.intervals.dropLast()))
        draft.original = definition
        return draft
    }

    /// The path with `*` where the location does not matter.
    public var pattern: ViewPath {
        var path = exactPath
        for (position, any) in anyIndex.enumerated() where any && position < path.segments.count {
            switch path.segments[position].index {
            case .position: path.segments[position].index = .any
            case .cell(let section, _): path.segments[position].index = .cell(section: section, row: nil)
            }
        }
        return path
    }

    /// Takes `path` as the definition's location exactly as written: its own wildcards and no others.
    public mutating func setPath(_ path: ViewPath) {
        exactPath = path
        anyIndex = Array(repeating: false, count: path.segments.count)
    }

    /// The definition, or the first thing wrong with the draft. Name, key and note are taken without surrounding
    /// spaces; a path made here is written in `notation`.
    public func build(notation: PathNotation = .lasso, stamp: DocumentStamp) -> Result<
        EventDefinition, EventDefinitionDraftProblem
    > {
        let appKey: String
        switch checkedAppKey() {
        case .success(let key): appKey = key
        case .failure(let problem): return .failure(problem)
        }
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return .failure(.emptyName) }
        let key = key.trimmingCharacters(in: .whitespaces)
        guard SafeName.isSafe(key) else { return .failure(.unsafeKey(key)) }
        guard !viewEvent.isEmpty else { return .failure(.emptyEvent) }
        for condition in content {
            guard !condition.key.isEmpty else { return .failure(.emptyContentKey) }
            if let text = ([condition.key] + condition.operation.texts).first(where: DisplayText.hasEscaped) {
                return .failure(.controlCharacter(text))
            }
            switch condition.operation {
            case .regex(let pattern):
                if let problem = ContentCondition.regexProblem(pattern) {
                    return .failure(.badRegex(pattern, problem))
                }
            case .oneOf(let values) where values.isEmpty: return .failure(.emptyOneOf(condition.key))
            case .contains(let value) where value.isEmpty: return .failure(.emptyContains(condition.key))
            default: break
            }
        }
        let versions: VersionRanges
        switch self.versions() {
        case .success(let made): versions = made
        case .failure(let problem): return .failure(problem)
        }
        let note = trimmedNote
        let path = pattern
        guard var definition = original else {
            return .success(
                EventDefinition(
                    id: id ?? stamp.id, appKey: appKey, name: name, key: key, versions: versions,
                    viewEvent: viewEvent, viewPath: path, notation: notation, content: content, note: note))
        }
        definition.id = id ?? definition.id
        definition.appKey = appKey
        definition.name = name
        definition.key = key
        definition.versions = versions
        definition.viewEvent = viewEvent
        if path != definition.viewPath {
            definition.viewPath = path
            definition.viewPathText = notation.write(path)
        }
        definition.content = content
        definition.note = note
        return .success(definition)
    }

}

/// What keeps a draft from becoming an event definition: the first problem `EventDefinitionDraft.build` finds.
public enum EventDefinitionDraftProblem: Error, Sendable, Equatable, DraftFieldsProblem, CustomStringConvertible {
    case noAppKey
    case unsafeAppKey(String)
    case emptyName
    /// The key cannot be part of a file name (empty, `/`, a control character, or a leading `.`).
    case unsafeKey(String)
    case emptyEvent
    case emptyContentKey
    case emptyOneOf(String)
    case emptyContains(String)
    case badRegex(String, String)
    /// A content key or value holds a control character, which no query literal or terminal takes as it is.
    case controlCharacter(String)
    case badFrom(String)
    case badUntil(String)
    case emptyInterval(from: String, until: String)

    /// The problem in plain words, naming what was expected and what was found.
    public var description: String {
        switch self {
        case .noAppKey: "no app key: give one (the snapshot names none)"
        case .unsafeAppKey(let key):
            "app key: expected a name usable as a folder name (\(SafeName.rule)), found \(DisplayText.quoted(key))"
        case .emptyName: "name: expected a name a person reads, found nothing"
        case .unsafeKey(let key):
            "key: expected a key usable in a file name (\(SafeName.rule)), found \(DisplayText.quoted(key))"
        case .emptyEvent: "event: expected an event type such as ButtonClick, found nothing"
        case .emptyContentKey: "content: expected a key name before the operator, found nothing"
        case .emptyOneOf(let key): "content \(key): expected at least one value, found none"
        case .emptyContains(let key): "content \(key): expected a non-empty text to look for, found nothing"
        case .badRegex(let pattern, let problem):
            "content: expected a portable regular expression that compiles, found \(DisplayText.quoted(pattern, limit: 80)) (\(problem))"
        case .controlCharacter(let text):
            "content: expected a key and value without control characters, found \"\(DisplayText.escaped(text))\""
        case .badFrom(let text): "from: expected a version such as 5.3.0, found \"\(text)\""
        case .badUntil(let text): "until: expected a version such as 5.3.0, found \"\(text)\""
        case .emptyInterval(let from, let until):
            "versions: expected until after from (until is not included), found from \(from) until \(until)"
        }
    }
}
