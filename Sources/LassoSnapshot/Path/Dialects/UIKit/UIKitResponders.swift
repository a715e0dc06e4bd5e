/// The responder chain and the controller tree that iOS SDKs climb, rebuilt once from a snapshot: which
/// controller owns a view, a controller's parent, and its place among its parent's `childViewControllers`.
///
/// A snapshot names a controller on its root view (`viewController`); that view's next responder is the
/// controller, and the controller's parent is the nearest such view above it, unless it was presented.
public struct UIKitResponders: Sendable {
    public let snapshot: Snapshot
    /// For every node, the nearest root view of a controller at or above it (-1 for none).
    private let pageAtOrAbove: [Int32]
    /// Each controller's child controllers the snapshot shows (by root view), in file order.
    private let childPages: [Int: [Int]]
    /// The UIKit kinds each view is of, read once from its class chain.
    private let kinds: [UIKitKind]

    public init(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        var kinds = [UIKitKind](repeating: [], count: snapshot.count)
        var byChain: [[String]: UIKitKind] = [:]
        for node in snapshot.indices {
            let chain = snapshot.classChain(of: node)
            if let known = byChain[chain] {
                kinds[node] = known
                continue
            }
            let kind = UIKitKind.all.reduce(into: UIKitKind()) { kind, entry in
                if chain.contains(entry.name) { kind.insert(entry.kind) }
            }
            byChain[chain] = kind
            kinds[node] = kind
        }
        self.kinds = kinds
        var pages = [Int32](repeating: -1, count: snapshot.count)
        for node in snapshot.indices {
            if snapshot.isPageRoot(node) && !kinds[node].contains(.window) {
                pages[node] = Int32(node)
            } else if let parent = snapshot.parent(of: node) {
                pages[node] = pages[parent]
            }
        }
        pageAtOrAbove = pages
        var children: [Int: [Int]] = [:]
        for node in snapshot.indices where Int(pages[node]) == node {
            guard snapshot.controller(of: node)?.isPresented(in: snapshot) != true,
                let above = snapshot.parent(of: node), pages[above] >= 0
            else { continue }
            children[Int(pages[above]), default: []].append(node)
        }
        childPages = children
    }

    /// `NSStringFromClass` of the view's class: a plain mangled Swift name (`_TtC7ShopKit11ProductCell`) as the
    /// runtime shows it, `ShopKit.ProductCell`; any other name as the snapshot has it.
    public func className(of node: Int) -> String { Self.runtimeName(snapshot.className(of: node)) }

    static func runtimeName(_ raw: String) -> String {
        guard raw.hasPrefix("_TtC") else { return raw }
        let names = ClassName.runtimeNames(raw)
        return names.count > 1 ? names[1] : raw
    }

    /// `isKindOfClass:` for the UIKit classes the SDKs' rules look for.
    public func isKind(_ node: Int, _ kind: UIKitKind) -> Bool { kinds[node].contains(kind) }

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
    public func shownChildren(of parent: Int) -> [Int] { childPages[parent] ?? [] }

    /// The views in `subviews` order that the SDKs count a view's index among, or nil when the next responder is
    /// not a view (a controller's root view, a window). A segmented control's are sorted by `frame.origin.x` when
    /// `sortSegments` is set, as Sensors does.
    public func siblingViews(of node: Int, sortSegments: Bool = false) -> [Int]? {
        guard !isControllerView(node), let parent = snapshot.parent(of: node) else { return nil }
        let children = snapshot.children(of: parent)
        guard sortSegments, isKind(parent, .segmentedControl) else { return children }
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
        if isKind(node, .tableCell) {
            var above = snapshot.parent(of: node)
            while let view = above {
                if isKind(view, .tableView) { return indexPath }
                above = snapshot.parent(of: view)
            }
            return nil
        }
        if isKind(node, .collectionCell), let parent = snapshot.parent(of: node),
            isKind(parent, .collectionView)
        {
            return indexPath
        }
        return nil
    }

    /// A table's section header or footer: `SectionHeader`/`SectionFooter` and the section, when the snapshot says
    /// so (`role` and `section`) and a `UITableView` is above it.
    public func tableSupplement(of node: Int) -> (name: String, section: Int)? {
        // Most views have no fields of their own: no need to read them.
        guard snapshot.records[node].extrasCount > 0, let role = snapshot.role(of: node), let section = role.section
        else { return nil }
        var above = snapshot.parent(of: node)
        while let view = above, !isKind(view, .tableView) { above = snapshot.parent(of: view) }
        guard above != nil else { return nil }
        return (role.role == "sectionHeader" ? "SectionHeader" : "SectionFooter", section)
    }
}

/// The UIKit classes the SDKs' path rules ask a view to be a kind of.
public struct UIKitKind: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let window = UIKitKind(rawValue: 1 << 0)
    public static let tableView = UIKitKind(rawValue: 1 << 1)
    public static let tableCell = UIKitKind(rawValue: 1 << 2)
    public static let collectionView = UIKitKind(rawValue: 1 << 3)
    public static let collectionCell = UIKitKind(rawValue: 1 << 4)
    public static let collectionReusable = UIKitKind(rawValue: 1 << 5)
    public static let segmentedControl = UIKitKind(rawValue: 1 << 6)
    public static let control = UIKitKind(rawValue: 1 << 7)
    public static let label = UIKitKind(rawValue: 1 << 8)
    public static let button = UIKitKind(rawValue: 1 << 9)

    /// Each kind with the class name that makes a view one.
    static let all: [(name: String, kind: UIKitKind)] = [
        ("UIWindow", .window), ("UITableView", .tableView), ("UITableViewCell", .tableCell),
        ("UICollectionView", .collectionView), ("UICollectionViewCell", .collectionCell),
        ("UICollectionReusableView", .collectionReusable), ("UISegmentedControl", .segmentedControl),
        ("UIControl", .control), ("UILabel", .label), ("UIButton", .button),
    ]
}
