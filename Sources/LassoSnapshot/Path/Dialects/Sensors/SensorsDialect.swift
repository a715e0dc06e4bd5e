/// The `sensors` profile: Sensors Analytics iOS `$element_path` (docs/sdk-sensors.md), written from the view up
/// to the root view of its controller, with `$screen_name` and `$element_position` beside it.
///
/// `location(of:)` is the path of one element (`UITableViewCell[0][2]`, the SDK's "item path");
/// `anyRowLocation(of:)` is what the SDK sends as `$element_path`, the innermost list's row written `[-]`.
public struct SensorsDialect: PathDialect {
    public let responders: UIKitResponders
    public var profile: SDKProfile { .sensors }
    public var snapshot: Snapshot { responders.snapshot }

    public init(_ snapshot: Snapshot) { responders = UIKitResponders(snapshot) }

    public func location(of node: Int) -> DialectLocation? {
        DialectLocation(path: path(of: node, similar: false), fields: SensorsPage.fields(of: node, in: responders))
    }

    /// The similar path (`anyRowLocation(of:)`), the row in `$element_position`: what the SDK sends as
    /// `$element_path` (docs/sdk-sensors.md, "What the SDK sends").
    public func sentLocation(of node: Int) -> DialectLocation? { anyRowLocation(of: node) ?? location(of: node) }

    public func anyRowLocation(of node: Int) -> DialectLocation? {
        let path = path(of: node, similar: true)
        guard path.contains("[-]") else { return nil }
        return DialectLocation(path: path, fields: SensorsPage.fields(of: node, in: responders))
    }

    public func parse(_ text: String) throws(PathSyntaxError) -> DialectPattern { try Self.read(text) }

    /// Reads a stored path, segment by segment, or says which segment the SDK would never write.
    public static func read(_ text: String) throws(PathSyntaxError) -> DialectPattern {
        DialectPattern(text: text, parsed: .segments(try SensorsPathText.segments(of: text, selector: false)))
    }

    public func select(_ pattern: DialectPattern) -> [Int] {
        selectByText(pattern, lastNames: SensorsPathText.lastNames(of: pattern))
    }

    /// `elementPathForView:` (UP L85-110): each view's similar form until one holds `[-]`, item forms above it.
    /// A `UISegment` takes its control's path, ending in its own position when `similar` is off.
    func path(of node: Int, similar: Bool) -> String {
        var segments: [String] = []
        var view = node
        var wildcarded = !similar
        if responders.className(of: node) == "UISegment", let control = snapshot.parent(of: node),
            responders.isKind(control, .segmentedControl)
        {
            if !similar {
                let index = SensorsPage.elementPosition(of: node, in: responders) ?? "0"
                segments.append(plainSegment(of: control) + "/UISegment[\(index)]")
                wildcarded = true
                guard let above = next(after: control) else { return segments.joined(separator: "/") }
                view = above
            } else {
                view = control
            }
        }
        while true {
            if let segment = wildcarded ? itemSegment(of: view) : similarSegment(of: view) {
                segments.append(segment)
                if segment.contains("[-]") { wildcarded = true }
            }
            guard let above = next(after: view) else { break }
            view = above
        }
        if let page = responders.page(of: view), page == view,
            responders.isController(page, kindOf: "UIAlertController")
        {
            let index = responders.siblings(of: page).map { SensorsPathText.sameClassIndex($0) } ?? -1
            let name = responders.controllerClass(of: page)
            segments.append(index < 0 ? name : "\(name)[\(index)]")
        }
        return segments.reversed().joined(separator: "/")
    }

    /// The next view up the responder chain, or nil where it is a controller or leaves the views.
    private func next(after view: Int) -> Int? {
        guard !responders.isControllerView(view), !responders.isKind(view, .window) else { return nil }
        return snapshot.parent(of: view)
    }

    /// `sensorsdata_itemPath` (VP L20-38, L63-130): nothing for the skipped classes, cells by index path, section
    /// headers and footers by section, a segmented control followed by its selected segment.
    func itemSegment(of node: Int) -> String? {
        let name = responders.className(of: node)
        if SensorsPathText.skippedClasses.contains(name) { return nil }
        if let indexPath = responders.cellIndexPath(of: node) {
            return "\(name)[\(indexPath.section)][\(indexPath.row)]"
        }
        if let supplement = responders.tableSupplement(of: node) {
            return "[\(supplement.name)][\(supplement.section)]"
        }
        if responders.isKind(node, .segmentedControl) {
            return plainSegment(of: node) + "/UISegment[\(snapshot.selectedSegmentIndex(of: node) ?? -1)]"
        }
        return plainSegment(of: node)
    }

    /// `sensorsdata_similarPath`: a cell's row as `[-]`, a segmented control's segment as `UISegment[-]`, a tab bar
    /// button as `UITabBarButton[-]`; any other view its item form.
    func similarSegment(of node: Int) -> String? {
        let name = responders.className(of: node)
        if let indexPath = responders.cellIndexPath(of: node) { return "\(name)[\(indexPath.section)][-]" }
        if SensorsPathText.skippedClasses.contains(name) { return nil }
        if responders.tableSupplement(of: node) == nil, responders.isKind(node, .segmentedControl) {
            return plainSegment(of: node) + "/UISegment[-]"
        }
        if name == "UITabBarButton" { return "UITabBarButton[-]" }
        return itemSegment(of: node)
    }

    /// `Name[i]`, i counting earlier siblings of exactly the same class; the bare name without siblings (UP L30-49).
    func plainSegment(of node: Int) -> String {
        let name = responders.className(of: node)
        guard let siblings = responders.siblingViews(of: node, sortSegments: true),
            let index = responders.sameClassIndex(of: node, among: siblings)
        else { return name }
        return "\(name)[\(index)]"
    }
}
