import LassoSnapshot

/// A repaired config proposed for a config broken at V (`lasso check --repair`): the path re-found on V's screens
/// with the same wildcards, the key path re-found by the value the old one gave, checked to be ok on V's screens.
public struct ReleaseRepair: Sendable {
    public var entry: ConfigDirectory.Entry
    /// The config from V on, with a new id; nil when no repair was found (`problem` says why).
    public var repaired: KVCConfig?
    public var changes: [RepairChange]
    /// The value the repaired key path gives on V's screens.
    public var value: JSONValue?
    public var problem: String?
    /// Once written: the old config's file (closed at V) and the repaired one's.
    public var written: [String] = []
    /// Set when writing failed.
    public var failure: LassoError?

    /// Repairs for every config broken at V. `before` are screens of the version before V, where the old key path's
    /// value is read; without them the key path is re-found by its last key's name.
    public static func plan(
        _ check: ReleaseCheck, screens: [ReleaseCheck.Screen], before: [ReleaseCheck.Screen],
        newID: () -> String = KVCConfig.newID
    ) -> [ReleaseRepair] {
        let matchers = screens.map { ScreenMatcher($0.table) }
        let oldMatchers = before.map { ScreenMatcher($0.table) }
        return check.broken.map { result in
            repair(
                result, version: check.window.version, screens: screens, matchers: matchers, before: oldMatchers,
                id: newID())
        }
    }

    static func repair(
        _ result: ReleaseCheck.Result, version: AppVersion, screens: [ReleaseCheck.Screen], matchers: [ScreenMatcher],
        before: [ScreenMatcher], id: String
    ) -> ReleaseRepair {
        let config = result.entry.config
        var repair = ReleaseRepair(entry: result.entry, repaired: nil, changes: [], value: nil, problem: nil)
        guard config.profile == .lasso else {
            repair.problem = "a path in \(config.profile.rawValue)'s dialect is repaired by hand: lasso path --profile"
            return repair
        }
        // The view on V's screens: where the path still matches, else the nearest one the check found.
        var place: (screen: Int, node: Int)?
        for (index, matcher) in matchers.enumerated() {
            let found = matcher.matches(
                config.viewPathText, profile: .lasso, path: config.viewPath, event: config.viewEvent,
                conditions: config.conditions)
            if let node = found.first {
                place = (index, node)
                break
            }
        }
        if place == nil, let nearest = result.nearest,
            let screen = screens.firstIndex(where: { $0.file == nearest.snapshot })
        {
            place = (screen, nearest.node)
        }
        guard let (screen, node) = place else {
            repair.problem = "no view on V's screens is near enough to its path to repair it"
            return repair
        }
        let table = screens[screen].table
        let path = keepingWildcards(of: config.viewPath, on: table.path(of: node))
        // The key path: kept when it still gives one kind of value on every matched view, else re-found.
        let evaluator = KeyPathEvaluator(table.snapshot)
        var keyPath = config.keyPath
        if evaluator.evaluate(keyPath, on: node).value == nil {
            let old = oldValue(of: config, on: before)
            let candidates = ValueCandidates.list(for: node, in: table)
            let byValue = old.flatMap { value in candidates.first { $0.value == value } }
            let lastKey = config.keyPath.split(separator: ".").last.map(String.init) ?? config.keyPath
            let byName = candidates.first { $0.keyPath.hasSuffix("." + lastKey) || $0.keyPath == lastKey }
            guard let found = byValue ?? byName else {
                repair.problem =
                    old.map { "no key path on the view gives \(JSONWriter.compact($0)), the value it gave before V" }
                    ?? "no key path on the view gives a value like \(config.keyPath)"
                return repair
            }
            keyPath = found.keyPath
        }
        var repaired = config
        repaired.id = id
        repaired.viewPath = path
        repaired.viewPathText = table.profile.notation.write(path)
        repaired.viewId = ViewId.make(path, hash: table.profile.hash)
        repaired.keyPath = keyPath
        repaired.versions = VersionRanges([VersionInterval(from: version)])
        // What the repaired config gives on V's screens must be ok, or it is no repair.
        let outcome = ConfigValidator(matchers[screen]).check(ConfigDirectory.Entry(config: repaired, file: ""))
        guard outcome.status == .ok else {
            repair.problem = "the nearest fix is still \(outcome.status.rawValue): \(outcome.reason)"
            return repair
        }
        repair.repaired = repaired
        repair.value = outcome.value
        if repaired.viewPathText != config.viewPathText {
            repair.changes.append(
                RepairChange(field: "viewPath", before: config.viewPathText, after: repaired.viewPathText))
        }
        if keyPath != config.keyPath {
            repair.changes.append(RepairChange(field: "keyPath", before: config.keyPath, after: keyPath))
        }
        repair.changes.append(
            RepairChange(field: "versions", before: config.versions.description, after: repaired.versions.description))
        return repair
    }

    /// The new view's path with the old one's wildcards: any row stays any row (the innermost cell), and a position
    /// left open stays open on the segment of the same name.
    static func keepingWildcards(of old: ViewPath, on new: ViewPath) -> ViewPath {
        var path = new
        let opensRow = old.segments.contains { if case .cell(_, nil) = $0.index { true } else { false } }
        if opensRow, let row = path.segments.lastIndex(where: { if case .cell = $0.index { true } else { false } }),
            case .cell(let section, _) = path.segments[row].index
        {
            path.segments[row].index = .cell(section: section, row: nil)
        }
        for segment in old.segments where segment.index == .position(nil) {
            if let same = path.segments.lastIndex(where: { $0.name == segment.name }) {
                path.segments[same].index = .position(nil)
            }
        }
        return path
    }

    /// The value the config's key path gave on the screens before V, where its path matched.
    static func oldValue(of config: KVCConfig, on screens: [ScreenMatcher]) -> JSONValue? {
        for matcher in screens {
            let found = matcher.matches(
                config.viewPathText, profile: config.profile, path: config.viewPath, event: config.viewEvent,
                conditions: config.conditions)
            let evaluator = KeyPathEvaluator(matcher.snapshot)
            if let value = found.lazy.compactMap({ evaluator.evaluate(config.keyPath, on: $0).value }).first {
                return value
            }
        }
        return nil
    }

    /// Writes each repair: the repaired config from V, then the old one closed at V, each file atomically; a repair
    /// that cannot be written, or whose config changed on disk since it was read, keeps its problem and leaves the
    /// folder as it was.
    public static func write(
        _ repairs: [ReleaseRepair], at version: AppVersion, directory: ConfigDirectory,
        entries: [ConfigDirectory.Entry]
    ) -> [ReleaseRepair] {
        RepairWriting.write(repairs, at: version, folder: directory, entries: entries)
    }

    /// The repair as data.
    public var json: JSONValue {
        var object = JSONObject()
        object["id"] = .string(entry.config.id)
        object["file"] = .string(entry.file)
        object["repaired"] = repaired.map(ConfigCodec.json) ?? .null
        object["changes"] = .array(changes.map(\.json))
        object["value"] = value ?? .null
        if let problem { object["problem"] = .string(problem) }
        object["written"] = .array(written.map { .string($0) })
        return .object(object)
    }
}

extension ReleaseRepair: WritableRepair {
    var original: KVCConfig { entry.config }
    var removal: String { "lasso config rm \(entry.config.shortID)" }
    static var versions: WritableKeyPath<KVCConfig, VersionRanges> { \.versions }
}
