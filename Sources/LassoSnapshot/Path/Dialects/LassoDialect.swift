/// The `lasso` profile as a dialect: lasso's own paths (docs/viewpath.md, rules 1–7) under the project's `PathRules`.
public struct LassoDialect: PathDialect {
    public let table: PathTable
    public var profile: SDKProfile { .lasso }
    public var snapshot: Snapshot { table.snapshot }

    public init(_ table: PathTable) { self.table = table }

    public func location(of node: Int) -> DialectLocation? {
        DialectLocation(path: table.profile.notation.write(table.path(of: node)))
    }

    public func anyRowLocation(of node: Int) -> DialectLocation? {
        var path = table.path(of: node)
        guard let row = path.segments.lastIndex(where: { if case .cell = $0.index { true } else { false } }),
            case .cell(let section, _) = path.segments[row].index
        else { return nil }
        path.segments[row].index = .cell(section: section, row: nil)
        return DialectLocation(path: table.profile.notation.write(path))
    }

    public func parse(_ text: String) throws(PathSyntaxError) -> DialectPattern { try Self.read(text) }

    /// Reads a path in any of lasso's notations.
    public static func read(_ text: String) throws(PathSyntaxError) -> DialectPattern {
        DialectPattern(text: text, parsed: .lasso(try PathNotation.parse(text)))
    }

    public func select(_ pattern: DialectPattern) -> [Int] {
        guard case .lasso(let path) = pattern.parsed else { return [] }
        return PathMatcher(table).matches(path)
    }
}

extension SDKProfile {
    /// The dialect of this profile for one snapshot; `rules` shape the `lasso` profile only.
    public func dialect(for snapshot: Snapshot, rules: PathRules = .standard) -> any PathDialect {
        switch self {
        case .lasso: return LassoDialect(PathTable(snapshot, profile: rules))
        case .mixpanel: return MixpanelDialect(snapshot)
        case .sensors: return SensorsDialect(snapshot)
        case .sensorsSelector: return SensorsSelectorDialect(snapshot)
        case .growingio: return GrowingIODialect(snapshot)
        case .sensorsAndroid: return SensorsAndroidDialect(snapshot)
        case .posthog: return PostHogDialect(snapshot)
        }
    }
}

extension SDKProfile {
    /// Reads a stored path written in this profile's dialect, without a screen: what a config file is checked by.
    public func read(_ text: String) throws(PathSyntaxError) -> DialectPattern {
        switch self {
        case .lasso: return try LassoDialect.read(text)
        case .sensors: return try SensorsDialect.read(text)
        case .sensorsSelector: return try SensorsSelectorDialect.read(text)
        case .mixpanel: return try MixpanelDialect.read(text)
        case .growingio: return try GrowingIODialect.read(text)
        case .sensorsAndroid: return try SensorsAndroidDialect.read(text)
        case .posthog: return try PostHogDialect.read(text)
        }
    }
}
