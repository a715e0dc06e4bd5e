import LassoSnapshot

/// KVC configs looked up by where they report: their app, their event, and the shape of their path (its classes
/// and aliases, without indices), which every path that overlaps theirs shares (`ViewPath.overlaps`).
///
/// Which configs feed a definition is then one lookup and a check of the few of the same shape, not a comparison
/// with every config.
public struct ConfigPlaces: Sendable {
    /// An app, an event and a path's shape.
    struct Place: Hashable {
        var appKey: String
        var event: String
        var shape: [PathShape]
    }

    /// One segment of a path without its index.
    struct PathShape: Hashable {
        var name: String
        var alias: String?
    }

    /// The positions in the configs given, in their order, of the configs at each place.
    private let positions: [Place: [Int]]

    public init(_ configs: [KVCConfig]) {
        var positions: [Place: [Int]] = [:]
        for (position, config) in configs.enumerated() {
            positions[Self.place(config.appKey, config.viewEvent, config.viewPath), default: []].append(position)
        }
        self.positions = positions
    }

    /// The positions, in order, of the configs of `appKey` for `event` whose path has the shape of `path`: a superset
    /// of those whose path overlaps it, and every one of them.
    public func configs(appKey: String, event: String, at path: ViewPath) -> [Int] {
        positions[Self.place(appKey, event, path)] ?? []
    }

    static func place(_ appKey: String, _ event: String, _ path: ViewPath) -> Place {
        Place(
            appKey: appKey, event: event, shape: path.segments.map { PathShape(name: $0.name, alias: $0.alias) })
    }
}
