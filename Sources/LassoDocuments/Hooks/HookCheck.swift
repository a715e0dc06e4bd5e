import LassoSnapshot

/// The release check of hook configs (docs/hook-configs.md, "Release check"): on the screens of a new version, is each
/// config's class still there, does it still have the hooked selectors, and do its key paths give something?
public struct HookCheck: Sendable {
    /// What a check found about one hook config.
    public struct Result: Sendable {
        public var entry: HookDirectory.Entry
        /// The problems, in words; empty when the config is ok.
        public var problems: [String]
        /// The selectors the class no longer has.
        public var missingSelectors: [String]
        public var classFound: Bool

        public var isBroken: Bool { !problems.isEmpty }

        /// The result as data.
        public var json: JSONValue {
            var object = JSONObject()
            object["id"] = .string(entry.config.id)
            object["file"] = .string(entry.file)
            object["class"] = .string(entry.config.className)
            object["selectors"] = .array(entry.config.selectors.map { .string($0) })
            object["status"] = .string(isBroken ? "broken" : "ok")
            object["classFound"] = .bool(classFound)
            object["missingSelectors"] = .array(missingSelectors.map { .string($0) })
            object["problems"] = .array(problems.map { .string($0) })
            return .object(object)
        }
    }

    public let version: AppVersion?
    public let results: [Result]

    public var broken: [Result] { results.filter(\.isBroken) }

    /// Checks the configs of `entries` of the app `appKey` (nil: every app) whose versions contain `version` (nil:
    /// every config) against `snapshots`, all of that version.
    public init(entries: [HookDirectory.Entry], snapshots: [Snapshot], appKey: String?, version: AppVersion?) {
        self.version = version
        let relevant = entries.filter { entry in
            (appKey == nil || entry.config.appKey == appKey)
                && (version.map { entry.config.versions.contains($0) } ?? true)
        }
        let census = relevant.isEmpty ? ClassCensus([]) : ClassCensus(snapshots)
        results = relevant.map { Self.check($0, census: census) }
    }

    /// A broken hook config ended at the new version (`--close-broken`), or why it could not be.
    public struct Closing: Sendable {
        public var entry: HookDirectory.Entry
        public var versions: VersionRanges?
        public var written: String?
        public var problem: String?

        /// The edit as data.
        public var json: JSONValue {
            var object = JSONObject()
            object["id"] = .string(entry.config.id)
            object["file"] = .string(entry.file)
            object["action"] = .string("closed")
            object["before"] = ConfigCodec.json(entry.config.versions)
            object["after"] = versions.map(ConfigCodec.json) ?? .null
            object["written"] = .bool(written != nil)
            if let problem { object["problem"] = .string(problem) }
            return .object(object)
        }
    }

    /// Ends each broken config's versions at the check's version, saving each file atomically; a config that starts
    /// there would be left with no version, and is reported instead.
    public func closeBroken(in directory: HookDirectory, entries: [HookDirectory.Entry]) -> [Closing] {
        guard let version else { return [] }
        var current = entries
        return broken.map { result in
            var closing = Closing(entry: result.entry)
            guard let versions = VersionEdits.closing(result.entry.config.versions, at: version) else {
                closing.problem =
                    "it starts at \(version), so ending it there would leave no version; remove it with lasso hook rm \(result.entry.config.shortID)"
                return closing
            }
            var config = result.entry.config
            config.versions = versions
            closing.versions = versions
            do throws(LassoError) {
                closing.written = try directory.save(config, replacing: current)
                if let at = current.firstIndex(where: { $0.config.id == config.id }) {
                    current[at] = HookDirectory.Entry(config: config, file: closing.written!)
                }
            } catch {
                closing.problem = error.message
            }
            return closing
        }
    }

    static func check(_ entry: HookDirectory.Entry, census: ClassCensus) -> Result {
        let config = entry.config
        var problems: [String] = []
        let name = config.className
        let found = census.isPresent(name)
        if !found {
            problems.append(
                "class \(name) is on none of the snapshots (not a view's or view controller's class, an action's target, or in classes)"
            )
        }
        var missing: [String] = []
        if let known = census.selectors(of: name) {
            for selector in config.selectors where !known.contains(selector) {
                missing.append(selector)
                var sentence = "\(name) has no method \(selector) any more"
                if let near = Self.nearest(selector, in: known) { sentence += " (renamed to \(near)?)" }
                problems.append(sentence)
            }
        }
        let views = census.views(of: name)
        if !views.isEmpty {
            var sources = config.rules.flatMap { $0.when.map(\.source) } + config.values.map(\.source)
            sources = sources.filter { $0.argument == nil }
            var seen: Set<String> = []
            for source in sources where seen.insert(source.keyPath).inserted {
                let gives = views.contains { snapshot, node in
                    HookEvaluation.on(view: node, in: snapshot).read(source) != nil
                }
                if !gives {
                    problems.append(
                        "the key path \(source.keyPath) gives nothing on \(views.count) \(name) view\(views.count == 1 ? "" : "s")"
                    )
                }
            }
        }
        return Result(entry: entry, problems: problems, missingSelectors: missing, classFound: found)
    }

    /// The known selector closest to `selector` by edit distance, when it is close enough to be a rename.
    static func nearest(_ selector: String, in known: Set<String>) -> String? {
        let scored = known.map { ($0, distance(Array(selector.utf8), Array($0.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= max(3, selector.utf8.count / 2) ? best.0 : nil
    }

    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// The classes a set of snapshots shows, and what they say each has: views and their controllers, actions' targets,
/// the `classes` lists. Runtime names compare as viewPaths name them too (`ShopKit.ProductCell` is `ProductCell`).
struct ClassCensus {
    private var present: Set<String> = []
    private var methods: [String: Set<String>] = [:]
    private var viewNodes: [String: [(Snapshot, Int)]] = [:]
    /// Each class by its path name, as the runtime first named it in the snapshots.
    private(set) var runtimeNames: [String: String] = [:]

    init(_ snapshots: [Snapshot]) {
        var names: [String: String] = [:]
        func pathName(_ runtime: String) -> String {
            if let known = names[runtime] { return known }
            let made = ClassName.pathName(runtime)
            names[runtime] = made
            if runtimeNames[made] == nil { runtimeNames[made] = runtime }
            return made
        }
        for snapshot in snapshots {
            for entry in snapshot.classes {
                let key = pathName(entry.name)
                present.insert(key)
                if let list = entry.methods { methods[key, default: []].formUnion(list) }
            }
            for controller in snapshot.controllers { present.insert(pathName(controller.className)) }
            for node in snapshot.indices {
                let key = pathName(snapshot.className(of: node))
                present.insert(key)
                viewNodes[key, default: []].append((snapshot, node))
                let actions = snapshot.actions(of: node)
                guard !actions.isEmpty else { continue }
                for (selector, target) in zip(actions, snapshot.actionTargets(of: node)) {
                    guard let target else { continue }
                    let targetKey = pathName(target)
                    present.insert(targetKey)
                    methods[targetKey, default: []].insert(selector)
                }
            }
        }
    }

    func isPresent(_ name: String) -> Bool { present.contains(ClassName.pathName(name)) }

    /// The selectors the snapshots list for the class (its methods and the actions that target it); nil when they
    /// list none, so nothing can be told.
    func selectors(of name: String) -> Set<String>? { methods[ClassName.pathName(name)] }

    /// The views of the class, where key paths on its instances can be tried.
    func views(of name: String) -> [(Snapshot, Int)] { viewNodes[ClassName.pathName(name)] ?? [] }
}
