/// The index of one path segment: a position among siblings, or a cell's `section:row`; nil halves are `*`.
public enum SegmentIndex: Sendable, Hashable {
    case position(Int?)
    case cell(section: Int?, row: Int?)

    public static let any = SegmentIndex.position(nil)

    /// True when a view whose index is `concrete` fits this (possibly wildcard) index.
    public func matches(_ concrete: SegmentIndex) -> Bool {
        switch (self, concrete) {
        case (.position(nil), _): return true
        case (.position(let want), .position(let have)): return want == have
        case (.cell(let section, let row), .cell(let haveSection, let haveRow)):
            return (section == nil || section == haveSection) && (row == nil || row == haveRow)
        default: return false
        }
    }

    public var hasWildcard: Bool {
        switch self {
        case .position(let value): return value == nil
        case .cell(let section, let row): return section == nil || row == nil
        }
    }

    /// `3`, `*`, `0:2`, `0:*`: the index as every notation but hubble writes it.
    public var text: String {
        switch self {
        case .position(let value): return value.map(String.init) ?? "*"
        case .cell(let section, let row): return (section.map(String.init) ?? "*") + ":" + (row.map(String.init) ?? "*")
        }
    }
}

/// One step of a viewPath: a class name without its module, an optional page alias, and an index.
public struct PathSegment: Sendable, Hashable {
    public var name: String
    /// The page alias that tells two instances of one view controller apart (`ProductListViewController@hot`).
    public var alias: String?
    public var index: SegmentIndex

    public init(name: String, alias: String? = nil, index: SegmentIndex) {
        self.name = name
        self.alias = alias
        self.index = index
    }

    /// The name as written in a path, alias included.
    public var label: String { alias.map { name + "@" + $0 } ?? name }
}

/// A path from a page (view controller) down to one view, possibly with wildcards (docs/viewpath.md).
public struct ViewPath: Sendable, Hashable, CustomStringConvertible {
    public var segments: [PathSegment]

    public init(_ segments: [PathSegment]) { self.segments = segments }

    /// The path in the lasso notation, the one that viewIds are made from.
    public var description: String { PathNotation.lasso.write(self) }

    public var hasWildcard: Bool { segments.contains { $0.index.hasWildcard } }

    /// True when the concrete path `view` fits this one: same length, same names, matching indices.
    public func matches(_ view: ViewPath) -> Bool {
        guard segments.count == view.segments.count else { return false }
        for (want, have) in zip(segments, view.segments) {
            guard want.name == have.name, want.alias == have.alias, want.index.matches(have.index) else { return false }
        }
        return true
    }
}
