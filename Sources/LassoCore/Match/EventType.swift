/// The event kinds a KVC config can name, and which views each applies to (SPEC §4).
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
    static let barButtons: Set<String> = ["_UIButtonBarButton", "UINavigationButton", "UIBarButtonItem", "_UIModernBarButton", "UITabBarButton"]
    static let alertActionViews: Set<String> = ["_UIAlertControllerActionView", "_UIInterfaceActionCustomViewRepresentationView",
                                                "_UIAlertControllerCollectionViewCell"]

    /// True when this event can happen on `node` (by class chain, gestures or place).
    public func applies(to node: Int, in snapshot: Snapshot) -> Bool {
        let chain = snapshot.classChain(of: node)
        switch self {
        case .buttonClick:
            if chain.contains("UIButton") || chain.contains(where: EventType.barButtons.contains) { return true }
            return chain.contains("UIControl") && !snapshot.actions(of: node).isEmpty && !chain.contains(where: EventType.valueControls.contains)
        case .valueChanged:
            return chain.contains(where: EventType.valueControls.contains)
        case .listItemClick:
            return snapshot.isCell(node)
        case .viewTap:
            return snapshot.gestures(of: node).contains { ClassName.pathName($0) == "UITapGestureRecognizer" }
        case .longPress:
            return snapshot.gestures(of: node).contains { ClassName.pathName($0) == "UILongPressGestureRecognizer" }
        case .alertAction:
            return chain.contains(where: EventType.alertActionViews.contains) && EventType.alertController(above: node, in: snapshot) != nil
        case .searchSubmit:
            if chain.contains("UISearchBarTextField") || chain.contains("UISearchTextField") { return true }
            return chain.contains("UITextField") && snapshot.ancestry(of: node).dropFirst().contains { snapshot.isKind($0, of: "UISearchBar") }
        case .pageView:
            return snapshot.isPageRoot(node)
        case .exposure:
            return true
        }
    }

    /// The events that apply to `node`, in the table's order.
    public static func applicable(to node: Int, in snapshot: Snapshot) -> [EventType] {
        allCases.filter { $0.applies(to: node, in: snapshot) }
    }

    /// The root view of the alert controller that holds `node`, if any.
    public static func alertController(above node: Int, in snapshot: Snapshot) -> Int? {
        snapshot.ancestry(of: node).first { root in
            guard let controller = snapshot.controller(of: root) else { return false }
            return ([controller.className] + controller.superclasses).map(ClassName.pathName).contains("UIAlertController")
        }
    }
}
