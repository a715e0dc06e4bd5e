import LassoCounting
import LassoDocuments
import LassoSnapshot

/// Where a named event in an SDK's profile counts that SDK's records, as the event form says it and saves it: the
/// path and page the SDK reports for the view (its row left open when the form's location is), or why it cannot.
public struct EventRecordsWords: Sendable, Equatable {
    /// The path in the SDK's dialect; nil when the SDK's records cannot name this view.
    public var path: String?
    /// The page the SDK reports beside the path, when it reports one.
    public var screen: String?
    /// The row, where the SDK sends it beside the path (a Sensors `$element_position`): a condition of the
    /// definition.
    public var position: String?
    /// The line the form shows.
    public var words: String

    /// The words for `node` in `profile` on `matcher`'s screen; `anyRow` when the form leaves some position open.
    static func make(
        profile: SDKProfile, node: Int, anyRow: Bool, event: String, matcher: ScreenMatcher
    ) -> EventRecordsWords {
        guard let format = RecordFormat(profile: profile) else {
            return EventRecordsWords(
                path: nil, screen: nil, position: nil,
                words:
                    "named events count lasso, Sensors, GrowingIO or PostHog records: this config is written for \(profile.rawValue)"
            )
        }
        guard let sent = format.event(for: event) else {
            return EventRecordsWords(
                path: nil, screen: nil, position: nil, words: "\(profile.rawValue) SDKs send no record for \(event)")
        }
        let dialect = matcher.dialect(profile)
        let sdk = profile == .growingio ? "GrowingIO" : profile == .posthog ? "PostHog" : "Sensors"
        if EventDefinition.isPageOnly(profile: profile, viewEvent: event) {
            // The SDK's page event has no element path: the page alone says where.
            let screen = profile.screenField.flatMap { dialect.location(of: node)?[field: $0] }.flatMap {
                $0.isEmpty ? nil : $0
            }
            return EventRecordsWords(
                path: "", screen: screen, position: nil,
                words: "counts what \(sdk) SDKs send as \(sent)" + (screen.map { " on \($0)" } ?? " on every page"))
        }
        guard let location = (anyRow ? dialect.anyRowLocation(of: node) : nil) ?? dialect.location(of: node) else {
            return EventRecordsWords(
                path: nil, screen: nil, position: nil, words: "\(profile.rawValue) records name no path for this view")
        }
        let screen = profile.screenField.flatMap { location[field: $0] }.flatMap { $0.isEmpty ? nil : $0 }
        // A Sensors SDK sends the row beside the path: one row is the path it sends and its $element_position.
        if SensorsFields.applies(to: profile), !anyRow, let similar = dialect.sentLocation(of: node),
            similar != location,
            let row = similar[field: "$element_position"]
        {
            let words =
                "counts what \(sdk) SDKs send as \(sent) at \(similar.path)" + (screen.map { " on \($0)" } ?? "")
                + " with $element_position \(row) (this row)"
            return EventRecordsWords(path: similar.path, screen: screen, position: row, words: words)
        }
        let words =
            "counts what \(sdk) SDKs send as \(sent) at \(location.path)"
            + (screen.map { " on \($0)" } ?? "") + (anyRow ? " (any row)" : "")
        return EventRecordsWords(path: location.path, screen: screen, position: nil, words: words)
    }
}
