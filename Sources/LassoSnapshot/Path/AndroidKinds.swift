/// What an Android view is, read from its own class chain and the dump's flags, never from the UIKit class an
/// importer sets beside it for lasso's events: a text field whose text is private, a button, a label.
enum AndroidKinds {
    /// The kinds a person calls Android views by, nearest class first (a `Button` is a `TextView` too).
    static let words: [(name: String, word: String)] = [
        ("SearchAutoComplete", "search field"), ("EditText", "text field"), ("Switch", "switch"),
        ("SwitchCompat", "switch"), ("SwitchMaterial", "switch"), ("ToggleButton", "switch"), ("CheckBox", "check box"),
        ("RadioButton", "radio button"), ("ImageButton", "button"), ("Button", "button"), ("SeekBar", "slider"),
        ("RatingBar", "slider"), ("ImageView", "image"), ("TextView", "label"),
    ]
}

extension Snapshot {
    /// True when the snapshot is of an Android screen (uiautomator, Appium UiAutomator2, dumpsys, Maestro, an SDK's).
    public var isAndroid: Bool { app.platform == "android" }

    /// An Android view's own chain, class first, without the UIKit classes its importer added.
    public func androidChain(of node: Int) -> [String] {
        [ClassName.pathName(className(of: node))] + platformSuperclasses(of: node)
    }

    /// True when `name` is the Android view's class or an Android superclass (a simple name, or the end of one:
    /// `SearchView$SearchAutoComplete`, `MyEditText`).
    public func isAndroidKind(_ node: Int, of name: String) -> Bool {
        androidChain(of: node).contains { $0.hasSuffix(name) }
    }

    /// The word a person calls an Android view by (`button`, `text field`), or nil for a plain view.
    public func androidKindWord(of node: Int) -> String? {
        AndroidKinds.words.first { isAndroidKind(node, of: $0.name) }?.word
    }

    /// True when the Android view's text may be a password or a private message: a `password` field, or an
    /// `EditText` that is not a search view's field.
    public func androidHoldsPrivateText(_ node: Int) -> Bool {
        if let password = properties(of: node)?.objectValue?["password"],
            password == .bool(true) || password == .string("true")
        {
            return true
        }
        return isAndroidKind(node, of: "EditText") && !isAndroidKind(node, of: "SearchAutoComplete")
    }
}
