import LassoSnapshot

/// A repaired hook config proposed for one broken at V (`lasso check --repair`): a class renamed is re-found by the
/// nearest name V's screens show (one that has the hooked methods, where they are listed), a method renamed by the
/// nearest selector the class has, a key path that gives nothing by the value it gave before V (or by its last key);
/// the repair must check ok on V's screens.
public struct HookRepair: Sendable {
    public var entry: HookDirectory.Entry
    /// The config from V on, with a new id; nil when no repair was found (`problem` says why).
    public var repaired: HookConfig?
    public var changes: [RepairChange]
    public var problem: String?
    /// Once written: the old config's file (ended at V) and the repaired one's.
    public var written: [String] = []
    /// Set when writing failed.
    public var failure: LassoError?

    /// Repairs for every hook config broken at V; `before` are screens of the version before V, where a key path's
    /// old value is read.
    public static func plan(
        _ check: HookCheck, version: AppVersion, screens: [ReleaseCheck.Screen], before: [ReleaseCheck.Screen],
        newID: () -> String = KVCConfig.newID
    ) -> [HookRepair] {
        let broken = check.broken
        guard !broken.isEmpty else { return [] }
        let census = ClassCensus(screens.map(\.table.snapshot))
        let oldCensus = ClassCensus(before.map(\.table.snapshot))
        return broken.map { result in
            repair(
                result.entry, version: version, census: census, screens: screens, oldCensus: oldCensus, id: newID())
        }
    }

    static func repair(
        _ entry: HookDirectory.Entry, version: AppVersion, census: ClassCensus, screens: [ReleaseCheck.Screen],
        oldCensus: ClassCensus, id: String
    ) -> HookRepair {
        let config = entry.config
        var repair = HookRepair(entry: entry, repaired: nil, changes: [], problem: nil)
        var repaired = config
        // The class: kept when V still has it, else the nearest name, first among those that have every hooked method.
        if !census.isPresent(config.className) {
            let names = census.runtimeNames
            let withMethods = Set(
                names.keys.filter { name in
                    census.selectors(of: name).map { Set(config.selectors).isSubset(of: $0) } ?? false
                })
            let key = ClassName.pathName(config.className)
            guard let near = HookCheck.nearest(key, in: withMethods) ?? HookCheck.nearest(key, in: Set(names.keys))
            else {
                repair.problem = "no class on V's screens has a name near \(config.className)"
                return repair
            }
            repaired.className = names[near] ?? near
        }
        // The methods: each one the class no longer lists, by the nearest one it does.
        if let known = census.selectors(of: repaired.className) {
            for (index, selector) in repaired.selectors.enumerated() where !known.contains(selector) {
                guard let near = HookCheck.nearest(selector, in: known) else {
                    repair.problem = "\(repaired.className) has no method near \(selector)"
                    return repair
                }
                repaired.selectors[index] = near
            }
        }
        // The key paths read on the instance: each one that gives nothing on V's views of the class, by its old value.
        let views = census.views(of: repaired.className)
        let keyPaths = Self.instanceKeyPaths(of: config)
        for keyPath in keyPaths where !views.isEmpty {
            let source = HookSource(keyPath: keyPath)
            let gives = views.contains { snapshot, node in
                HookEvaluation.on(view: node, in: snapshot).read(source) != nil
            }
            guard !gives else { continue }
            let old = oldCensus.views(of: config.className).lazy.compactMap { snapshot, node in
                HookEvaluation.on(view: node, in: snapshot).read(source)
            }.first
            guard let found = Self.keyPath(giving: old, like: keyPath, on: repaired.className, screens: screens) else {
                repair.problem =
                    old.map {
                        "no key path on \(repaired.className) gives \(JSONWriter.compact($0)), the value \(keyPath) gave before V"
                    }
                    ?? "no key path on \(repaired.className) gives a value like \(keyPath)"
                return repair
            }
            repaired = repaired.replacingKeyPath(keyPath, with: found)
            repair.changes.append(RepairChange(field: "keyPath", before: keyPath, after: found))
        }
        repaired.id = id
        repaired.versions = VersionRanges([VersionInterval(from: version)])
        let outcome = HookCheck.check(HookDirectory.Entry(config: repaired, file: ""), census: census)
        guard !outcome.isBroken else {
            repair.problem = "the nearest fix is still broken: " + outcome.problems.joined(separator: "; ")
            return repair
        }
        if repaired.className != config.className {
            repair.changes.insert(
                RepairChange(field: "class", before: config.className, after: repaired.className), at: 0)
        }
        if repaired.selectors != config.selectors {
            repair.changes.append(
                RepairChange(
                    field: "selectors", before: config.selectors.joined(separator: " "),
                    after: repaired.selectors.joined(separator: " ")))
        }
        repair.changes.append(
            RepairChange(field: "versions", before: config.versions.description, after: repaired.versions.description))
        repair.repaired = repaired
        return repair
    }

    /// The key paths a config reads on the instance (not on an argument), each once, in order.
    static func instanceKeyPaths(of config: HookConfig) -> [String] {
        var seen = Set<String>()
        let sources = config.rules.flatMap { $0.when.map(\.source) } + config.values.map(\.source)
        return sources.filter { $0.argument == nil && seen.insert($0.keyPath).inserted }.map(\.keyPath)
    }

    /// A key path that gives `value` on a view of the class on V's screens, else one that ends in the same key.
    static func keyPath(
        giving value: JSONValue?, like old: String, on className: String, screens: [ReleaseCheck.Screen]
    )
        -> String?
    {
        let name = ClassName.pathName(className)
        let lastKey = old.split(separator: ".").last.map(String.init) ?? old
        var byName: String?
        for screen in screens {
            let snapshot = screen.table.snapshot
            for node in snapshot.indices where ClassName.pathName(snapshot.className(of: node)) == name {
                let candidates = ValueCandidates.list(for: node, in: screen.table)
                if let value, let found = candidates.first(where: { $0.value == value }) { return found.keyPath }
                byName =
                    byName ?? candidates.first { $0.keyPath == lastKey || $0.keyPath.hasSuffix("." + lastKey) }?.keyPath
            }
        }
        return byName
    }

    /// Writes each repair: the old config ended at V, then the repaired one from V, each file atomically.
    public static func write(
        _ repairs: [HookRepair], at version: AppVersion, directory: HookDirectory, entries: [HookDirectory.Entry]
    ) -> [HookRepair] {
        RepairWriting.write(repairs, at: version, folder: directory, entries: entries)
    }

    /// The repair as data.
    public var json: JSONValue {
        var object = JSONObject()
        object["id"] = .string(entry.config.id)
        object["file"] = .string(entry.file)
        object["class"] = .string(entry.config.className)
        object["repaired"] = repaired.map { HookCodec.json($0) } ?? .null
        object["changes"] = .array(changes.map(\.json))
        if let problem { object["problem"] = .string(problem) }
        object["written"] = .array(written.map { .string($0) })
        return .object(object)
    }
}

extension HookConfig {
    /// The config with every read of `old` on the instance (in rules and values) reading `new` instead.
    func replacingKeyPath(_ old: String, with new: String) -> HookConfig {
        var config = self
        func swap(_ source: HookSource) -> HookSource {
            source.argument == nil && source.keyPath == old ? HookSource(keyPath: new) : source
        }
        if case .rules(let rules) = trigger {
            config.trigger = .rules(
                rules.map { rule in
                    HookRule(
                        when: rule.when.map { HookCondition(source: swap($0.source), op: $0.op, value: $0.value) },
                        event: rule.event)
                })
        }
        config.values = values.map { HookValue(name: $0.name, source: swap($0.source)) }
        return config
    }
}

extension HookRepair: WritableRepair {
    var original: HookConfig { entry.config }
    var removal: String { "lasso hook rm \(entry.config.shortID)" }
    static var versions: WritableKeyPath<HookConfig, VersionRanges> { \.versions }
}
