/// Describes a view as data: the short form that `path` and `match` list, and the full form that `inspect` shows.
public struct NodeReport: Sendable {
    public let table: PathTable
    public var snapshot: Snapshot { table.snapshot }

    public init(_ table: PathTable) { self.table = table }

    /// The page (view controller) label of a view, or nil when no view controller holds it.
    public func pageLabel(of node: Int) -> String? {
        table.page(of: node).map { table.pageSegment(ofPageRoot: $0).label }
    }

    /// index, depth, class, page, path, viewId, and the texts that identify the view.
    public func summary(_ node: Int) -> JSONObject {
        var object = JSONObject()
        object["index"] = .int(node)
        object["depth"] = .int(snapshot.depth(of: node))
        object["class"] = .string(snapshot.className(of: node))
        object["name"] = .string(table.name(of: node))
        object["page"] = pageLabel(of: node).map { .string($0) } ?? .null
        let (path, viewId) = table.pathTextAndViewId(of: node)
        object["path"] = .string(path)
        object["viewId"] = .string(viewId)
        for (key, value) in texts(of: node) { object[key] = .string(value) }
        if let sdk = snapshot.sdkViewPath(of: node) {
            object["sdkViewPath"] = .string(sdk)
            object["sdkViewPathAgrees"] = .bool(sdkPathAgrees(node, sdk))
        }
        return object
    }

    /// Every detail of the view, as the terminal UI's details pane shows it, for `inspect`.
    public func details(_ node: Int) -> JSONObject {
        var object = summary(node)
        let path = table.path(of: node)
        // An Android view's chain is its Android one; the UIKit class lasso's events treat it as is said apart.
        let own = snapshot.platformSuperclasses(of: node)
        object["classChain"] = .array(([ClassName.pathName(snapshot.className(of: node))] + own).map { .string($0) })
        object["superclasses"] = .array(own.map { .string($0) })
        if let equivalent = snapshot.uikitEquivalent(of: node) { object["eventsAs"] = .string(equivalent) }
        object["pageChain"] = .array(table.pageChain(of: node).map { .string($0) })
        object["notations"] = .object(
            JSONObject(
                PathNotation.allCases.map { JSONObject.Member(key: $0.rawValue, value: .string($0.write(path))) }))
        object["parent"] = snapshot.parent(of: node).map { .int($0) } ?? .null
        object["children"] = .int(snapshot.childCount(of: node))
        if let frame = snapshot.frame(of: node) { object["frame"] = rect(frame) }
        if let frame = WindowGeometry.windowFrame(of: node, in: snapshot) { object["windowFrame"] = rect(frame) }
        object["hidden"] = .bool(snapshot.isHidden(of: node))
        if let alpha = snapshot.alpha(of: node) { object["alpha"] = .double(alpha) }
        if let indexPath = snapshot.indexPath(of: node) {
            object["indexPath"] = .array([.int(indexPath.section), .int(indexPath.row)])
        }
        let actions = snapshot.actions(of: node)
        if !actions.isEmpty {
            // As the snapshot gave them: a selector alone, or with the class of its target.
            object["actions"] = .array(
                zip(actions, snapshot.actionTargets(of: node)).map { selector, target in
                    guard let target else { return .string(selector) }
                    return .object(JSONObject(["selector": .string(selector), "target": .string(target)]))
                })
        }
        let gestures = snapshot.gestures(of: node)
        if !gestures.isEmpty { object["gestures"] = .array(gestures.map { .string($0) }) }
        if let state = snapshot.state(of: node) { object["state"] = .object(state) }
        if let properties = snapshot.properties(of: node) { object["properties"] = properties }
        if let controller = snapshot.controller(of: node) {
            var info = JSONObject()
            info["class"] = .string(controller.className)
            if !controller.superclasses.isEmpty {
                info["superclasses"] = .array(controller.superclasses.map { .string($0) })
            }
            if let title = controller.title { info["title"] = .string(title) }
            if let alias = controller.alias { info["alias"] = .string(alias) }
            if let properties = snapshot.properties(of: controller) { info["properties"] = properties }
            for member in snapshot.unknownFields(of: controller).members { info[member.key] = member.value }
            object["viewController"] = .object(info)
        }
        object["events"] = .array(EventType.applicable(to: node, in: snapshot).map { .string($0.rawValue) })
        let suggested = Condition.suggested(for: node, in: snapshot)
        if !suggested.isEmpty {
            object["suggestedConditions"] = .object(
                JSONObject(suggested.map { JSONObject.Member(key: $0.key, value: .string($0.value)) }))
        }
        let unknown = snapshot.unknownFields(of: node)
        if !unknown.isEmpty { object["otherFields"] = .object(unknown) }
        return object
    }

    /// The identifying texts a view has, in a fixed order.
    public func texts(of node: Int) -> [(String, String)] {
        var result: [(String, String)] = []
        if let text = snapshot.text(of: node) { result.append(("text", text)) }
        if let title = snapshot.title(of: node) { result.append(("title", title)) }
        if let identifier = snapshot.accessibilityIdentifier(of: node) {
            result.append(("accessibilityIdentifier", identifier))
        }
        if let label = snapshot.accessibilityLabel(of: node) { result.append(("accessibilityLabel", label)) }
        if let image = snapshot.imageName(of: node) { result.append(("imageName", image)) }
        return result
    }

    /// True when the path the app's SDK recorded names the same place as lasso's own path.
    public func sdkPathAgrees(_ node: Int, _ sdkPath: String) -> Bool {
        guard let parsed = try? PathNotation.parse(sdkPath) else { return false }
        return parsed == table.path(of: node)
    }

    private func rect(_ frame: Rect) -> JSONValue {
        .array([.double(frame.x), .double(frame.y), .double(frame.width), .double(frame.height)])
    }
}
