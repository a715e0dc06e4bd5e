import LassoDocuments
import LassoSnapshot

extension EventDefinition {
    /// The definition as its SDK's records are compared with it (docs/event-records.md, "Records of other SDKs"):
    /// a Sensors location's path as the SDK sends it (`[-]` for the row, compared as text) and, for one row, a
    /// condition that `$element_position` is that row; every other definition as it is.
    ///
    /// Counting in process, each engine's SQL and the exported regex all read this form, so they count alike.
    public var recorded: EventDefinition {
        guard !isPageOnly, let sent = SensorsSentPath(viewPathText, profile: profile) else { return self }
        var copy = self
        copy.viewPathText = sent.elementPath
        if let position = sent.position, !content.contains(where: { $0.key == Self.positionKey }) {
            copy.content.append(ContentCondition(key: Self.positionKey, .equals(position)))
        }
        return copy
    }

    /// The property in which a Sensors SDK sends the row of the element clicked.
    static let positionKey = "$element_position"
}
