import LassoSnapshot

/// Two or more configs that collect the same key name from the same view for the same event on one screen: the SDK
/// would report the key twice (issue 5, "duplicates").
public struct DuplicateCollection: Sendable {
    public var keyName: String
    public var event: String
    /// The views that more than one of the configs match.
    public var nodes: [Int]
    public var entries: [ConfigDirectory.Entry]

    /// The duplicates among the outcomes of configs on one screen, in the order the configs came.
    public static func find(_ outcomes: [ConfigValidator.Outcome]) -> [DuplicateCollection] {
        struct Group: Hashable {
            var keyName: String
            var event: String
        }
        var groups: [Group: [ConfigValidator.Outcome]] = [:]
        var order: [Group] = []
        for outcome in outcomes where !outcome.matches.isEmpty {
            let group = Group(keyName: outcome.entry.config.keyName, event: outcome.entry.config.viewEvent)
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(outcome)
        }
        var found: [DuplicateCollection] = []
        for group in order {
            let members = groups[group]!
            guard members.count > 1 else { continue }
            // For each set of configs sharing views, the views they share.
            var nodesByConfigs: [[String]: [Int]] = [:]
            var setOrder: [[String]] = []
            var byNode: [Int: [Int]] = [:]
            for (position, outcome) in members.enumerated() {
                for node in outcome.matches { byNode[node, default: []].append(position) }
            }
            for node in byNode.keys.sorted() {
                let positions = byNode[node]!
                guard positions.count > 1 else { continue }
                let ids = positions.map { members[$0].entry.config.id }
                if nodesByConfigs[ids] == nil { setOrder.append(ids) }
                nodesByConfigs[ids, default: []].append(node)
            }
            for ids in setOrder {
                let entries = ids.compactMap { id in members.first { $0.entry.config.id == id }?.entry }
                found.append(
                    DuplicateCollection(
                        keyName: group.keyName, event: group.event, nodes: nodesByConfigs[ids]!, entries: entries))
            }
        }
        return found
    }

    /// The duplicate as data: key name, event, views, and the configs' ids and files.
    public var json: JSONValue {
        .object(
            JSONObject([
                "keyName": .string(keyName), "viewEvent": .string(event), "nodes": .array(nodes.map { .int($0) }),
                "configs": .array(
                    entries.map {
                        .object(
                            JSONObject([
                                "id": .string($0.config.id), "file": .string($0.file),
                                "viewPath": .string($0.config.viewPathText),
                            ]))
                    }),
            ]))
    }

    /// One line for people: which configs, which key, how many views.
    public var sentence: String {
        let ids = entries.map(\.config.shortID).joined(separator: ", ")
        let views =
            nodes.count == 1
            ? "view #\(nodes[0])"
            : "\(nodes.count) views (#\(nodes.prefix(5).map(String.init).joined(separator: ", #"))\(nodes.count > 5 ? ", …" : ""))"
        return "configs \(ids) all collect \"\(keyName)\" on \(event) from \(views)"
    }
}
