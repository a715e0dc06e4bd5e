import Foundation
import LassoSnapshot

/// Everything a person says about a new or edited hook config before it is checked and made: the one builder behind
/// `hook add`, `hook edit` and the screen's "hook its action" form.
public struct HookDraft: Sendable, Equatable, DocumentDraft {
    public typealias Problem = HookDraftProblem

    /// The id of the config being edited; nil for a new config, which gets a new id.
    public var id: String?
    public var appKey: String?
    public var className: String
    public var selectors: [String]
    /// The fixed event name; "" when the rules choose it.
    public var event: String
    public var rules: [HookRule]
    /// The impl class name a rule-based config is exported under; "" for none.
    public var implName: String
    public var values: [HookValue]
    /// The first app version the config applies to, as typed; "" leaves the start open.
    public var from: String
    /// The app version the config stops applying at (not included), as typed; "" leaves the end open.
    public var until: String
    public var note: String
    /// The intervals before the last one, kept as they are: `from` and `until` edit only the last interval.
    public var earlierIntervals: [VersionInterval]
    /// The config being edited, as it was saved: `build` keeps its unknown fields.
    public private(set) var original: HookConfig?
    public var originalVersions: VersionRanges? { original?.versions }

    public init(
        id: String? = nil, appKey: String?, className: String, selectors: [String], event: String = "",
        rules: [HookRule] = [], implName: String = "", values: [HookValue] = [], from: String = "",
        until: String = "", note: String = "", earlierIntervals: [VersionInterval] = []
    ) {
        self.id = id
        self.appKey = appKey
        self.className = className
        self.selectors = selectors
        self.event = event
        self.rules = rules
        self.implName = implName
        self.values = values
        self.from = from
        self.until = until
        self.note = note
        self.earlierIntervals = earlierIntervals
    }

    /// A draft that edits `config`: it keeps the id and fills every field, `from` and `until` from the last interval.
    public static func editing(_ config: HookConfig) -> HookDraft {
        let last = config.versions.intervals.last
        var draft = HookDraft(
            id: config.id, appKey: config.appKey, className: config.className, selectors: config.selectors,
            event: config.fixedEvent ?? "", rules: config.rules, implName: config.implName ?? "",
            values: config.values, from: last?.from?.text ?? "", until: last?.until?.text ?? "",
            note: config.note ?? "", earlierIntervals: Array(config.versions.intervals.dropLast()))
        draft.original = config
        return draft
    }

    /// The config, or the first thing wrong with the draft.
    public func build(stamp: DocumentStamp) -> Result<HookConfig, HookDraftProblem> {
        let appKey: String
        switch checkedAppKey() {
        case .success(let key): appKey = key
        case .failure(let problem): return .failure(problem)
        }
        let className = className.trimmingCharacters(in: .whitespaces)
        guard SafeName.isSafe(className) else { return .failure(.badClass(className)) }
        let selectors = selectors.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !selectors.isEmpty else { return .failure(.noSelector) }
        if let bad = selectors.first(where: { !HookCodec.isSelector($0) }) { return .failure(.badSelector(bad)) }
        if let twice = selectors.enumerated().first(where: { selectors[..<$0.offset].contains($0.element) }) {
            return .failure(.repeatedSelector(twice.element))
        }
        let event = event.trimmingCharacters(in: .whitespaces)
        let implName = implName.trimmingCharacters(in: .whitespaces)
        if !implName.isEmpty && !HookCodec.isIdentifier(implName) { return .failure(.badImplName(implName)) }
        let trigger: HookTrigger
        switch (event.isEmpty, rules.isEmpty) {
        case (false, true):
            guard !event.unicodeScalars.contains(where: DisplayText.isEscaped) else {
                return .failure(.badEvent(event))
            }
            trigger = .event(event)
        case (true, false):
            if let at = rules.firstIndex(where: \.isDefault), at != rules.count - 1 {
                return .failure(.ruleAfterDefault(at))
            }
            if let bad = rules.first(where: {
                $0.event.isEmpty || $0.event.unicodeScalars.contains(where: DisplayText.isEscaped)
            }) {
                return .failure(.badEvent(bad.event))
            }
            trigger = .rules(rules)
        case (false, false): return .failure(.eventAndRules)
        case (true, true): return .failure(.noEvent)
        }
        let versions: VersionRanges
        switch self.versions() {
        case .success(let made): versions = made
        case .failure(let problem): return .failure(problem)
        }
        var config =
            original
            ?? HookConfig(
                id: stamp.id, appKey: appKey, className: className, selectors: selectors, trigger: trigger,
                added: stamp.added)
        config.id = id ?? original?.id ?? config.id
        config.appKey = appKey
        config.versions = versions
        config.className = className
        config.selectors = selectors
        config.trigger = trigger
        config.implName = implName.isEmpty ? nil : implName
        config.values = values
        config.note = trimmedNote
        return .success(config)
    }

}

/// What keeps a hook draft from becoming a config: the first problem `HookDraft.build` finds.
public enum HookDraftProblem: Error, Sendable, Equatable, DraftFieldsProblem, CustomStringConvertible {
    case noAppKey
    case unsafeAppKey(String)
    case badClass(String)
    case noSelector
    case badSelector(String)
    case repeatedSelector(String)
    case badImplName(String)
    case badEvent(String)
    case noEvent
    case eventAndRules
    /// The rule at this position has no conditions but is not the last: the rules after it could never match.
    case ruleAfterDefault(Int)
    case badFrom(String)
    case badUntil(String)
    case emptyInterval(from: String, until: String)

    public var description: String {
        switch self {
        case .noAppKey: return "no app key: give --app-key or set appKey in lasso.json"
        case .unsafeAppKey(let key): return "app key: expected a name usable as a folder name, found \"\(key)\""
        case .badClass(let name): return "class: expected a class name usable in a file name, found \"\(name)\""
        case .noSelector: return "selector: expected at least one selector, found none"
        case .badSelector(let text):
            return "selector: expected a selector such as addToCart: or callServiceEvent, found \"\(text)\""
        case .repeatedSelector(let text): return "selector: expected each selector once, found \"\(text)\" twice"
        case .badImplName(let text):
            return "impl name: expected a class name of letters, digits and '_', found \"\(text)\""
        case .badEvent(let text): return "event: expected a non-empty event name, found \"\(text)\""
        case .noEvent: return "event: expected an event name or rules, found neither"
        case .eventAndRules: return "event: expected an event name or rules, found both"
        case .ruleAfterDefault(let at):
            return "rules: expected the rule without conditions (the default) last, found it at position \(at + 1)"
        case .badFrom(let text): return "from: expected a version such as 5.3.0, found \"\(text)\""
        case .badUntil(let text): return "until: expected a version such as 5.3.0, found \"\(text)\""
        case .emptyInterval(let from, let until):
            return "until: expected a version after from (\(from)), found \(until)"
        }
    }
}
