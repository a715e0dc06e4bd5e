/// One SDK's complete way of naming views and matching stored paths against a screen, built once per snapshot.
///
/// Each profile of `SDKProfile` has one conforming type; `SDKProfile.dialect(for:rules:)` makes it. A dialect
/// follows its SDK's code as written, quirks included, and names a view `nil` where that SDK sends no path.
public protocol PathDialect: Sendable {
    /// The profile this dialect speaks.
    var profile: SDKProfile { get }
    /// The snapshot it names views of.
    var snapshot: Snapshot { get }
    /// What the SDK reports for `node` when it is tapped: its own path and the fields beside it; nil when the SDK
    /// names no path for it (an excluded page, a view outside any window it walks).
    func location(of node: Int) -> DialectLocation?
    /// The same with the innermost list's row left open ("any row"), as the SDK writes it; nil when the dialect has
    /// no such form or the view sits in no list.
    func anyRowLocation(of node: Int) -> DialectLocation?
    /// The path the SDK puts into its events for `node`, with the fields beside it (the row, where the path leaves
    /// it open, among them): what its records carry and its downloaded configs are compared with. `location(of:)`
    /// where the SDK sends the row in the path.
    func sentLocation(of node: Int) -> DialectLocation?
    /// Reads a stored path written in this dialect, or says in words what is wrong with it.
    func parse(_ text: String) throws(PathSyntaxError) -> DialectPattern
    /// The views the SDK's own matching would take `pattern` to name, in the order that SDK finds them.
    func select(_ pattern: DialectPattern) -> [Int]
}

extension PathDialect {
    public func sentLocation(of node: Int) -> DialectLocation? { location(of: node) }
}

/// The path an SDK reports for one view and the fields it sends beside it (`$screen_name`, `xcontent`, …).
public struct DialectLocation: Sendable, Hashable {
    /// The path in the SDK's own notation (`$element_path`, a selector, an `xpath`).
    public var path: String
    /// The fields beside the path, in the SDK's spelling and order (`"$screen_name"`, `"$element_position"`,
    /// `"xcontent"`); only the ones the SDK would send.
    public var fields: [DialectField]

    public init(path: String, fields: [DialectField] = []) {
        self.path = path
        self.fields = fields
    }

    /// The value of a field beside the path, by the SDK's name for it.
    public subscript(field name: String) -> String? { fields.first { $0.name == name }?.value }
}

/// One named field an SDK sends beside a path.
public struct DialectField: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A stored path read in one dialect, ready to be selected against a screen.
public struct DialectPattern: Sendable, Hashable {
    /// The text it was read from, as written.
    public var text: String
    /// The fields that narrow it (a Sensors `$screen_name`, a GrowingIO `xcontent`); empty for none.
    public var fields: [DialectField]
    /// The dialect's own reading of `text`, opaque outside that dialect.
    public var parsed: DialectSyntax

    public init(text: String, fields: [DialectField] = [], parsed: DialectSyntax) {
        self.text = text
        self.fields = fields
        self.parsed = parsed
    }
}

/// A dialect's parsed form of a path: one case per family of notation, so a pattern stays a plain value.
public indirect enum DialectSyntax: Sendable, Hashable {
    /// lasso's own paths.
    case lasso(ViewPath)
    /// Slash-separated segments with their indices or predicates, as the SDK reads them.
    case segments([DialectSegment])
}

/// One step of a dialect's path: a class name and what narrows it.
public struct DialectSegment: Sendable, Hashable {
    public var name: String
    /// Indices written after the name (`[0]`, `[0][2]`); nil entries are the SDK's "any" (`-`, `*`).
    public var indices: [Int?]
    /// A predicate in the SDK's own syntax, kept as text after it was checked (Mixpanel, sensors-selector).
    public var predicate: String?
    /// The dialect's flags on this step (Mixpanel's `unique`, a leading `/` for a direct child, …).
    public var flags: Set<String>

    public init(name: String, indices: [Int?] = [], predicate: String? = nil, flags: Set<String> = []) {
        self.name = name
        self.indices = indices
        self.predicate = predicate
        self.flags = flags
    }
}
