import Foundation
import LassoSnapshot

/// A named event definition: the location (a viewPath, wildcards allowed) and the reported content that together
/// make one counted event (docs/event-definitions.md).
public struct EventDefinition: Sendable, Equatable {
    /// Made once, when the definition is created, and never changed.
    public var id: String
    public var appKey: String
    /// The name a person reads ("热门推荐入口点击").
    public var name: String
    /// The name a back end stores (`home_hot_entrance_click`); unique per app among overlapping versions.
    public var key: String
    /// The event's number within its app: given once, when the definition is first saved, never changed and never
    /// given to another definition, even after this one is removed (`EventNumbers`); the catalogue's numeric key.
    /// Nil only for a definition made before lasso numbered them, until it is next saved.
    public var number: Int?
    public var versions: VersionRanges
    public var viewEvent: String
    /// The SDK whose records the definition counts, and whose dialect `viewPathText` is written in (lasso's own by
    /// default).
    public var profile: SDKProfile = .lasso
    /// The path as written in the file (any of lasso's notations, or the profile's dialect).
    public var viewPathText: String
    /// The lasso path; for a path in an SDK's dialect, the `identityPath` that stands for it.
    public var viewPath: ViewPath
    /// In a profile whose SDK reports the page beside the path (`$screen_name`, GrowingIO's `path`): the page the
    /// definition counts on; nil for any page.
    public var screen: String?
    /// Conditions on the record's reported properties, all of which must hold.
    public var content: [ContentCondition]
    public var note: String?
    /// Fields this version of lasso does not know, kept and written back after the known ones.
    public var otherFields: JSONObject

    public init(
        id: String = KVCConfig.newID(), appKey: String, name: String, key: String,
        versions: VersionRanges = VersionRanges(), viewEvent: String, viewPath: ViewPath,
        notation: PathNotation = .lasso, content: [ContentCondition] = [], note: String? = nil
    ) {
        self.id = id
        self.appKey = appKey
        self.name = name
        self.key = key
        self.versions = versions
        self.viewEvent = viewEvent
        self.viewPath = viewPath
        self.viewPathText = notation.write(viewPath)
        self.content = content
        self.note = note
        self.otherFields = JSONObject()
    }

    /// The same definition with its location `pattern`, written in `profile`'s dialect, on `screen` (nil: any).
    public func rewritten(in profile: SDKProfile, pattern: DialectPattern, screen: String?) -> EventDefinition {
        var copy = self
        copy.profile = profile
        copy.viewPath = pattern.identityPath
        copy.viewPathText = profile == .lasso ? PathNotation.lasso.write(pattern.identityPath) : pattern.text
        copy.screen = profile.reportsScreen ? screen : nil
        return copy
    }

    /// A page view in an SDK's profile: the SDK's page event (`$AppViewScreen`, `PAGE`, `$screen`) carries no
    /// element path, so the definition has none (`viewPathText` is empty) and `screen` alone says where (nil: every
    /// page view).
    public var isPageOnly: Bool { Self.isPageOnly(profile: profile, viewEvent: viewEvent) }

    /// Whether a definition of `viewEvent` in `profile` is located by its page alone.
    public static func isPageOnly(profile: SDKProfile, viewEvent: String) -> Bool {
        profile != .lasso && viewEvent == EventType.pageView.rawValue
    }

    /// The same definition counting page views of `profile`'s SDK on `screen` (nil: every page).
    public func pageOnly(in profile: SDKProfile, screen: String?) -> EventDefinition {
        var copy = self
        copy.profile = profile
        copy.viewPath = ViewPath([])
        copy.viewPathText = ""
        copy.screen = profile.reportsScreen ? screen : nil
        return copy
    }

    /// The first eight characters of the id, as file names and short listings use it.
    public var shortID: String { String(id.prefix(8)) }
}

/// One condition on a reported value: the record's `properties[key]` equals, is one of, contains or matches.
public struct ContentCondition: Sendable, Hashable {
    /// How the reported value is compared.
    public enum Operation: Sendable, Hashable {
        case equals(String)
        case oneOf([String])
        case contains(String)
        /// A regular expression in the subset RE2, PostgreSQL, Java and Python read alike, matched anywhere in the
        /// value (anchor it with `^…$` to match the whole value).
        case regex(String)

        /// The texts it compares with.
        public var texts: [String] {
            switch self {
            case .equals(let value), .contains(let value), .regex(let value): [value]
            case .oneOf(let values): values
            }
        }

        /// The spelling in the file: `equals`, `oneOf`, `contains`, `regex`.
        public var name: String {
            switch self {
            case .equals: "equals"
            case .oneOf: "oneOf"
            case .contains: "contains"
            case .regex: "regex"
            }
        }
    }

    /// A key name some KVC config at the location reports, or a field the SDK always sends (`title`, `text`,
    /// `state.*`).
    public var key: String
    public var operation: Operation

    public init(key: String, _ operation: Operation) {
        self.key = key
        self.operation = operation
    }
}
