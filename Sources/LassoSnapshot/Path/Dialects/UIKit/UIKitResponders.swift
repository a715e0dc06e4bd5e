/// The responder chain and the controller tree that iOS SDKs climb, rebuilt once from a snapshot: which
/// controller owns a view, a controller's parent, and its place among its parent's `childViewControllers`.
///
/// A snapshot names a controller on its root view (`viewController`); that view's next responder is the
/// controller, and the controller's parent is the nearest such view above it, unless it was presented.
public struct UIKitResponders: Sendable {
    public let snapshot: Snapshot
    /// For every node, the nearest root view of a controller at or above it (-1 for none).
    private let pageAtOrAbove: [Int32]

    public init(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        var pages = [Int32](repeating: -1, count: snapshot.count)
        for node in snapshot.indices {
            if snapshot.isPageRoot(node) && !snapshot.isKind(node, of: "UIWindow") {
                pages[node] = Int32(node)
            } else if let parent = snapshot.parent(of: node) {
                pages[node] = pages[parent]
            }
        }
        pageAtOrAbove = pages
    }

    /// `NSStringFromClass` of the view's class: a plain mangled Swift name (`_TtC7ShopKit11ProductCell`) as the
    /// runtime shows it, `ShopKit.ProductCell`; any other name as the snapshot has it.
    public func className(of node: Int) -> String { Self.runtimeName(snapshot.className(of: node)) }

    static func runtimeName(_ raw: String) -> String {
        guard raw.hasPrefix("_TtC") else { return raw }
        let names = MixpanelTree.runtimeNames(raw)
        return names.count > 1 ? names[1] : raw
    }

    /// True when the view's next responder is its controller: it is a controller's root view.
    public func isControllerView(_ node: Int) -> Bool { Int(pageAtOrAbove[node]) == node }

    /// The root view of the nearest controller up the responder chain from `node` (itself when it is one).
    public func page(of node: Int) -> Int? {
        let page = Int(pageAtOrAbove[node])
        return page >= 0 ? page : nil
    }

    /// The controller's `parentViewController`, by its root view; nil for a window's root or a presented one.
    public func parentPage(of page: Int) -> Int? {
        guard snapshot.controller(of: page)?.isPresented(in: snapshot) != true,
            let above = snapshot.parent(of: page)
        else { return nil }
        return self.page(of: above)
    }

    /// The controller's runtime class name.
    public func controllerClass(of page: Int) -> String {
        Self.runtimeName(snapshot.controller(of: page)?.className ?? "")
    }

    /// `isKindOfClass:` for a controller, by its class and superclasses.
    public func isController(_ page: Int, kindOf name: String) -> Bool {
        guard let info = snapshot.controller(of: page) else { return false }
        return info.className == name || info.superclasses.contains(name)
    }

    /// The class names of the parent's `childViewControllers` and this controller's place among them: from the
    /// snapshot's `properties.childViewControllers` and `childIndex` where it has them, else from the controllers
    /// the snapshot shows under the parent, in order. Nil for a controller without a parent.
    public func siblings(of page: Int) -> (classes: [String], index: Int)? {
        guard let parent = parentPage(of: page) else { return nil }
        let info = snapshot.controller(of: page)
        if let classes = snapshot.controller(of: parent)?.childViewControllerClasses(in: snapshot),
            let index = info?.childIndex(in: snapshot), index < classes.count
        {
            return (classes, index)
        }
        let shown = shownChildren(of: parent)
        guard let index = shown.firstIndex(of: page) else { return nil }
        return (shown.map(controllerClass(of:)), index)
    }

    /// The controllers the snapshot shows whose parent is `parent`, in file order.
    private func shownChildren(of parent: Int) -> [Int] {
        var result: [Int] = []
        var node = parent + 1
        let end = snapshot.subtreeEnd(of: parent)
        while node < end {
            if isControllerView(node) {
                if parentPage(of: node) == parent { result.append(node) }
                node = snapshot.subtreeEnd(of: node)
            } else {
                node += 1
            }
        }
        return result
    }

    /// The views in `subviews` order that the SDKs count a view's index among, or nil when the next responder is
    /// not a view (a controller's root view, a window). A segmented control's are sorted by `frame.origin.x` when
    /// `sortSegments` is set, as Sensors does.
    public func siblingViews(of node: Int, sortSegments: Bool = false) -> [Int]? {
        guard !isControllerView(node), let parent = snapshot.parent(of: node) else { return nil }
        let children = snapshot.children(of: parent)
        guard sortSegments, snapshot.isKind(parent, of: "UISegmentedControl") else { return children }
        return children.enumerated().sorted {
            let left = snapshot.frame(of: $0.element)?.x ?? 0
            let right = snapshot.frame(of: $1.element)?.x ?? 0
            return left != right ? left < right : $0.offset < $1.offset
        }.map(\.element)
    }

    /// The view's place among its siblings of exactly the same class name, from 0; nil without siblings.
    public func sameClassIndex(of node: Int, among siblings: [Int]) -> Int? {
        let name = className(of: node)
        var index = -1
        for sibling in siblings {
            if className(of: sibling) == name { index += 1 }
            if sibling == node { return index }
        }
        return nil
    }

    /// The number of siblings with exactly the same class name as `node`, itself included.
    public func sameClassCount(of node: Int, among siblings: [Int]) -> Int {
        let name = className(of: node)
        return siblings.reduce(0) { $0 + (className(of: $1) == name ? 1 : 0) }
    }

    /// The index path of a table cell (from the nearest `UITableView` above it) or of a collection cell (only when
    /// its superview is the `UICollectionView`), as Sensors and GrowingIO read it; nil otherwise.
    public func cellIndexPath(of node: Int) -> (section: Int, row: Int)? {
        guard let indexPath = snapshot.indexPath(of: node) else { return nil }
        if snapshot.isKind(node, of: "UITableViewCell") {
            var above = snapshot.parent(of: node)
            while let view = above {
                if snapshot.isKind(view, of: "UITableView") { return indexPath }
                above = snapshot.parent(of: view)
            }
            return nil
        }
        if snapshot.isKind(node, of: "UICollectionViewCell"), let parent = snapshot.parent(of: node),
            snapshot.isKind(parent, of: "UICollectionView")
        {
            return indexPath
        }
        return nil
    }

    /// A table's section header or footer: `SectionHeader`/`SectionFooter` and the section, when the snapshot says
    /// so (`role` and `section`) and a `UITableView` is above it.
    public func tableSupplement(of node: Int) -> (name: String, section: Int)? {
        guard let role = snapshot.role(of: node), let section = role.section else { return nil }
        var above = snapshot.parent(of: node)
        while let view = above, !snapshot.isKind(view, of: "UITableView") { above = snapshot.parent(of: view) }
        guard above != nil else { return nil }
        return (role.role == "sectionHeader" ? "SectionHeader" : "SectionFooter", section)
    }
}
