import Crypto
import Foundation

/// The `sensors-selector` profile: the legacy Sensors Analytics iOS `$element_selector` (docs/sdk-sensors.md), from
/// the outermost controller down through the page's root view to the view, with hashed predicates that name a
/// view by its text, its controller's instance variable and its id.
///
/// Where the SDK's test and its code disagree (the test strings date from release 1.11.5), lasso follows the test:
/// `jjf_varA` hashes the view's `mixpanelViewId` property, and a `UITableViewWrapperView` that is a cell's direct
/// parent stays in the path.
public struct SensorsSelectorDialect: PathDialect {
    public let responders: UIKitResponders
    public var profile: SDKProfile { .sensorsSelector }
    public var snapshot: Snapshot { responders.snapshot }

    public init(_ snapshot: Snapshot) { responders = UIKitResponders(snapshot) }

    public func location(of node: Int) -> DialectLocation? {
        var segments: [String] = []
        var view = node
        if responders.className(of: node) == "UISegment", let control = snapshot.parent(of: node),
            responders.isKind(control, .segmentedControl)
        {
            // The control's selector with its last part replaced by the segment's position (EP4 L292-317).
            let position = SensorsPage.elementPosition(of: node, in: responders) ?? "0"
            segments.append("UISegment[\(position)]")
            segments.append(identified(control) ?? plainSegment(of: control))
            guard let above = next(after: control) else { return DialectLocation(path: joined(segments)) }
            view = above
        }
        while true {
            if let segment = segment(of: view, target: node) { segments.append(segment) }
            guard let above = next(after: view) else { break }
            view = above
        }
        if responders.isControllerView(view) {
            var page: Int? = view
            while let controller = page {
                let name = responders.controllerClass(of: controller)
                let index = responders.siblings(of: controller).map(Self.legacyIndex) ?? -1
                segments.append(index < 0 ? name : "\(name)[\(index)]")
                page = responders.parentPage(of: controller)
            }
        }
        return DialectLocation(path: joined(segments), fields: SensorsPage.fields(of: node, in: responders))
    }

    /// The legacy selector names one element; it has no any-row form.
    public func anyRowLocation(of node: Int) -> DialectLocation? { nil }

    public func parse(_ text: String) throws(PathSyntaxError) -> DialectPattern { try Self.read(text) }

    /// Reads a stored path, segment by segment, or says which segment the SDK would never write.
    public static func read(_ text: String) throws(PathSyntaxError) -> DialectPattern {
        DialectPattern(text: text, parsed: .segments(try SensorsPathText.segments(of: text, selector: true)))
    }

    public func select(_ pattern: DialectPattern) -> [Int] {
        selectByText(pattern, lastNames: SensorsPathText.lastNames(of: pattern))
    }

    private func joined(_ segments: [String]) -> String { segments.reversed().joined(separator: "/") }

    /// Up the responder chain while it stays on views other than the window (VU4 L434-440).
    private func next(after view: Int) -> Int? {
        guard !responders.isControllerView(view), let parent = snapshot.parent(of: view),
            !responders.isKind(parent, .window)
        else { return nil }
        return parent
    }

    /// `sensorsdata_heatMapPath` (EP4 L208-221 and the cell, header and segmented-control forms).
    private func segment(of node: Int, target: Int) -> String? {
        let name = responders.className(of: node)
        if name == "UISegment" { return nil }
        if name == "UITableViewWrapperView" {
            // 1.11.5 kept a wrapper that is the target cell's direct parent (the test's iOS < 11 string).
            guard snapshot.parent(of: target) == node, responders.cellIndexPath(of: target) != nil
            else { return nil }
            return name
        }
        if let indexPath = responders.cellIndexPath(of: node) {
            return "\(name)[\(indexPath.section)][\(indexPath.row)]"
        }
        if let supplement = responders.tableSupplement(of: node) {
            return "[\(supplement.name)][\(supplement.section)]"
        }
        let own = identified(node) ?? plainSegment(of: node)
        if responders.isKind(node, .segmentedControl) {
            return own + "/UISegment[\(snapshot.selectedSegmentIndex(of: node) ?? -1)]"
        }
        return own
    }

    /// `Name[i]` only when two or more siblings share the class name; the bare name otherwise (AU4 L182-233).
    private func plainSegment(of node: Int) -> String {
        let name = responders.className(of: node)
        guard let siblings = responders.siblingViews(of: node, sortSegments: true),
            responders.sameClassCount(of: node, among: siblings) > 1,
            let index = responders.sameClassIndex(of: node, among: siblings)
        else { return name }
        return "\(name)[\(index)]"
    }

    /// A controller's index among its parent's children of the same class; -1 (no index) when it is the only one.
    static func legacyIndex(_ siblings: (classes: [String], index: Int)) -> Int {
        let name = siblings.classes[siblings.index]
        return siblings.classes.filter { $0 == name }.count > 1 ? SensorsPathText.sameClassIndex(siblings) : -1
    }

    /// `Class[(jjf_varE='…' AND jjf_varC='…' AND jjf_varB='…' AND jjf_varA='…')]` with the terms the view has
    /// (VU4 L494-517); nil when it has none.
    private func identified(_ node: Int) -> String? {
        var terms: [String] = []
        if let text = text(of: node) { terms.append("jjf_varE='\(Self.hash(text))'") }
        if let fingerprint = snapshot.properties(of: node)?["imageFingerprint"]?.stringValue {
            terms.append("jjf_varC='\(Self.hash(fingerprint))'")
        }
        if responders.isKind(node, .control), let ivar = snapshot.ivar(of: node) {
            terms.append("jjf_varB='\(Self.hash(ivar))'")
        }
        if let id = snapshot.properties(of: node)?["mixpanelViewId"]?.stringValue {
            terms.append("jjf_varA='\(Self.hash(id))'")
        }
        guard !terms.isEmpty else { return nil }
        return "\(responders.className(of: node))[(\(terms.joined(separator: " AND ")))]"
    }

    /// `sa_text` (ES4 L105-121): a label's text, a button's title, or another view's `title`.
    private func text(of node: Int) -> String? {
        if responders.isKind(node, .label) { return snapshot.text(of: node) }
        if responders.isKind(node, .button) { return snapshot.title(of: node) ?? snapshot.text(of: node) }
        return snapshot.title(of: node)
    }

    /// `sa_encryptHelper` (ES4 L123-136): SHA-256 of the text with the SDK's salt, the first 20 bytes in hex.
    public static func hash(_ text: String) -> String {
        let digest = SHA256.hash(data: Data((text + "dbba253e672cc94bee5da560040b47b1").utf8))
        return digest.prefix(20).map { String(format: "%02x", $0) }.joined()
    }
}
