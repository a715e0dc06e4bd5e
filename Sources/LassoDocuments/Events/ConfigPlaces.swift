import LassoSnapshot

/// KVC configs looked up by where they report: their app, their event, and the shape of their path (its classes
/// and aliases, without indices), which every path that overlaps theirs shares (`ViewPath.overlaps`).
///
/// Which configs feed a definition is then one lookup and a check of the few of the same shape, not a comparison
/// with every config; which report one of its keys, one lookup more (however many configs share the place).
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

    /// A place and a key name reported there.
    struct KeyedPlace: Hashable {
        var place: Place
        var keyName: String
    }

    /// The positions in the configs given, in their order, of the configs at each place.
    private let positions: [Place: [Int]]
    /// The same, by the key name each reports too.
    private let keyedPositions: [KeyedPlace: [Int]]

    public init(_ configs: [KVCConfig]) {
        var positions: [Place: [Int]] = [:]
        var keyedPositions: [KeyedPlace: [Int]] = [:]
        for (position, config) in configs.enumerated() {
            let place = Self.place(config.appKey, config.viewEvent, config.viewPath)
            positions[place, default: []].append(position)
            keyedPositions[KeyedPlace(place: place, keyName: config.keyName), default: []].append(position)
        }
        self.positions = positions
        self.keyedPositions = keyedPositions
    }

    /// The positions, in order, of the configs of `appKey` for `event` whose path has the shape of `path`: a superset
    /// of those whose path overlaps it, and every one of them.
    public func configs(appKey: String, event: String, at path: ViewPath) -> [Int] {
        positions[Self.place(appKey, event, path)] ?? []
    }

    /// The positions, in order, of the configs of `appKey` for `event` that report `keyName`, whose path has the
    /// shape of `path`.
    public func configs(appKey: String, event: String, at path: ViewPath, keyName: String) -> [Int] {
        keyedPositions[KeyedPlace(place: Self.place(appKey, event, path), keyName: keyName)] ?? []
    }

    static func place(_ appKey: String, _ event: String, _ path: ViewPath) -> Place {
        Place(
            appKey: appKey, event: event, shape: path.segments.map { PathShape(name: $0.name, alias: $0.alias) })
    }
}
