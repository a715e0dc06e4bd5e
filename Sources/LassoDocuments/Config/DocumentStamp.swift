/// The id and the time a new document is made with, given to a draft's `build` from outside it, so that building a
/// draft is a pure function (the UI's reducer builds drafts and is handed stamps as actions).
public struct DocumentStamp: Sendable, Equatable {
    /// A new document's id: a lowercase UUID.
    public var id: String
    /// When the document was made, as `added` records it (ISO 8601, UTC, milliseconds).
    public var added: String

    public init(id: String, added: String) {
        self.id = id
        self.added = added
    }

    /// A new random id and the time now.
    public static func fresh() -> DocumentStamp { DocumentStamp(id: KVCConfig.newID(), added: HookConfig.addedNow()) }
}
