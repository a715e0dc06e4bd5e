import Foundation
import LassoSnapshot

/// One KVC config: on this event at this viewPath (under these conditions, in these app versions), read this key path
/// and report it under this key name (docs/config-format.md).
public struct KVCConfig: Sendable, Equatable {
    /// Made once, when the config is created, and never changed.
    public var id: String
    public var appKey: String
    public var versions: VersionRanges
    public var viewEvent: String
    /// The SDK whose dialect `viewPathText` is written in (docs/viewpath.md, "SDK profiles"); lasso's own by default.
    public var profile: SDKProfile = .lasso
    /// The path as written in the file (any of lasso's notations, or the profile's dialect).
    public var viewPathText: String
    /// The lasso path; for a path in an SDK's dialect, the `identityPath` that stands for it.
    public var viewPath: ViewPath
    public var viewId: String
    public var conditions: [Condition]
    public var keyPath: String
    public var keyName: String
    public var note: String?
    /// For a config in a Sensors profile: the page and the element its value is read from, as that SDK's downloaded
    /// config needs them (`"sensors"`).
    public var sensors: SensorsFields?
    /// For a config in the Mixpanel profile: the binding its SDK makes for the view (`"mixpanel"`).
    public var mixpanel: MixpanelFields?
    /// Fields this version of lasso does not know, kept and written back after the known ones.
    public var otherFields: JSONObject

    public init(
        id: String = KVCConfig.newID(), appKey: String, versions: VersionRanges = VersionRanges(), viewEvent: String,
        viewPath: ViewPath, notation: PathNotation = .lasso, hash: PathRules.Hash = .md5,
        conditions: [Condition] = [],
        keyPath: String, keyName: String, note: String? = nil
    ) {
        self.id = id
        self.appKey = appKey
        self.versions = versions
        self.viewEvent = viewEvent
        self.viewPath = viewPath
        self.viewPathText = notation.write(viewPath)
        self.viewId = ViewId.make(viewPath, hash: hash)
        self.conditions = conditions.sorted { $0.key < $1.key }
        self.keyPath = keyPath
        self.keyName = keyName
        self.note = note
        self.otherFields = JSONObject()
    }

    /// A config whose path is written in an SDK's dialect: its viewId is the hash of that text.
    public init(
        id: String = KVCConfig.newID(), appKey: String, versions: VersionRanges = VersionRanges(), viewEvent: String,
        pattern: DialectPattern, profile: SDKProfile, hash: PathRules.Hash = .md5, conditions: [Condition] = [],
        keyPath: String, keyName: String, note: String? = nil
    ) {
        self.init(
            id: id, appKey: appKey, versions: versions, viewEvent: viewEvent, viewPath: pattern.identityPath,
            hash: hash, conditions: conditions, keyPath: keyPath, keyName: keyName, note: note)
        self.profile = profile
        guard profile != .lasso else { return }
        viewPathText = pattern.text
        viewId = ViewId.make(lassoText: pattern.text, hash: hash)
    }

    /// The same config with its path `pattern`, written in `profile`'s dialect (its id, fields and unknown fields kept).
    public func rewritten(in profile: SDKProfile, pattern: DialectPattern, hash: PathRules.Hash) -> KVCConfig {
        var copy = KVCConfig(
            id: id, appKey: appKey, versions: versions, viewEvent: viewEvent, pattern: pattern, profile: profile,
            hash: hash, conditions: conditions, keyPath: keyPath, keyName: keyName, note: note)
        copy.otherFields = otherFields
        copy.sensors = SensorsFields.applies(to: profile) ? sensors : nil
        copy.mixpanel = profile == .mixpanel ? mixpanel : nil
        return copy
    }

    /// True when an SDK's downloaded document carries the config for `version`: its interval holds that version, or,
    /// with no version given (the SDK does not say its own), it is still open.
    public func isSent(in version: AppVersion?) -> Bool {
        version.map(versions.contains)
            ?? (versions.intervals.isEmpty || versions.intervals.contains { $0.until == nil })
    }

    /// True when the path may name several views: a lasso wildcard, an SDK's open row (`[-]`, an `xcontent` `-`),
    /// a Mixpanel selector, a GrowingIO xpath without an xcontent, a PostHog chain (which has no index).
    public var opensLocation: Bool {
        switch profile {
        case .lasso: return viewPath.hasWildcard
        case .mixpanel, .posthog: return true
        case .sensors, .sensorsSelector, .sensorsAndroid: return viewPathText.contains("[-]")
        case .growingio:
            return !viewPathText.contains(" ") || viewPathText.hasSuffix("/-") || viewPathText.contains("/-/")
        }
    }

    /// The viewIds this config's path may carry: the MD5 and the SHA-256 of its lasso path, or of its dialect text.
    public var possibleViewIds: [String] {
        let text = profile == .lasso ? PathNotation.lasso.write(viewPath) : viewPathText
        return [ViewId.make(lassoText: text, hash: .md5), ViewId.make(lassoText: text, hash: .sha256)]
    }

    /// A new config id: a lowercase UUID.
    public static func newID() -> String { UUID().uuidString.lowercased() }

    /// The first eight characters of the id, as file names and short listings use it.
    public var shortID: String { String(id.prefix(8)) }

    /// The conditions as a dictionary, for comparing two configs.
    public var conditionMap: [String: String] {
        Dictionary(conditions.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// True when `other` says the same thing for an overlapping set of versions: a conflict (docs/config-format.md, "Conflicts").
    public func conflicts(with other: KVCConfig) -> Bool {
        id != other.id && appKey == other.appKey && viewEvent == other.viewEvent && profile == other.profile
            && viewPath == other.viewPath
            && conditionMap == other.conditionMap && keyName == other.keyName && versions.overlaps(other.versions)
    }
}
