import ArgumentParser
import LassoSnapshot

/// `lasso match --profile mixpanel`: the objects a Mixpanel selector selects, in the SDK's order.
struct MixpanelMatch {
    let command: MatchCommand

    func run(on screen: Screen) throws {
        let selector = try MixpanelSelector.parse(command.path)
        if command.event != nil || !command.conditions.isEmpty {
            throw LassoError(
                .usage, "--event and --condition do not apply to a Mixpanel selector; put a predicate in it")
        }
        let snapshot = screen.snapshot
        let dialect = MixpanelDialect(snapshot)
        let root: MixpanelObject
        if let from = command.from {
            root = dialect.tree.root(at: try NodeQuery.node(from, in: snapshot))
        } else {
            guard let found = dialect.tree.defaultRoot else {
                throw LassoError(
                    .notFound,
                    "\(command.snapshot): no window with a root view controller, where Mixpanel starts a selector; give --from NODE"
                )
            }
            root = found
        }
        let found = selector.select(from: root, in: dialect.tree)
        if command.json {
            Console.json(.array(found.map { .object(Self.summary($0, in: snapshot)) }))
        } else {
            for object in found {
                guard Console.isOutputOpen else { break }
                let summary = Self.summary(object, in: snapshot)
                Console.row([String(object.node), summary["class"]?.plainText ?? "", summary["id"]?.plainText ?? ""])
            }
        }
        if found.isEmpty {
            if !command.json {
                Console.error(
                    "no view on \(command.snapshot) is selected by \(command.path)"
                        + Self.moduleHint(selector, in: snapshot).map { "; " + $0 }.joined())
            }
            throw ExitCode(ExitStatus.findings)
        }
    }

    /// When the selector names classes without their module and the screen has them with one (Mixpanel's iOS SDK
    /// names a Swift class `ShopKit.ProductCell`): the names to write instead.
    static func moduleHint(_ selector: MixpanelSelector, in snapshot: Snapshot) -> [String] {
        var classes = Set<String>()
        for node in snapshot.indices {
            classes.formUnion(ClassName.runtimeNames(snapshot.className(of: node)))
            if let controller = snapshot.controller(of: node)?.className {
                classes.formUnion(ClassName.runtimeNames(controller))
            }
        }
        var hints: [String] = []
        for name in Set(selector.steps.map(\.name)).sorted() where name != "*" && !classes.contains(name) {
            let qualified = classes.filter { $0.hasSuffix("." + name) }.sorted()
            guard !qualified.isEmpty else { continue }
            hints.append(
                "no class here is named \(name), but \(qualified.joined(separator: " and ")) \(qualified.count == 1 ? "is" : "are") (Mixpanel names a Swift class with its module)"
            )
        }
        return hints
    }

    /// index (the pre-order number; a controller's is its root view's), id, class, and `controller` for a controller.
    static func summary(_ object: MixpanelObject, in snapshot: Snapshot) -> JSONObject {
        var summary = JSONObject()
        summary["index"] = .int(object.node)
        summary["id"] = snapshot.nodeID(of: object.node).map { .string($0) } ?? .null
        switch object {
        case .view(let node):
            summary["class"] = .string(snapshot.className(of: node))
        case .controller(let node):
            summary["class"] = .string(snapshot.controller(of: node)?.className ?? "")
            summary["controller"] = .bool(true)
        }
        return summary
    }
}
