import LassoSnapshot

/// What each Android class name in one import makes of a view (its simple name, its `superclasses`, whether it is a
/// button or a text field, whether its children are list items), worked out once per name: a dump repeats a few
/// classes many times.
struct AndroidClassKinds {
    /// What one class name makes of a view.
    struct Kind {
        let simpleName: String
        /// The simple name as a view's `class` value.
        let simple: JSONValue
        let chain: [String]
        /// The chain as a view's `superclasses` value, shared by every view of the class.
        let superclasses: JSONValue
        let isButton: Bool
        let isTextField: Bool
        let isList: Bool
    }

    private var known: [String: Kind] = [:]

    /// The kind of the class `qualified` (`android.widget.Button`, or a simple name).
    mutating func kind(of qualified: String) -> Kind {
        if let kind = known[qualified] { return kind }
        let simple = AndroidWidgets.simpleName(qualified)
        let chain = AndroidWidgets.superclasses(of: simple)
        let kind = Kind(
            simpleName: simple, simple: .string(simple), chain: chain, superclasses: .array(chain.map { .string($0) }),
            isButton: chain.contains("UIButton"), isTextField: chain.contains("UITextField"),
            isList: AndroidWidgets.isList(chain, simple: simple))
        known[qualified] = kind
        return kind
    }
}
