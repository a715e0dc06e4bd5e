/// Where a string value sits in the snapshot's bytes, so that texts of a million views cost no allocation until shown.
///
/// Eight bytes: the start, and the length with its top bit saying whether the text holds escapes.
public struct ByteRef: Sendable, Equatable {
    private var startOffset: UInt32
    private var lengthAndFlag: UInt32

    init(start: UInt32, end: UInt32, escaped: Bool) {
        startOffset = start
        lengthAndFlag = (end &- start) | (escaped ? 0x8000_0000 : 0)
    }

    static let absent = ByteRef(start: .max, end: .max, escaped: false)
    var isAbsent: Bool { startOffset == .max }
    var escaped: Bool { lengthAndFlag & 0x8000_0000 != 0 }
    var range: Range<Int> { Int(startOffset)..<Int(startOffset) + Int(lengthAndFlag & 0x7FFF_FFFF) }

    /// The same bytes after `offset` more bytes were put before them.
    func shifted(by offset: UInt32) -> ByteRef {
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
struct ViewRecord: Sendable {
    var classID: Int32 = -1
    var superclassesID: Int32 = -1
    var actionsID: Int32 = -1
    var gesturesID: Int32 = -1
    var controller: Int32 = -1
    var parent: Int32 = -1
    var depth: Int32 = 0
    /// Position among the superview's children (0-based), the `children[n]` of the JSON path.
    var ordinal: Int32 = 0
    var childCount: Int32 = 0
    var nextSibling: Int32 = -1
    /// One past the last row of this view's subtree.
    var subtreeEnd: Int32 = 0
    var section: Int32 = -1
    var row: Int32 = -1
    var hidden: Bool = false
    var hasFrame: Bool = false
    var alpha: Float = .nan
    var frame: (Double, Double, Double, Double) = (0, 0, 0, 0)
    var text: ByteRef = .absent
    var title: ByteRef = .absent
    var accessibilityIdentifier: ByteRef = .absent
    var accessibilityLabel: ByteRef = .absent
    var imageName: ByteRef = .absent
    var sdkViewPath: ByteRef = .absent
    var state: ByteRef = .absent
    var properties: ByteRef = .absent
    var extrasStart: Int32 = 0
    var extrasCount: Int32 = 0
}

/// A field of a view or view controller that lasso does not know: kept by name and source range, shown as is.
struct ExtraField: Sendable, Equatable {
    var key: String
    var value: ByteRef
}

/// The view controller whose root view a node is (docs/snapshot-format.md, `viewController`).
public struct ViewControllerInfo: Sendable, Equatable {
    public var className: String
    public var superclasses: [String]
    public var title: String?
    public var alias: String?
    var properties: ByteRef
    var extras: [ExtraField]
}

/// The views of a snapshot as its loader or an importer builds them: the node table and the names and lists it shares.
struct ViewTable {
    var records: [ViewRecord] = []
    /// Class names, each once, in the order the views first use them.
    var strings: [String] = []
    /// Lists of names (superclasses, actions, gestures), each distinct list once, in the order first met.
    var lists: [[String]] = []
    var controllers: [ViewControllerInfo] = []
    var extras: [ExtraField] = []
}

/// The members of a snapshot document outside its view tree.
struct TopLevelFields {
    var app = AppInfo()
    var capturedAt: String?
    var screen: ScreenInfo?
    var screenshot: ScreenshotReference?
    var extras: [ExtraField] = []
}
