/// The SDK whose way of naming and matching views lasso speaks (docs/viewpath.md, "SDK profiles").
public enum SDKProfile: String, Sendable, CaseIterable, Codable {
    /// lasso's own rules (docs/viewpath.md, rules 1–7), shaped by `PathRules`.
    case lasso
    /// Sensors Analytics iOS `$element_path`, with `$screen_name` and `$element_position` beside it.
    case sensors
    /// Sensors Analytics iOS legacy `$element_selector`.
    case sensorsSelector = "sensors-selector"
    /// Mixpanel iOS codeless `MPObjectSelector` selectors.
    case mixpanel
    /// GrowingIO iOS autotracker `xpath` with `xcontent`.
    case growingio
    /// Sensors Analytics Android `$element_path`.
    case sensorsAndroid = "sensors-android"
    /// PostHog iOS autocapture `$elements_chain` (its tags, the tapped view first).
    case posthog

    /// The field in which the SDK reports the page beside the path (`$screen_name`, GrowingIO's `path`), so that a
    /// named event may be limited to one; nil when it reports none.
    public var screenField: String? {
        switch self {
        case .sensors, .sensorsAndroid, .posthog: "$screen_name"
        case .growingio: "path"
        case .lasso, .sensorsSelector, .mixpanel: nil
        }
    }

    /// The SDK whose records a definition in this profile counts, as one profile: Sensors' iOS and Android SDKs send
    /// the same records (`sensors`), so two definitions of them can count the same thing.
    public var recordsSDK: SDKProfile { self == .sensorsAndroid || self == .sensorsSelector ? .sensors : self }

    /// True when the SDK reports the page beside the path.
    public var reportsScreen: Bool { screenField != nil }

    /// The names a user may type, in the order the docs list them.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
