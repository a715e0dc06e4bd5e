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
        feeding = configs.filter { config in
            config.appKey == definition.appKey && config.viewEvent == definition.viewEvent
                && config.versions.overlaps(definition.versions) && config.profile == definition.profile
                && config.viewPath.overlaps(definition.viewPath)
        }
        let reported = Set(feeding.map(\.keyName))
        var seen = Set<String>()
        unfedKeys = definition.content.map(\.key).filter { key in
            !EventDefinition.isSDKField(key) && !reported.contains(key) && seen.insert(key).inserted
        }
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
