/// The tree of windows, controllers and views that `MPObjectSelector` walks, rebuilt from a snapshot
/// (docs/sdk-mixpanel.md): a window leads to its root controller, a controller to its child controllers,
/// then the controller it presented, then its root view, and a view to its subviews.
public struct MixpanelTree: Sendable {
    public let snapshot: Snapshot
    private let childControllers: [Int: [Int]]
    private let parentController: [Int: Int]
    private let presentedController: [Int: Int]
    private let presentingController: [Int: Int]
    /// Each window's root controller (the root view's node), and back.
    private let windowRoots: [Int: Int]
    private let rootOfWindow: [Int: Int]
    /// The superclasses of every class the snapshot names, by runtime name, to know a step's class as Mixpanel does.
    private let superclassesByName: [String: [String]]
    /// The window whose root controller selectors start at: the app's key window.
    public let keyWindow: Int?

    public init(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        var pageAbove = [Int32](repeating: -1, count: snapshot.count)
        var supers: [String: [String]] = [:]
        var idNodes: [String: Int] = [:]
        for node in snapshot.indices {
            if let parent = snapshot.parent(of: node) {
                pageAbove[node] = snapshot.isPageRoot(parent) ? Int32(parent) : pageAbove[parent]
            }
            for name in ClassName.runtimeNames(snapshot.className(of: node)) where supers[name] == nil {
                supers[name] = snapshot.superclasses(of: node)
            }
            if let controller = snapshot.controller(of: node) {
                for name in ClassName.runtimeNames(controller.className) where supers[name] == nil {
                    supers[name] = controller.superclasses
                }
            }
            if let id = snapshot.nodeID(of: node), idNodes[id] == nil { idNodes[id] = node }
        }
        let windows = snapshot.indices.filter { snapshot.isKind($0, of: "UIWindow") }
        let pageRoots = snapshot.indices.filter { snapshot.isPageRoot($0) }
        var windowRoots: [Int: Int] = [:]
        var rootOfWindow: [Int: Int] = [:]
        for window in windows {
            let explicit = snapshot.rootViewControllerID(of: window).flatMap { idNodes[$0] }
            let end = snapshot.subtreeEnd(of: window)
            let found =
                explicit.flatMap { snapshot.isPageRoot($0) ? $0 : nil }
                ?? pageRoots.first {
                    $0 > window && $0 < end && snapshot.controller(of: $0)?.isPresented(in: snapshot) == false
                }
            if let found {
                windowRoots[window] = found
                rootOfWindow[found] = window
            }
        }
        var presented: [Int: Int] = [:]
        var presenting: [Int: Int] = [:]
        for page in pageRoots {
            guard let id = snapshot.controller(of: page)?.presentedViewControllerID(in: snapshot),
                let target = idNodes[id],
                snapshot.isPageRoot(target), target != page
            else { continue }
            presented[page] = target
            presenting[target] = page
        }
        var parents: [Int: Int] = [:]
        var children: [Int: [Int]] = [:]
        for page in pageRoots where rootOfWindow[page] == nil && presenting[page] == nil {
            let info = snapshot.controller(of: page)
            if info?.isPresented(in: snapshot) == true {
                // Presented with no one named as presenter: the root controller of its window presented it.
                let window = windows.last { $0 < page && snapshot.subtreeEnd(of: $0) > page }
                if let window, let root = windowRoots[window], presented[root] == nil, root != page {
                    presented[root] = page
                    presenting[page] = root
                }
                continue
            }
            let above = Int(pageAbove[page])
            guard above >= 0 else { continue }
            parents[page] = above
            children[above, default: []].append(page)
        }
        for (parent, list) in children {
            children[parent] = list.sorted {
                let left = snapshot.controller(of: $0)?.childIndex(in: snapshot) ?? Int.max
                let right = snapshot.controller(of: $1)?.childIndex(in: snapshot) ?? Int.max
                return left != right ? left < right : $0 < $1
            }
        }
        childControllers = children
        parentController = parents
        presentedController = presented
        presentingController = presenting
        self.windowRoots = windowRoots
        self.rootOfWindow = rootOfWindow
        superclassesByName = supers
        keyWindow = windows.first { windowRoots[$0] != nil } ?? windows.first
    }

    /// The key window's root controller, where the SDK starts every selector; nil when the snapshot names none.
    public var defaultRoot: MixpanelObject? {
        keyWindow.flatMap { windowRoots[$0] }.map { .controller($0) }
    }

    /// The object a user's `--from NODE` names: the controller whose root view is NODE, else NODE itself.
    public func root(at node: Int) -> MixpanelObject {
        snapshot.isPageRoot(node) && !isWindow(node) ? .controller(node) : .view(node)
    }

    func isWindow(_ node: Int) -> Bool { snapshot.isKind(node, of: "UIWindow") }

    // MARK: Classes

    /// The object's class and superclasses, nearest first, with the roots every view or controller has.
    func classChain(of object: MixpanelObject) -> [String] {
        switch object {
        case .view(let node):
            return ClassName.runtimeNames(snapshot.className(of: node)) + snapshot.superclasses(of: node) + [
                "UIView", "UIResponder", "NSObject",
            ]
        case .controller(let node):
            guard let info = snapshot.controller(of: node) else { return [] }
            return ClassName.runtimeNames(info.className) + info.superclasses + [
                "UIViewController", "UIResponder", "NSObject",
            ]
        }
    }

    /// `isKindOfClass:` for a step's class name; `*` is any object.
    func isKind(_ object: MixpanelObject, of name: String) -> Bool {
        name == "*" || classChain(of: object).contains(name)
    }

    /// True when a step's class is `UITableViewCell` or a class the snapshot shows to be one of its subclasses.
    func isTableCellClass(_ name: String) -> Bool {
        name == "UITableViewCell" || superclassesByName[name]?.contains("UITableViewCell") == true
    }

    // MARK: Walking

    /// The children of `object` that are of the class `name` by kind, in the SDK's order (OS L386-432).
    func children(of object: MixpanelObject, ofType name: String) -> [MixpanelObject] {
        var result: [MixpanelObject] = []
        switch object {
        case .view(let node) where isWindow(node):
            // `isKindOfClass:nil` is false, so `*` selects no root controller under a window.
            if let root = windowRoots[node], name != "*", isKind(.controller(root), of: name) {
                result.append(.controller(root))
            }
        case .view(let node):
            result = snapshot.children(of: node).map { .view($0) }.filter { isKind($0, of: name) }
        case .controller(let node):
            result = (childControllers[node] ?? []).map { .controller($0) }.filter { isKind($0, of: name) }
            if let presented = presentedController[node], isKind(.controller(presented), of: name) {
                result.append(.controller(presented))
            }
            if isKind(.view(node), of: name) { result.append(.view(node)) }
        }
        guard name != "*", isTableCellClass(name) else { return result }
        // Stable by frame y, as the SDK's comparator leaves equal y in place.
        return result.enumerated().sorted {
            let left = snapshot.frame(of: $0.element.node)?.y ?? 0
            let right = snapshot.frame(of: $1.element.node)?.y ?? 0
            return left != right ? left < right : $0.offset < $1.offset
        }.map(\.element)
    }

    /// The objects the SDK takes as parents when matching backwards (OS L353-382).
    func parents(of object: MixpanelObject) -> [MixpanelObject] {
        switch object {
        case .view(let node):
            var result: [MixpanelObject] = snapshot.parent(of: node).map { [.view($0)] } ?? []
            // A root view's next responder is its controller, not its superview.
            if snapshot.isPageRoot(node) && !isWindow(node) { result.append(.controller(node)) }
            return result
        case .controller(let node):
            var result: [MixpanelObject] = []
            if let parent = parentController[node] { result.append(.controller(parent)) }
            if let presenter = presentingController[node] { result.append(.controller(presenter)) }
            if let window = rootOfWindow[node], window == keyWindow { result.append(.view(window)) }
            return result
        }
    }

    /// The object the forward walk reaches `object` from when it goes through controllers wherever it can;
    /// nil at a window, or where the walk never reaches it.
    func walkParent(of object: MixpanelObject) -> MixpanelObject? {
        switch object {
        case .view(let node):
            if isWindow(node) { return nil }
            if snapshot.isPageRoot(node) { return .controller(node) }
            guard let parent = snapshot.parent(of: node) else { return nil }
            return isWindow(parent) ? nil : .view(parent)
        case .controller(let node):
            if let parent = parentController[node] { return .controller(parent) }
            if let presenter = presentingController[node] { return .controller(presenter) }
            return rootOfWindow[node].map { .view($0) }
        }
    }
}
