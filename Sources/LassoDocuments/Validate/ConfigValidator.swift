import LassoSnapshot

/// Checks configs against a screen: how many views each matches, what its key path gives there, and whether that is sound.
public struct ConfigValidator: Sendable {
    /// The verdict on one config on one screen.
    public enum Status: String, Sendable {
        case ok
        case noMatch = "no-match"
        case noValue = "no-value"
        case ambiguous
        /// The key path gives values of different kinds on the views the path matches (a text on some rows,
        /// a number or nothing on others): not the same field on every row.
        case mixed
        public var isBroken: Bool { self != .ok }
    }

    /// One config's outcome on one snapshot.
    public struct Outcome: Sendable {
        public var entry: ConfigDirectory.Entry
        public var status: Status
        public var matches: [Int]
        public var value: JSONValue?
        public var reason: String
        /// For no-match: the views that have the path but not the event or conditions.
        public var looseMatches: [Int] = []
    }

    public let matcher: ScreenMatcher
    public var snapshot: Snapshot { matcher.snapshot }

    public init(_ matcher: ScreenMatcher) { self.matcher = matcher }
    public init(_ matcher: PathMatcher) { self.init(ScreenMatcher(matcher)) }

    /// The configs that concern this snapshot: its app key (when it has one) and a version interval that holds its version.
    public func relevant(_ entries: [ConfigDirectory.Entry], appKey: String?, version: AppVersion?) -> [ConfigDirectory
        .Entry]
    {
        entries.filter { entry in
            if let appKey, entry.config.appKey != appKey { return false }
            if let version, !entry.config.versions.contains(version) { return false }
            return true
        }
    }

    public func check(_ entry: ConfigDirectory.Entry) -> Outcome {
        let config = entry.config
        let matches = matcher.matches(
            config.viewPathText, profile: config.profile, path: config.viewPath, event: config.viewEvent,
            conditions: config.conditions)
        guard !matches.isEmpty else {
            let loose = matcher.matches(config.viewPathText, profile: config.profile, path: config.viewPath)
            let reason =
                loose.isEmpty
                ? "no view on this screen has the path \(config.viewPathText)"
                : "\(loose.count) view(s) have the path, but the event \(config.viewEvent) or the conditions do not fit them"
            return Outcome(entry: entry, status: .noMatch, matches: [], value: nil, reason: reason, looseMatches: loose)
        }
        let evaluator = KeyPathEvaluator(snapshot)
        let value = matches.lazy.compactMap { evaluator.evaluate(config.keyPath, on: $0).value }.first
        if matches.count > 1 && !config.opensLocation {
            return Outcome(
                entry: entry, status: .ambiguous, matches: matches, value: value,
                reason: "the path has no wildcard but matches \(matches.count) views")
        }
        guard let value else {
            return Outcome(
                entry: entry, status: .noValue, matches: matches, value: nil,
                reason: "the key path \(config.keyPath) gives nothing on the matched view(s)")
        }
        let reading = ValueKinds.reading(config.keyPath, on: Array(matches.prefix(500)), evaluator: evaluator)
        if let mixed = reading.mixed {
            return Outcome(
                entry: entry, status: .mixed, matches: matches, value: value,
                reason:
                    "the key path \(config.keyPath) gives \(mixed) on the \(min(matches.count, 500)) matched views: not the same field on every row"
            )
        }
        // A field missing from some rows is the same field: said, not failed (those rows report no value).
        let absent = reading.absentWords.map {
            "the key path \(config.keyPath) is \($0) (its view is not there or gives nothing): those rows report no value"
        }
        return Outcome(entry: entry, status: .ok, matches: matches, value: value, reason: absent ?? "")
    }
}
