/// The UIKit class names that lasso's rules look for in a view's class chain.
enum UIKitClasses {
    static let cells: Set<String> = ["UITableViewCell", "UICollectionViewCell"]
    static let pagingScrollViews: Set<String> = ["_UIQueuingScrollView"]
    static let scrollViews: Set<String> = ["UIScrollView"]
    /// The UIKit classes an importer appends to an Android view's own chain so that lasso's events apply to it.
    static let equivalents: Set<String> = [
        "UIView", "UIResponder", "NSObject", "UIControl", "UIButton", "UILabel", "UISwitch", "UITextField",
        "UISearchTextField", "UIImageView", "UISlider", "UIProgressView", "UITableView", "UICollectionView",
        "UIScrollView", "WKWebView", "UITableViewCell", "UICollectionViewCell",
    ]
}

extension Snapshot {
    /// The view's class and superclasses as path names, nearest first.
    public func classChain(of node: Int) -> [String] {
        [ClassName.pathName(className(of: node))] + superclasses(of: node).map(ClassName.pathName)
    }

    /// The superclasses as the view's own platform has them: an Android view's Android chain, without the UIKit
    /// classes its importer added so that lasso's events apply (`Button › TextView › View`, not `… › UIButton`).
    public func platformSuperclasses(of node: Int) -> [String] {
        let chain = superclasses(of: node).map(ClassName.pathName)
        guard app.platform == "android" else { return chain }
        var end = chain.count
        while end > 0 && UIKitClasses.equivalents.contains(chain[end - 1]) { end -= 1 }
        return Array(chain[..<end])
    }

    /// For an Android view, the UIKit class lasso's event rules treat it as (`UIButton`), else nil.
    public func uikitEquivalent(of node: Int) -> String? {
        guard app.platform == "android" else { return nil }
        let chain = superclasses(of: node).map(ClassName.pathName)
        let own = platformSuperclasses(of: node).count
        return chain.count > own ? chain[own] : nil
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
