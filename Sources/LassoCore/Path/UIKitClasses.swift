/// The UIKit class names that lasso's rules look for in a view's class chain.
enum UIKitClasses {
    static let cells: Set<String> = ["UITableViewCell", "UICollectionViewCell"]
    static let pagingScrollViews: Set<String> = ["_UIQueuingScrollView"]
    static let scrollViews: Set<String> = ["UIScrollView"]
}

extension Snapshot {
    /// The view's class and superclasses as path names, nearest first.
    public func classChain(of node: Int) -> [String] {
        [ClassName.pathName(className(of: node))] + superclasses(of: node).map(ClassName.pathName)
    }

    /// True when `name` (a path name, no module) is the view's class or one of its superclasses.
    public func isKind(_ node: Int, of name: String) -> Bool {
        classChain(of: node).contains(name)
    }

    public func isKind(_ node: Int, ofAny names: Set<String>) -> Bool {
        classChain(of: node).contains { names.contains($0) }
    }

    /// A table or collection cell, by its class chain or by having an `indexPath` (docs/viewpath.md, rule 5).
    public func isCell(_ node: Int) -> Bool {
        indexPath(of: node) != nil || isKind(node, ofAny: UIKitClasses.cells)
    }
}
