import Synchronization

/// Finds the views a stored path names on one screen, in whichever profile it is written: lasso's own paths through
/// `PathMatcher`, an SDK's through that profile's dialect; each made on first use (they index every view) and kept.
public struct ScreenMatcher: Sendable {
    public let table: PathTable
    private let dialects: DialectCache
    public var snapshot: Snapshot { table.snapshot }

    public init(_ paths: PathMatcher) {
        table = paths.table
        dialects = DialectCache()
        dialects.paths.withLock { $0 = paths }
    }

    public init(_ table: PathTable) {
        self.table = table
        dialects = DialectCache()
    }

    /// lasso's own matcher.
    public var paths: PathMatcher {
        dialects.paths.withLock { known in
            if let known { return known }
            let made = PathMatcher(table)
            known = made
            return made
        }
    }

    /// The profile's dialect on this screen.
    public func dialect(_ profile: SDKProfile) -> any PathDialect {
        if profile == .lasso { return LassoDialect(table) }
        return dialects.store.withLock { store in
            if let known = store[profile] { return known }
            let made = profile.dialect(for: snapshot, rules: table.profile)
            store[profile] = made
            return made
        }
    }

    /// The views `text` (written in `profile`) names, where `event` applies (if given) and every condition holds.
    /// `path` is the lasso path already read for a lasso one; an empty `text` in an SDK's profile names every page's
    /// root view (a page view's definition, whose records carry no element path).
    public func matches(
        _ text: String, profile: SDKProfile, path: ViewPath, event: String? = nil, conditions: [Condition] = []
    ) -> [Int] {
        if profile == .lasso { return paths.matches(path, event: event, conditions: conditions) }
        let eventType = event.flatMap(EventType.init(rawValue:))
        let selected: [Int]
        if text.isEmpty {
            // A page view in an SDK's profile has no element path: every page's root view is a candidate.
            selected = snapshot.indices.filter { EventType.pageView.applies(to: $0, in: snapshot) }
        } else {
            guard let pattern = try? profile.read(text) else { return [] }
            selected = textIndex(profile).map { $0[text] ?? [] } ?? dialect(profile).select(pattern)
        }
        return selected.filter { node in
            if let eventType, !eventType.applies(to: node, in: snapshot) { return false }
            return conditions.allSatisfy { $0.holds(on: node, in: snapshot) }
        }
    }
}

extension ScreenMatcher {
    /// For a profile whose SDK compares path texts exactly (Sensors, its legacy selector, Sensors Android), every
    /// view's path and any-row path to the views that have it, made once: a folder of configs is then matched
    /// without walking the screen once per config. Nil for the profiles that evaluate a pattern (Mixpanel) or
    /// match part of one (a GrowingIO xpath without its xcontent).
    func textIndex(_ profile: SDKProfile) -> [String: [Int]]? {
        guard [.sensors, .sensorsSelector, .sensorsAndroid].contains(profile) else { return nil }
        let dialect = self.dialect(profile)
        return dialects.texts.withLock { known in
            if let index = known[profile] { return index }
            var index: [String: [Int]] = [:]
            for node in snapshot.indices {
                let one = dialect.location(of: node)?.path
                if let one { index[one, default: []].append(node) }
                if let any = dialect.anyRowLocation(of: node)?.path, any != one { index[any, default: []].append(node) }
            }
            known[profile] = index
            return index
        }
    }
}

/// The dialects one screen has made, shared by the copies of its `ScreenMatcher`.
final class DialectCache: Sendable {
    let paths = Mutex<PathMatcher?>(nil)
    let store = Mutex<[SDKProfile: any PathDialect]>([:])
    let texts = Mutex<[SDKProfile: [String: [Int]]]>([:])
}
