/// The `growingio` profile: the GrowingIO iOS autotracker's `xpath` (class names, the page's controllers first)
/// and `xcontent` (one index per entry, the innermost list item `-`), as docs/sdk-growingio.md describes.
///
/// A stored path is the xpath, optionally followed by one space and an xcontent:
/// `/UITabBarController/UINavigationController/Page/UIView/UIButton /0/1/0/0/1`. The location of one element
/// carries every index (the SDK's `originxcontent`); its any-row form carries the SDK's `xcontent`.
public struct GrowingIODialect: PathDialect {
    public let responders: UIKitResponders
    public var profile: SDKProfile { .growingio }
    public var snapshot: Snapshot { responders.snapshot }

    /// The controllers GrowingIO never takes as a page (PM L285-303).
    static let privateControllers: Set<String> = [
        "UIInputWindowController", "UIActivityGroupViewController", "UIKeyboardHiddenViewController",
        "UICompatibilityInputViewController", "UISystemInputAssistantViewController", "UIPredictionViewController",
        "UIApplicationRotationFollowingController", "UIAlertController", "_UIAlertControllerTextFieldViewController",
        "UICandidateViewController", "UISystemKeyboardDockController", "UIKeyboardCameraViewController",
        "UIKeyboardCameraRemoteViewController",
    ]
    /// The views that add no entry (NH L112-116).
    static let skippedViews: Set<String> = [
        "_UIAlertControllerPhoneTVMacView", "_UIAlertControllerView", "UITableViewWrapperView",
    ]

    public init(_ snapshot: Snapshot) { responders = UIKitResponders(snapshot) }

    /// The three strings and the list index the SDK reports for a view.
    public struct Entries: Sendable, Hashable {
        public var xpath: String
        public var xcontent: String
        public var originxcontent: String
        public var index: Int?
        public var hasListItem: Bool
        /// `/` and the alias of the nearest page up the chain that has one (an autotracked page), else empty.
        public var pagePath: String = ""
    }

    public func location(of node: Int) -> DialectLocation? {
        let entries = self.entries(of: node)
        return DialectLocation(path: "\(entries.xpath) \(entries.originxcontent)", fields: fields(entries))
    }

    /// `xpath` and `xcontent` with its `-` (`originxcontent` is never sent: `GrowingViewElementEvent.m` L44-52 at
    /// 4.11.0 writes `path`, `textValue`, `xpath`, `xcontent` and `index`).
    public func sentLocation(of node: Int) -> DialectLocation? { anyRowLocation(of: node) ?? location(of: node) }

    public func anyRowLocation(of node: Int) -> DialectLocation? {
        let entries = self.entries(of: node)
        guard entries.hasListItem else { return nil }
        return DialectLocation(path: "\(entries.xpath) \(entries.xcontent)", fields: fields(entries))
    }

    private func fields(_ entries: Entries) -> [DialectField] {
        var fields = [
            DialectField(name: "xpath", value: entries.xpath), DialectField(name: "xcontent", value: entries.xcontent),
            DialectField(name: "originxcontent", value: entries.originxcontent),
        ]
        // The SDK sends a native view's row plus one (`GrowingViewElementEvent.m` L35-39 at 4.11.0:
        // `_index = scene == Native ? index + 1 : index`), and only when above 0.
        if let index = entries.index { fields.append(DialectField(name: "index", value: String(index + 1))) }
        fields.append(DialectField(name: "path", value: entries.pagePath))
        return fields
    }

    public func parse(_ text: String) throws(PathSyntaxError) -> DialectPattern { try Self.read(text) }

    /// Reads a stored `xpath` with its optional `xcontent`, checking that each xpath entry has one index.
    public static func read(_ text: String) throws(PathSyntaxError) -> DialectPattern {
        func failure(_ reason: String) -> PathSyntaxError { PathSyntaxError(path: text, reason: reason) }
        let halves = text.split(separator: " ", omittingEmptySubsequences: false)
        guard halves.count <= 2 else {
            throw failure(
                "expected an xpath, then optionally one space and an xcontent; found \(halves.count - 1) spaces")
        }
        let xpath = halves[0].split(separator: "/", omittingEmptySubsequences: false)
        guard xpath.count >= 2, xpath[0].isEmpty else {
            throw failure("an xpath starts with /, as in /UIViewController/UIView/UIButton")
        }
        if let empty = xpath.dropFirst().firstIndex(where: \.isEmpty) {
            throw failure("entry \(empty) of the xpath is empty: two / in a row, or a / at the end")
        }
        var segments = xpath.dropFirst().map { DialectSegment(name: String($0)) }
        if halves.count == 2 {
            let content = halves[1].split(separator: "/", omittingEmptySubsequences: false)
            guard content.count >= 2, content[0].isEmpty else {
                throw failure("an xcontent starts with /, as in /0/1/0/-")
            }
            guard content.count == xpath.count else {
                throw failure(
                    "the xcontent has \(content.count - 1) entries and the xpath \(xpath.count - 1); each xpath entry has one index"
                )
            }
            for (offset, entry) in content.dropFirst().enumerated() {
                if entry == "-" {
                    segments[offset].indices = [nil]
                } else if let value = Int(entry), value >= 0 {
                    segments[offset].indices = [value]
                } else {
                    throw failure("entry \(offset + 1) of the xcontent is \"\(entry)\"; expected a number or -")
                }
            }
        }
        return DialectPattern(text: text, parsed: .segments(segments))
    }

    public func select(_ pattern: DialectPattern) -> [Int] {
        guard case .segments(let segments) = pattern.parsed, let last = segments.last else { return [] }
        let xpath = "/" + segments.map(\.name).joined(separator: "/")
        let hasContent = pattern.text.contains(" ")
        return snapshot.indices.filter { node in
            let name = responders.className(of: node)
            guard name == last.name || snapshot.properties(of: node)?["growingUniqueTag"] != nil else { return false }
            let entries = self.entries(of: node)
            guard entries.xpath == xpath else { return false }
            return !hasContent || "\(xpath) \(entries.originxcontent)" == pattern.text
                || "\(xpath) \(entries.xcontent)" == pattern.text
        }
    }

    /// `recalculateXpath:` (NH L30-76) for the view part, after the page part of `pathInfo` (PG L110-128) unless a
    /// view on the way up has a `growingUniqueTag`.
    public func entries(of node: Int) -> Entries {
        var paths: [String] = []
        var contents: [String] = []
        var origins: [String] = []
        var hasSimilar = false
        var index: Int?
        var view: Int? = node
        var broke = false
        var last = node
        while let current = view {
            last = current
            let name = responders.className(of: current)
            if !Self.skippedViews.contains(name) {
                let isSimilar =
                    responders.isKind(current, .tableCell)
                    || responders.isKind(current, .collectionReusable)
                    || responders.isKind(current, .collectionCell) || name == "UISegment"
                let origin = subIndex(of: current)
                origins.append(origin)
                if isSimilar && !hasSimilar {
                    contents.append(similarIndex(of: current) ?? origin)
                    hasSimilar = true
                } else {
                    contents.append(origin)
                }
                if index == nil {
                    if let indexPath = responders.cellIndexPath(of: current) {
                        index = indexPath.row
                    } else if name == "UISegment" {
                        index = keyIndex(of: current)
                    }
                }
                if let tag = snapshot.properties(of: current)?["growingUniqueTag"]?.stringValue, !tag.isEmpty {
                    paths.append(tag)
                    broke = true
                    break
                }
                paths.append(subPath(of: current))
            }
            view = responders.isControllerView(current) ? nil : snapshot.parent(of: current)
        }
        var xpath = "/" + paths.reversed().joined(separator: "/")
        var xcontent = "/" + contents.reversed().joined(separator: "/")
        var originxcontent = "/" + origins.reversed().joined(separator: "/")
        var alias = ""
        if let page = self.page(of: last) {
            if !broke {
                let (pagePath, pageContent) = pageEntries(from: page)
                xpath = pagePath + xpath
                xcontent = pageContent + xcontent
                originxcontent = pageContent + originxcontent
            }
            // CP L55-58: the event's path is the nearest autotracked page's alias.
            var current: Int? = page
            while let controller = current {
                if let name = snapshot.controller(of: controller)?.alias, !name.isEmpty {
                    alias = "/" + name
                    break
                }
                current = responders.parentPage(of: controller)
            }
        }
        return Entries(
            xpath: xpath, xcontent: xcontent, originxcontent: originxcontent, index: index, hasListItem: hasSimilar,
            pagePath: alias)
    }

    /// The page: the nearest controller up the responder chain that is not a private one (PM L247-266).
    private func page(of view: Int) -> Int? {
        var page = responders.isControllerView(view) ? view : nil
        while let current = page, Self.privateControllers.contains(responders.controllerClass(of: current)) {
            page = responders.parentPage(of: current)
        }
        return page
    }

    /// The page chain outermost first: `/Class` each, with its tag, the count of earlier children of its parent of
    /// the same class (`0` without a parent).
    private func pageEntries(from page: Int) -> (String, String) {
        var paths: [String] = []
        var contents: [String] = []
        var current: Int? = page
        while let controller = current {
            paths.append("/" + responders.controllerClass(of: controller))
            contents.append("/" + String(responders.siblings(of: controller).map(SensorsPathText.sameClassIndex) ?? 0))
            current = responders.parentPage(of: controller)
        }
        return (paths.reversed().joined(), contents.reversed().joined())
    }

    /// `growingNodeSubPath`: a cell with an index path is `Section/Class`, any other view its class.
    private func subPath(of node: Int) -> String {
        let name = responders.className(of: node)
        return responders.cellIndexPath(of: node) != nil ? "Section/\(name)" : name
    }

    /// `growingNodeSubIndex`: a cell's `section/row`, a table header's or footer's section, else the key index.
    private func subIndex(of node: Int) -> String {
        if let indexPath = responders.cellIndexPath(of: node) { return "\(indexPath.section)/\(indexPath.row)" }
        if let supplement = responders.tableSupplement(of: node) { return String(supplement.section) }
        return String(max(keyIndex(of: node) ?? 0, 0))
    }

    /// `growingNodeSubSimilarIndex`: a cell's `section/-`, a segment's `-`; nil where it is the sub-index.
    private func similarIndex(of node: Int) -> String? {
        if let indexPath = responders.cellIndexPath(of: node) { return "\(indexPath.section)/-" }
        return responders.className(of: node) == "UISegment" ? "-" : nil
    }

    /// `growingNodeKeyIndex` (UV L32-54): the place among the next responder's subviews of the same class name; a
    /// segmented control's segments in their order along x (its `_segments`).
    private func keyIndex(of node: Int) -> Int? {
        guard let siblings = responders.siblingViews(of: node) else { return nil }
        let ordered =
            snapshot.parent(of: node).map { responders.isKind($0, .segmentedControl) } == true
            ? responders.siblingViews(of: node, sortSegments: true) ?? siblings : siblings
        return responders.sameClassIndex(of: node, among: ordered)
    }
}
