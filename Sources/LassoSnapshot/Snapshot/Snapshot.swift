/// A rectangle in points: a view's `frame`, or a frame worked out in window coordinates.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public func contains(x px: Double, y py: Double) -> Bool { px >= x && py >= y && px < x + width && py < y + height }
}

/// A loaded screen snapshot: the app's view tree at one moment, as a flat table of views in pre-order.
///
/// Views are addressed by their pre-order number (the root is 0). Texts, properties and state stay in
/// the file's bytes until asked for.
public struct Snapshot: Sendable {
    public let file: String
    let bytes: [UInt8]
    package let records: [ViewRecord]
    let strings: [String]
    let lists: [[String]]
    public let controllers: [ViewControllerInfo]
    let extras: [ExtraField]
    public private(set) var app: AppInfo
    public let capturedAt: String?
    public let screen: ScreenInfo?
    /// Where the screenshot is, when the snapshot names one.
    public let screenshot: ScreenshotReference?
    let topLevelExtras: [ExtraField]
    let actionTargets: [Int32: [String]]
    /// The top-level `classes` the snapshot tool listed (empty when it lists none).
    public let classes: [SnapshotClass]

    init(file: String, bytes: [UInt8], parser: SnapshotParser) {
        self.init(
            file: file, bytes: bytes, views: parser.views, top: parser.top)
    }

    /// A snapshot of a table built elsewhere (straight from a dump), whose byte references point into `bytes`.
    package init(file: String, bytes: [UInt8], views: ViewTable, top: TopLevelFields) {
        self.file = file
        self.bytes = bytes
        records = views.records
        strings = views.strings
        lists = views.lists
        controllers = views.controllers
        extras = views.extras
        app = top.app
        capturedAt = top.capturedAt
        screen = top.screen
        screenshot = top.screenshot
        topLevelExtras = top.extras
        actionTargets = views.actionTargets
        classes = top.classes
    }

    /// The same screen, of the app `key` and at `version` where they are given (`--app-key`, `--app-version`).
    public func naming(appKey key: String?, appVersion version: String?) -> Snapshot {
        var named = self
        if let key { named.app.key = AppKeyText.normalized(key) }
        if let version { named.app.version = version }
        return named
    }

    /// How many views, the root included.
    public var count: Int { records.count }
    public var indices: Range<Int> { 0..<records.count }

    // MARK: Tree

    public func parent(of node: Int) -> Int? {
        let parent = records[node].parent
        return parent < 0 ? nil : Int(parent)
    }

    public func depth(of node: Int) -> Int { Int(records[node].depth) }
    public func childCount(of node: Int) -> Int { Int(records[node].childCount) }
    /// The position of `node` among its superview's children.
    public func ordinal(of node: Int) -> Int { Int(records[node].ordinal) }
    /// One past the last view of the subtree of `node`.
    public func subtreeEnd(of node: Int) -> Int { Int(records[node].subtreeEnd) }

    public func nextSibling(of node: Int) -> Int? {
        let next = records[node].nextSibling
        return next < 0 ? nil : Int(next)
    }

    /// The subviews of `node`, back to front.
    public func children(of node: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(Int(records[node].childCount))
        var child: Int? = records[node].childCount > 0 ? node + 1 : nil
        while let current = child {
            result.append(current)
            child = nextSibling(of: current)
        }
        return result
    }

    /// `node` and its superviews up to the root, nearest first.
    public func ancestry(of node: Int) -> [Int] {
        var chain: [Int] = []
        var current: Int? = node
        while let at = current {
            chain.append(at)
            current = parent(of: at)
        }
        return chain
    }

    // MARK: Fields

    /// The runtime class name, as the snapshot gives it (module prefix and mangling kept).
    public func className(of node: Int) -> String { strings[Int(records[node].classID)] }
    func classID(of node: Int) -> Int { Int(records[node].classID) }
    var classNames: [String] { strings }
    /// How many distinct runtime class names the snapshot uses.
    public var distinctClassCount: Int { strings.count }

    public func superclasses(of node: Int) -> [String] { list(records[node].superclassesID) }
    public func actions(of node: Int) -> [String] { list(records[node].actionsID) }
    /// The target class of each action of `node`, in the order of `actions(of:)`; nil where the snapshot does not say.
    public func actionTargets(of node: Int) -> [String?] {
        let actions = actions(of: node)
        guard let targets = actionTargets[Int32(node)], targets.count == actions.count else {
            return Array(repeating: nil, count: actions.count)
        }
        return targets.map { $0.isEmpty ? nil : $0 }
    }
    public func gestures(of node: Int) -> [String] { list(records[node].gesturesID) }

    private func list(_ id: Int32) -> [String] { id < 0 ? [] : lists[Int(id)] }

    public func text(of node: Int) -> String? { string(records[node].text) }
    public func title(of node: Int) -> String? { string(records[node].title) }
    public func accessibilityIdentifier(of node: Int) -> String? { string(records[node].accessibilityIdentifier) }
    public func accessibilityLabel(of node: Int) -> String? { string(records[node].accessibilityLabel) }
    public func imageName(of node: Int) -> String? { string(records[node].imageName) }
    /// The path the app's own SDK computed, when the snapshot carries one.
    public func sdkViewPath(of node: Int) -> String? { string(records[node].sdkViewPath) }

    public func isHidden(of node: Int) -> Bool { records[node].hidden }
    public func alpha(of node: Int) -> Double? { records[node].alpha.isNaN ? nil : Double(records[node].alpha) }

    public func frame(of node: Int) -> Rect? {
        let record = records[node]
        guard record.hasFrame else { return nil }
        return Rect(x: record.frame.0, y: record.frame.1, width: record.frame.2, height: record.frame.3)
    }

    public func indexPath(of node: Int) -> (section: Int, row: Int)? {
        let record = records[node]
        return record.section < 0 ? nil : (Int(record.section), Int(record.row))
    }

    public func controller(of node: Int) -> ViewControllerInfo? {
        let index = records[node].controller
        return index < 0 ? nil : controllers[Int(index)]
    }

    public func isPageRoot(_ node: Int) -> Bool { records[node].controller >= 0 }

    /// The `state` object, parsed on each call.
    public func state(of node: Int) -> JSONObject? { value(records[node].state)?.objectValue }

    /// What KVC sees on the view (`properties`), parsed on each call.
    public func properties(of node: Int) -> JSONValue? { value(records[node].properties) }

    public func properties(of controller: ViewControllerInfo) -> JSONValue? { value(controller.properties) }

    /// The fields of `node` that lasso does not know, kept as they were.
    public func unknownFields(of node: Int) -> JSONObject {
        let record = records[node]
        let range = Int(record.extrasStart)..<Int(record.extrasStart + record.extrasCount)
        return JSONObject(extras[range].map { JSONObject.Member(key: $0.key, value: value($0.value) ?? .null) })
    }

    public func unknownFields(of controller: ViewControllerInfo) -> JSONObject {
        JSONObject(controller.extras.map { JSONObject.Member(key: $0.key, value: value($0.value) ?? .null) })
    }

    /// Top-level fields of the document that lasso does not know.
    public var unknownTopLevelFields: JSONObject {
        JSONObject(topLevelExtras.map { JSONObject.Member(key: $0.key, value: value($0.value) ?? .null) })
    }

    func string(_ ref: ByteRef) -> String? {
        guard !ref.isAbsent else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            let slice = UnsafeBufferPointer(rebasing: buffer[ref.range])
            return ref.escaped ? ByteScanner.unescape(slice) : String(decoding: slice, as: UTF8.self)
        }
    }

    func value(_ ref: ByteRef) -> JSONValue? {
        guard !ref.isAbsent else { return nil }
        return bytes.withUnsafeBufferPointer { JSONParser.parseValidated($0, range: ref.range) }
    }
}
