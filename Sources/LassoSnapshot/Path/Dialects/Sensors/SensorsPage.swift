/// What the Sensors Analytics iOS SDK sends beside a path: the page (`$screen_name`) and the element's position
/// (`$element_position`), read from the snapshot as the SDK reads them from the live views (docs/sdk-sensors.md).
enum SensorsPage {
    /// The controller classes that end the climb to the page: a child of one of these is a page of its own.
    static let pageContainers = [
        "UINavigationController", "UITabBarController", "UIPageViewController", "UISplitViewController",
    ]

    /// The fields the SDK sends beside a path: `$screen_name`, and `$element_position` when the view has one.
    static func fields(of node: Int, in responders: UIKitResponders) -> [DialectField] {
        var fields: [DialectField] = []
        if let screen = screenName(of: node, in: responders) {
            fields.append(DialectField(name: "$screen_name", value: screen))
        }
        if let position = elementPosition(of: node, in: responders) {
            fields.append(DialectField(name: "$element_position", value: position))
        }
        return fields
    }

    /// `$screen_name`: the class of the page controller (`findNextViewControllerByResponder:`, UP L115-140).
    static func screenName(of node: Int, in responders: UIKitResponders) -> String? {
        guard let start = responders.page(of: node) else { return nil }
        return responders.controllerClass(of: page(from: start, in: responders))
    }

    /// The page from a controller: a navigation controller's top controller, a tab bar controller's selected one,
    /// then up through custom containers until a controller without a parent or under a standard container.
    static func page(from start: Int, in responders: UIKitResponders) -> Int {
        var page = start
        var steps = 0
        while steps < responders.snapshot.count {
            steps += 1
            if responders.isController(page, kindOf: "UINavigationController")
                || responders.isController(page, kindOf: "UITabBarController"),
                let shown = shownChild(of: page, in: responders)
            {
                page = shown
                continue
            }
            guard let parent = responders.parentPage(of: page),
                !pageContainers.contains(where: { responders.isController(parent, kindOf: $0) })
            else { return page }
            page = parent
        }
        return page
    }

    /// The child controller the snapshot shows inside a navigation or tab bar controller: the last one, which is
    /// on top.
    private static func shownChild(of container: Int, in responders: UIKitResponders) -> Int? {
        responders.shownChildren(of: container).last
    }

    /// `$element_position` (EPOS L19-85): a cell's `section:row`, a segmented control's selected segment, a
    /// segment's or tab bar button's index; any other view its superview's.
    static func elementPosition(of node: Int, in responders: UIKitResponders) -> String? {
        let snapshot = responders.snapshot
        var view = node
        while true {
            if responders.isKind(view, .tableCell) || responders.isKind(view, .collectionCell) {
                return responders.cellIndexPath(of: view).map { "\($0.section):\($0.row)" }
            }
            if responders.isKind(view, .segmentedControl), let selected = snapshot.selectedSegmentIndex(of: view),
                selected >= 0
            {
                return String(selected)
            }
            let name = responders.className(of: view)
            if name == "UISegment" || name == "UITabBarButton" {
                let index =
                    responders.siblingViews(of: view, sortSegments: true).flatMap {
                        responders.sameClassIndex(of: view, among: $0)
                    } ?? 0
                return String(max(index, 0))
            }
            guard let parent = snapshot.parent(of: view) else { return nil }
            view = parent
        }
    }
}
