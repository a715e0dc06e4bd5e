/// The optional fields that SDK profiles read (docs/snapshot-format.md, "Fields SDK profiles read"), kept by the
/// loader as the node's own fields and read here by name.
extension Snapshot {
    /// The node's `id`, a stable name for it within the file.
    public func nodeID(of node: Int) -> String? { unknownFields(of: node)["id"]?.stringValue }

    /// The name of the owning controller's instance variable that holds this view (`_firstButton`).
    public func ivar(of node: Int) -> String? { unknownFields(of: node)["ivar"]?.stringValue }

    /// `sectionHeader` or `sectionFooter` with its section, for a table's or collection's supplementary view.
    public func role(of node: Int) -> (role: String, section: Int?)? {
        let fields = unknownFields(of: node)
        guard let role = fields["role"]?.stringValue else { return nil }
        return (role, fields["section"]?.doubleValue.flatMap { Int(exactly: $0) })
    }

    /// A window's `rootViewController`: the `id` of the view whose controller is the window's root controller.
    public func rootViewControllerID(of window: Int) -> String? {
        unknownFields(of: window)["rootViewController"]?.stringValue
    }

    /// A segmented control's `state.selectedSegmentIndex`.
    public func selectedSegmentIndex(of node: Int) -> Int? {
        state(of: node)?["selectedSegmentIndex"]?.doubleValue.flatMap { Int(exactly: $0) }
    }

    /// The SDK profile the snapshot was imported for (its top-level `"profile"`, `lasso import --profile`), or nil.
    public var sdkProfile: SDKProfile? {
        unknownTopLevelFields["profile"]?.stringValue.flatMap(SDKProfile.init(rawValue:))
    }

    /// The view whose `id` is `id`, or nil.
    public func node(withID id: String) -> Int? { indices.first { nodeID(of: $0) == id } }
}

extension ViewControllerInfo {
    /// The controller's position among its parent controller's `childViewControllers`.
    public func childIndex(in snapshot: Snapshot) -> Int? {
        snapshot.unknownFields(of: self)["childIndex"]?.doubleValue.flatMap { Int(exactly: $0) }
    }

    /// True when the controller was presented modally (`"presented": true`).
    public func isPresented(in snapshot: Snapshot) -> Bool {
        snapshot.unknownFields(of: self)["presented"] == .bool(true)
    }

    /// The `id` of the view whose controller this one presents (`presentedViewController`).
    public func presentedViewControllerID(in snapshot: Snapshot) -> String? {
        snapshot.unknownFields(of: self)["presentedViewController"]?.stringValue
    }

    /// The class names of a container's `childViewControllers`, in order (`properties.childViewControllers`).
    public func childViewControllerClasses(in snapshot: Snapshot) -> [String]? {
        snapshot.properties(of: self)?["childViewControllers"]?.arrayValue?.compactMap(\.stringValue)
    }
}
