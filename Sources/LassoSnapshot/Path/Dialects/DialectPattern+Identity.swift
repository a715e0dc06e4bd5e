extension DialectPattern {
    /// The pattern as a lasso `ViewPath` that stands for it where documents are compared (two configs at one place,
    /// a lint's groups): lasso's own path, or the dialect's segments with their indices (a predicate kept in the
    /// name). It is never matched against a screen; the dialect does that.
    public var identityPath: ViewPath {
        switch parsed {
        case .lasso(let path): return path
        case .segments(let segments):
            return ViewPath(
                segments.map { segment in
                    let name = segment.name + (segment.predicate.map { "[\($0)]" } ?? "")
                    let index: SegmentIndex =
                        switch segment.indices.count {
                        case 0: .position(0)
                        case 1: .position(segment.indices[0])
                        default: .cell(section: segment.indices[0], row: segment.indices[1])
                        }
                    return PathSegment(name: name, index: index)
                })
        }
    }
}
