/// Where a string value sits in the snapshot's bytes, so that texts of a million views cost no allocation until shown.
///
/// Eight bytes: the start, and the length with its top bit saying whether the text holds escapes.
public struct ByteRef: Sendable, Equatable {
    private var startOffset: UInt32
    private var lengthAndFlag: UInt32

    package init(start: UInt32, end: UInt32, escaped: Bool) {
        startOffset = start
        lengthAndFlag = (end &- start) | (escaped ? 0x8000_0000 : 0)
    }

    package static let absent = ByteRef(start: .max, end: .max, escaped: false)
    package var isAbsent: Bool { startOffset == .max }
    package var escaped: Bool { lengthAndFlag & 0x8000_0000 != 0 }
    package var range: Range<Int> { Int(startOffset)..<Int(startOffset) + Int(lengthAndFlag & 0x7FFF_FFFF) }

    /// The same bytes after `offset` more bytes were put before them.
    package func shifted(by offset: UInt32) -> ByteRef {
        isAbsent
            ? self
            : ByteRef(
                start: startOffset + offset, end: startOffset + offset + (lengthAndFlag & 0x7FFF_FFFF), escaped: escaped
            )
    }
}

/// One view of a snapshot as the loader stores it: a row of the flat, pre-order node table.
///
/// Tree links are indices into the table (`parent`, `nextSibling`, `subtreeEnd`), so no operation on the tree
/// needs recursion, and a tree nested 100,000 deep is as cheap as a wide one.
package struct ViewRecord: Sendable {
    package var classID: Int32 = -1
    package var superclassesID: Int32 = -1
    package var actionsID: Int32 = -1
    package var gesturesID: Int32 = -1
    package var controller: Int32 = -1
    package var parent: Int32 = -1
    package var depth: Int32 = 0
    /// Position among the superview's children (0-based), the `children[n]` of the JSON path.
    package var ordinal: Int32 = 0
    package var childCount: Int32 = 0
    package var nextSibling: Int32 = -1
    /// One past the last row of this view's subtree.
    package var subtreeEnd: Int32 = 0
    package var section: Int32 = -1
    package var row: Int32 = -1
    package var hidden: Bool = false
    package var hasFrame: Bool = false
    package var alpha: Float = .nan
    package var frame: (Double, Double, Double, Double) = (0, 0, 0, 0)
    package var text: ByteRef = .absent
    package var title: ByteRef = .absent
    package var accessibilityIdentifier: ByteRef = .absent
    package var accessibilityLabel: ByteRef = .absent
    package var imageName: ByteRef = .absent
    package var sdkViewPath: ByteRef = .absent
    package var state: ByteRef = .absent
    package var properties: ByteRef = .absent
    package var extrasStart: Int32 = 0
    package var extrasCount: Int32 = 0

    package init() {}
}

/// A field of a view or view controller that lasso does not know: kept by name and source range, shown as is.
package struct ExtraField: Sendable, Equatable {
    package var key: String
    package var value: ByteRef

    package init(key: String, value: ByteRef) {
        self.key = key
        self.value = value
    }
}

/// The view controller whose root view a node is (docs/snapshot-format.md, `viewController`).
public struct ViewControllerInfo: Sendable, Equatable {
    public var className: String
    public var superclasses: [String]
    public var title: String?
    public var alias: String?
    package var properties: ByteRef
    package var extras: [ExtraField]

    package init(
        className: String, superclasses: [String], title: String?, alias: String?, properties: ByteRef,
        extras: [ExtraField]
    ) {
        self.className = className
        self.superclasses = superclasses
        self.title = title
        self.alias = alias
        self.properties = properties
        self.extras = extras
    }
}

/// The views of a snapshot as its loader or an importer builds them: the node table and the names and lists it shares.
package struct ViewTable {
    package var records: [ViewRecord] = []
    /// Class names, each once, in the order the views first use them.
    package var strings: [String] = []
    /// Lists of names (superclasses, actions, gestures), each distinct list once, in the order first met.
    package var lists: [[String]] = []
    package var controllers: [ViewControllerInfo] = []
    package var extras: [ExtraField] = []
    /// Per view whose `actions` name targets: each action's target class, "" where the item was a plain selector.
    /// Kept aside so that a snapshot of plain selectors costs nothing more.
    package var actionTargets: [Int32: [String]] = [:]

    /// A table of these rows and names (empty by default, for an importer to fill).
    package init(
        records: [ViewRecord] = [], strings: [String] = [], lists: [[String]] = [],
        controllers: [ViewControllerInfo] = [], extras: [ExtraField] = [], actionTargets: [Int32: [String]] = [:]
    ) {
        self.records = records
        self.strings = strings
        self.lists = lists
        self.controllers = controllers
        self.extras = extras
        self.actionTargets = actionTargets
    }
}

/// The members of a snapshot document outside its view tree.
package struct TopLevelFields {
    package var app = AppInfo()
    package var capturedAt: String?
    package var screen: ScreenInfo?
    package var screenshot: ScreenshotReference?
    /// The top-level `classes`: class names and the methods the snapshot tool listed for each, in file order.
    package var classes: [SnapshotClass] = []
    package var extras: [ExtraField] = []
}

/// A class the snapshot's `classes` lists, with the methods its tool read off the runtime (nil: not listed).
public struct SnapshotClass: Sendable, Equatable {
    public var name: String
    public var methods: [String]?

    public init(name: String, methods: [String]?) {
        self.name = name
        self.methods = methods
    }
}
