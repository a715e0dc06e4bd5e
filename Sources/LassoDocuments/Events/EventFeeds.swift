import LassoSnapshot

/// Which KVC configs feed a definition's content: the reported keys a definition may ask about, and the ones no
/// config at its location reports (docs/event-definitions.md, "Checked against the screens").
public struct EventFeeds: Sendable {
    /// The configs of the definition's app whose event is the definition's, whose versions overlap its versions and
    /// whose location overlaps its location: the configs whose values come with the records it counts.
    public let feeding: [KVCConfig]
    /// Content keys that are neither an SDK field nor a key name of a feeding config, in the definition's order.
    public let unfedKeys: [String]

    public init(_ definition: EventDefinition, configs: [KVCConfig]) {
        feeding = configs.filter { Self.feeds($0, definition) }
        let reported = Set(feeding.map(\.keyName))
        unfedKeys = Self.askedKeys(of: definition).filter { !reported.contains($0) }
    }

    /// The same for `configs` looked up by `places` (made of them): only those at the definition's place are looked at.
    public init(_ definition: EventDefinition, configs: [KVCConfig], places: ConfigPlaces) {
        let here = places.configs(appKey: definition.appKey, event: definition.viewEvent, at: definition.viewPath)
        self.init(definition, configs: here.map { configs[$0] })
    }

    /// The content keys of `definition` no config feeds, the configs looked up by `places` (made of `configs`) by
    /// place and key name: a look at the configs that report each key, however many others share the place.
    public static func unfedKeys(of definition: EventDefinition, configs: [KVCConfig], places: ConfigPlaces)
        -> [String]
    {
        askedKeys(of: definition).filter { key in
            !places.configs(
                appKey: definition.appKey, event: definition.viewEvent, at: definition.viewPath, keyName: key
            ).contains { feeds(configs[$0], definition) }
        }
    }

    /// The content keys a config must report, each once, in order: every one but the SDK's own fields.
    static func askedKeys(of definition: EventDefinition) -> [String] {
        var seen = Set<String>()
        return definition.content.map(\.key).filter { !EventDefinition.isSDKField($0) && seen.insert($0).inserted }
    }

    /// Whether `config`'s values come with the records `definition` counts: its app, event, SDK, and overlapping
    /// versions and location.
    static func feeds(_ config: KVCConfig, _ definition: EventDefinition) -> Bool {
        config.appKey == definition.appKey && config.viewEvent == definition.viewEvent
            && config.versions.overlaps(definition.versions) && config.profile == definition.profile
            && config.viewPath.overlaps(definition.viewPath)
    }
}

extension ViewPath {
    /// True when some concrete path fits both this path and `other`: same length, names and aliases, and indices
    /// that can be equal.
    public func overlaps(_ other: ViewPath) -> Bool {
        guard segments.count == other.segments.count else { return false }
        for (mine, theirs) in zip(segments, other.segments) {
            guard mine.name == theirs.name, mine.alias == theirs.alias, mine.index.overlaps(theirs.index) else {
                return false
            }
        }
        return true
    }
}

extension SegmentIndex {
    /// True when some concrete index fits both indices.
    public func overlaps(_ other: SegmentIndex) -> Bool {
        switch (self, other) {
        case (.position(nil), _), (_, .position(nil)): return true
        case (.position(let a), .position(let b)): return a == b
        case (.cell(let s1, let r1), .cell(let s2, let r2)):
            return (s1 == nil || s2 == nil || s1 == s2) && (r1 == nil || r2 == nil || r1 == r2)
        default: return false
        }
    }
}
