import LassoDocuments
import LassoSnapshot

/// The SDK whose event records are counted (`lasso event count --records`, docs/event-records.md, "Records of
/// other SDKs"): which fields of its lines lasso reads, which profile's definitions apply to them, and what the SDK
/// calls lasso's events.
public enum RecordFormat: String, Sendable, CaseIterable {
    /// lasso's own records (docs/event-records.md).
    case lasso
    /// Sensors Analytics: `$AppClick`, `$AppViewScreen`, `$AppViewExposure` with `properties.$element_path`.
    case sensors
    /// GrowingIO autotracker: `VIEW_CLICK`, `PAGE` with `xpath`, `xcontent` and `index`.
    case growingio
    /// PostHog iOS: `$autocapture` with `properties.$event_type` and `$elements_chain`, `$screen`.
    case posthog

    /// The records a definition in `profile` counts; nil for a profile whose SDK's records lasso does not read.
    public init?(profile: SDKProfile) {
        guard let format = Self.allCases.first(where: { $0.profiles.contains(profile) }) else { return nil }
        self = format
    }

    /// The event a definition counts in its records: its `viewEvent` as the SDK of its profile names it ("" for
    /// none, which no record has).
    public static func recordEvent(of definition: EventDefinition) -> String {
        RecordFormat(profile: definition.profile)?.event(for: definition.viewEvent) ?? ""
    }

    /// The names a user may type.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The profiles whose definitions are counted over these records.
    public var profiles: Set<SDKProfile> {
        switch self {
        case .lasso: [.lasso]
        case .sensors: [.sensors, .sensorsAndroid]
        case .growingio: [.growingio]
        case .posthog: [.posthog]
        }
    }

    /// The profile a definition of these records is written in when none is named (`event add --records`).
    public var profile: SDKProfile {
        switch self {
        case .lasso: .lasso
        case .sensors: .sensors
        case .growingio: .growingio
        case .posthog: .posthog
        }
    }

    /// What the SDK's records call lasso's event `viewEvent`; nil when the SDK sends no such event.
    public func event(for viewEvent: String) -> String? {
        let clicks: Set<String> = ["ButtonClick", "ListItemClick", "ViewTap", "ValueChanged", "AlertAction"]
        switch self {
        case .lasso: return viewEvent
        case .sensors:
            if clicks.contains(viewEvent) { return "$AppClick" }
            if viewEvent == "PageView" { return "$AppViewScreen" }
            if viewEvent == "Exposure" { return "$AppViewExposure" }
            return nil
        case .growingio:
            if clicks.contains(viewEvent) { return "VIEW_CLICK" }
            if viewEvent == "PageView" { return "PAGE" }
            return nil
        case .posthog:
            // `$autocapture` and its `$event_type`, as `ForeignRecord` names them (a switch's toggle is a change of
            // value); the SDK has no hook for a row's selection, and sends no `submit` (posthog-ios 3.69.3
            // PostHogAutocaptureEventTracker.swift L490-494: a text field is never tracked as a control).
            let types = [
                "ButtonClick": "touch", "ViewTap": "touch", "ValueChanged": "value_changed", "LongPress": "long_press",
            ]
            if viewEvent == "PageView" { return "$screen" }
            return types[viewEvent].map { "$autocapture/" + $0 }
        }
    }

    /// The property a definition's `screen` is compared with, as the record's translation keeps it.
    public var screenKey: String? { profile.screenField }
}
