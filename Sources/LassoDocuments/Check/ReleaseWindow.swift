import LassoSnapshot

/// Which configs a release check looks at around a new app version V (docs/release-check.md): those whose versions hold V,
/// end exactly at V, or hold the version before V.
///
/// "The version before V" is the one given (`--previous`), else the greatest version below V at which any config of
/// the app starts or ends an interval: the configs directory is the record of which versions shipped.
public struct ReleaseWindow: Sendable, Equatable {
    /// Why a config is part of the check.
    public enum Reason: String, Sendable {
        /// Its versions contain V.
        case containsVersion = "contains-version"
        /// One of its intervals ends exactly at V (it was written up to this release).
        case endsAtVersion = "ends-at-version"
        /// Its versions contain the version before V (it lived in the previous release).
        case containsPrevious = "contains-previous"
    }

    public let version: AppVersion
    public let previous: AppVersion?

    /// The window at `version`, with `previous` given or worked out from `configs`.
    public init(version: AppVersion, previous: AppVersion? = nil, configs: [KVCConfig]) {
        self.version = version
        self.previous = previous ?? ReleaseWindow.versionBefore(version, in: configs)
    }

    /// The greatest version below `version` that an interval of `configs` starts or ends at, or nil.
    public static func versionBefore(_ version: AppVersion, in configs: [KVCConfig]) -> AppVersion? {
        var best: AppVersion?
        for config in configs {
            for interval in config.versions.intervals {
                for end in [interval.from, interval.until] {
                    guard let end, end < version else { continue }
                    if best.map({ $0 < end }) ?? true { best = end }
                }
            }
        }
        return best
    }

    /// Why `config` is part of the check, or nil when it is not.
    public func reason(for config: KVCConfig) -> Reason? {
        if config.versions.contains(version) { return .containsVersion }
        if config.versions.intervals.contains(where: { $0.until == version }) { return .endsAtVersion }
        if let previous, config.versions.contains(previous) { return .containsPrevious }
        return nil
    }

    /// The reason in words, for the table and messages.
    public func describe(_ reason: Reason) -> String {
        switch reason {
        case .containsVersion: return "its versions contain \(version)"
        case .endsAtVersion: return "its versions end at \(version)"
        case .containsPrevious:
            return "its versions contain \(previous.map(\.text) ?? "?"), the version before \(version)"
        }
    }
}
