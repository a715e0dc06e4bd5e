/// One object of the tree Mixpanel's selectors walk: a view of the snapshot, or the controller whose root view it is.
public enum MixpanelObject: Sendable, Hashable {
    /// The view numbered so in pre-order.
    case view(Int)
    /// The view controller whose root view is the view numbered so.
    case controller(Int)

    /// The snapshot node that stands for the object: the view itself, or the controller's root view.
    public var node: Int {
        switch self {
        case .view(let node), .controller(let node): node
        }
    }

    /// True for a view (a window too), the only parent under which an index selects anything.
    public var isView: Bool {
        if case .view = self { true } else { false }
    }
}
