import LassoSnapshot

/// A repaired named event proposed for one whose location matches no view at V (`lasso check --repair`): the
/// location re-found on V's screens (the nearest view for its event, with the old location's wildcards), checked to
/// match there; its content conditions stay as they were.
public struct DefinitionRepair: Sendable {
    public var entry: EventDirectory.Entry
    /// The definition from V on, with a new id; nil when no repair was found (`problem` says why).
    public var repaired: EventDefinition?
    public var changes: [RepairChange]
    public var problem: String?
    /// Once written: the old definition's file (ended at V) and the repaired one's.
    public var written: [String] = []
    /// Set when writing failed.
    public var failure: LassoError?

    /// Repairs for the definitions whose location matches nothing at V (an unfed one is fed by adding or repairing
    /// configs, not by moving it).
    public static func plan(
        _ check: EventCheck, version: AppVersion, screens: [ReleaseCheck.Screen],
        newID: () -> String = KVCConfig.newID
    ) -> [DefinitionRepair] {
        let matchers = screens.map { PathMatcher($0.table) }
        return check.results.filter { $0.status == .noMatch && $0.entry.definition.versions.contains(version) }.map {
            repair($0.entry, version: version, screens: screens, matchers: matchers, id: newID())
        }
    }

    static func repair(
        _ entry: EventDirectory.Entry, version: AppVersion, screens: [ReleaseCheck.Screen], matchers: [PathMatcher],
        id: String
    ) -> DefinitionRepair {
        let definition = entry.definition
        var repair = DefinitionRepair(entry: entry, repaired: nil, changes: [], problem: nil)
        guard definition.profile == .lasso else {
            repair.problem =
                "its location is written in \(definition.profile.rawValue)'s dialect, which lasso repairs only in its own paths: write it again (lasso event edit \(definition.shortID) --path …)"
            return repair
        }
        var best: (screen: Int, node: Int, cost: Int)?
        for (index, screen) in screens.enumerated() {
            guard let found = NearestView.find(definition.viewPath, in: screen.table),
                found.cost < (best?.cost ?? .max)
            else { continue }
            best = (index, found.node, found.cost)
        }
        guard let best else {
            repair.problem = "no view on V's screens is near enough to its location to repair it"
            return repair
        }
        let table = screens[best.screen].table
        let path = ReleaseRepair.keepingWildcards(of: definition.viewPath, on: table.path(of: best.node))
        guard !matchers[best.screen].matches(path, event: definition.viewEvent).isEmpty else {
            repair.problem =
                "the nearest view, \(table.pathText(of: best.node)), does not take the event \(definition.viewEvent)"
            return repair
        }
        var repaired = definition
        repaired.id = id
        repaired.viewPath = path
        repaired.viewPathText = table.profile.notation.write(path)
        repaired.versions = VersionRanges([VersionInterval(from: version)])
        repair.repaired = repaired
        repair.changes = [
            RepairChange(field: "viewPath", before: definition.viewPathText, after: repaired.viewPathText),
            RepairChange(
                field: "versions", before: definition.versions.description, after: repaired.versions.description),
        ]
        return repair
    }

    /// Writes each repair: the old definition ended at V, then the repaired one from V, each file atomically.
    public static func write(
        _ repairs: [DefinitionRepair], at version: AppVersion, directory: EventDirectory,
        entries: [EventDirectory.Entry]
    ) -> [DefinitionRepair] {
        RepairWriting.write(repairs, at: version, folder: directory, entries: entries)
    }

    /// The repair as data.
    public var json: JSONValue {
        var object = JSONObject()
        object["id"] = .string(entry.definition.id)
        object["file"] = .string(entry.file)
        object["key"] = .string(entry.definition.key)
        object["repaired"] = repaired.map(EventDefinitionCodec.json) ?? .null
        object["changes"] = .array(changes.map(\.json))
        if let problem { object["problem"] = .string(problem) }
        object["written"] = .array(written.map { .string($0) })
        return .object(object)
    }
}

extension DefinitionRepair: WritableRepair {
    var original: EventDefinition { entry.definition }
    var removal: String { "lasso event rm \(entry.definition.shortID)" }
    static var versions: WritableKeyPath<EventDefinition, VersionRanges> { \.versions }
}
