/// The event kinds a KVC config can name, and which views each applies to (docs/viewpath.md, "Events").
public enum EventType: String, Sendable, CaseIterable {
    case buttonClick = "ButtonClick"
    case valueChanged = "ValueChanged"
    case listItemClick = "ListItemClick"
    case viewTap = "ViewTap"
    case longPress = "LongPress"
    case alertAction = "AlertAction"
    case searchSubmit = "SearchSubmit"
    case pageView = "PageView"
    case exposure = "Exposure"

    static let valueControls: Set<String> = ["UISwitch", "UISegmentedControl", "UISlider", "UIStepper"]
    static let barButtons: Set<String> = [
        "_UIButtonBarButton", "UINavigationButton", "UIBarButtonItem", "_UIModernBarButton", "UITabBarButton",
    ]
    static let alertActionViews: Set<String> = [
        "_UIAlertControllerActionView", "_UIInterfaceActionCustomViewRepresentationView",
        "_UIAlertControllerCollectionViewCell",
    ]

    /// True when this event can happen on `node` (by class chain, gestures or place).
    public func applies(to node: Int, in snapshot: Snapshot) -> Bool {
        applies(to: node, in: snapshot, chain: snapshot.classChain(of: node))
    }

    /// The same, with the view's class chain (path names, nearest first) already worked out: the chain is the costly part.
    func applies(to node: Int, in snapshot: Snapshot, chain: [String]) -> Bool {
        // An Android view is judged by Android's own rules (its chain and the dump's flags), not as a UIKit class.
        if snapshot.app.platform == "android" {
            let own = [chain.first ?? ""] + snapshot.platformSuperclasses(of: node)
            return AndroidEventRules.applies(self, to: node, in: snapshot, chain: own)
        }
        switch self {
        case .buttonClick:
            if chain.contains("UIButton") || chain.contains(where: EventType.barButtons.contains) { return true }
            return chain.contains("UIControl") && !snapshot.actions(of: node).isEmpty
                && !chain.contains(where: EventType.valueControls.contains)
        case .valueChanged:
            return chain.contains(where: EventType.valueControls.contains)
        case .listItemClick:
            return snapshot.indexPath(of: node) != nil || chain.contains(where: UIKitClasses.cells.contains)
        case .viewTap:
            return snapshot.gestures(of: node).contains { ClassName.pathName($0) == "UITapGestureRecognizer" }
        case .longPress:
            return snapshot.gestures(of: node).contains { ClassName.pathName($0) == "UILongPressGestureRecognizer" }
        case .alertAction:
            return chain.contains(where: EventType.alertActionViews.contains)
                && EventType.alertController(above: node, in: snapshot) != nil
        case .searchSubmit:
            if chain.contains("UISearchBarTextField") || chain.contains("UISearchTextField") { return true }
            return chain.contains("UITextField")
                && snapshot.ancestry(of: node).dropFirst().contains { snapshot.isKind($0, of: "UISearchBar") }
        case .pageView:
            return snapshot.isPageRoot(node)
        case .exposure:
            return true
        }
    }

    /// The events that apply to `node`, in the table's order.
    public static func applicable(to node: Int, in snapshot: Snapshot) -> [EventType] {
        let chain = snapshot.classChain(of: node)
        return allCases.filter { $0.applies(to: node, in: snapshot, chain: chain) }
    }

    /// The events a user's touch makes (all but Exposure and PageView).
    public static let interactions: [EventType] = [
        .buttonClick, .valueChanged, .listItemClick, .viewTap, .longPress, .alertAction, .searchSubmit,
    ]

    /// The views a user can interact with, in pre-order: those that some interaction applies to.
    /// Class chains are worked out once per distinct class and superclass list, not once per view.
    public static func interactiveViews(in snapshot: Snapshot) -> [Int32] {
        if snapshot.app.platform == "android" {
            // Android's rules read each view's own flags: every view is asked.
            return snapshot.indices.filter { node in
                let chain = snapshot.classChain(of: node)
                return interactions.contains { $0.applies(to: node, in: snapshot, chain: chain) }
            }.map(Int32.init)
        }
        /// What a class chain decides alone: an interaction applies whatever the view (`always`), or one may,
        /// depending on the view's actions, ancestors or gestures (`maybe`).
        struct ChainVerdict {
            var chain: [String]
            var always: Bool
            var maybe: Bool
        }
        var verdicts: [Int64: ChainVerdict] = [:]
        var result: [Int32] = []
        for node in snapshot.indices {
            let record = snapshot.records[node]
            let key = Int64(record.classID) << 32 | Int64(UInt32(bitPattern: record.superclassesID))
            let verdict =
                verdicts[key]
                ?? {
                    let chain = snapshot.classChain(of: node)
                    let made = ChainVerdict(
                        chain: chain,
                        always: chain.contains("UIButton") || chain.contains(where: barButtons.contains)
                            || chain.contains(where: valueControls.contains)
                            || chain.contains(where: UIKitClasses.cells.contains)
                            || chain.contains("UISearchBarTextField") || chain.contains("UISearchTextField"),
                        maybe: chain.contains("UIControl") || chain.contains("UITextField")
                            || chain.contains(where: alertActionViews.contains))
                    verdicts[key] = made
                    return made
                }()
            // A cell by its index path is a list item whatever its class; gestures and the rest need a closer look.
            if verdict.always || record.section >= 0
                || ((verdict.maybe || record.gesturesID >= 0)
                    && interactions.contains(where: { $0.applies(to: node, in: snapshot, chain: verdict.chain) }))
            {
                result.append(Int32(node))
            }
        }
        return result
    }

    /// The root view of the alert controller that holds `node`, if any.
    public static func alertController(above node: Int, in snapshot: Snapshot) -> Int? {
        snapshot.ancestry(of: node).first { root in
            guard let controller = snapshot.controller(of: root) else { return false }
            return ([controller.className] + controller.superclasses).map(ClassName.pathName).contains(
                "UIAlertController")
        }
    }
}
