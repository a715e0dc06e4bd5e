import Foundation
import LassoSnapshot

/// One method-hook config: when an instance of `className` runs one of `selectors` (in these app versions), report a
/// fixed event or the event its rules choose, with these values (docs/hook-configs.md).
public struct HookConfig: Sendable, Equatable {
    /// Made once, when the config is created, and never changed.
    public var id: String
    public var appKey: String
    public var versions: VersionRanges
    /// The runtime class whose methods are hooked, as the runtime names it.
    public var className: String
    /// The hooked methods' selectors (`addToCart:`), in the order given; at least one.
    public var selectors: [String]
    /// What is reported when a hooked method runs.
    public var trigger: HookTrigger
    /// The name of the impl class a hook library looks up for a rule-based config (the export's event key).
    public var implName: String?
    /// What is reported with the event: a name and where its value is read, in the order given.
    public var values: [HookValue]
    public var note: String?
    /// When the config was made (ISO 8601, UTC, milliseconds): the order a class's events are exported in.
    public var added: String?
    /// Fields this version of lasso does not know, kept and written back after the known ones.
    public var otherFields: JSONObject

    public init(
        id: String = KVCConfig.newID(), appKey: String, versions: VersionRanges = VersionRanges(), className: String,
        selectors: [String], trigger: HookTrigger, implName: String? = nil, values: [HookValue] = [],
        note: String? = nil, added: String? = nil
    ) {
        self.id = id
        self.appKey = appKey
        self.versions = versions
        self.className = className
        self.selectors = selectors
        self.trigger = trigger
        self.implName = implName
        self.values = values
        self.note = note
        self.added = added
        self.otherFields = JSONObject()
    }

    /// The time `added` records for a config made now.
    public static func addedNow() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }

    /// `added` as a date, nil when the config does not say.
    public var addedDate: Date? {
        guard let added else { return nil }
        return Self.parseAdded(added)
    }

    /// Reads an ISO 8601 time with or without fractional seconds.
    public static func parseAdded(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// The first eight characters of the id, as file names and short listings use it.
    public var shortID: String { String(id.prefix(8)) }

    /// The fixed event name, or nil for a rule-based config.
    public var fixedEvent: String? {
        if case .event(let name) = trigger { return name }
        return nil
    }

    /// The rules, or none for a config with a fixed event.
    public var rules: [HookRule] {
        if case .rules(let rules) = trigger { return rules }
        return []
    }

    /// Every event name the config can report.
    public var eventNames: [String] {
        switch trigger {
        case .event(let name): return [name]
        case .rules(let rules): return rules.map(\.event)
        }
    }

    /// True when `other` hooks one of the same methods of the same class of the same app for an overlapping set of
    /// versions: two configs would report twice for one call (docs/hook-configs.md, "Conflicts").
    public func conflicts(with other: HookConfig) -> Bool {
        id != other.id && appKey == other.appKey && className == other.className
            && !Set(selectors).isDisjoint(with: other.selectors) && versions.overlaps(other.versions)
    }
}

/// What a hook config reports: a fixed event name, or the event of the first rule whose conditions hold.
public enum HookTrigger: Sendable, Equatable {
    case event(String)
    case rules([HookRule])
}

/// One rule of a rule-based hook config: when every condition holds (none: always, the default), report `event`.
public struct HookRule: Sendable, Equatable {
    public var when: [HookCondition]
    public var event: String

    public init(when: [HookCondition] = [], event: String) {
        self.when = when
        self.event = event
    }

    /// True for the default rule: no conditions, so it matches every call.
    public var isDefault: Bool { when.isEmpty }
}

/// One condition of a hook rule: the value read at `source` compared with `value` by `op`.
public struct HookCondition: Sendable, Equatable {
    public var source: HookSource
    public var op: HookOperator
    public var value: JSONValue

    public init(source: HookSource, op: HookOperator, value: JSONValue) {
        self.source = source
        self.op = op
        self.value = value
    }
}

/// How a hook condition compares what it read with its value.
public enum HookOperator: String, Sendable, Equatable, CaseIterable {
    case equals, notEquals, oneOf, contains
}

/// A value reported with a hook's event: its name and where it is read.
public struct HookValue: Sendable, Equatable {
    public var name: String
    public var source: HookSource

    public init(name: String, source: HookSource) {
        self.name = name
        self.source = source
    }
}
