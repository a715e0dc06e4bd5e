import LassoSnapshot

/// The event definitions of a configs folder: one canonical file per definition at
/// `<dir>/<appKey>/events/<key>-<first 8 of id>.json` (docs/event-definitions.md, "Files").
public typealias EventDirectory = DocumentFolder<EventDefinitionCodec>

extension EventDefinitionCodec: FolderDocumentKind {
    public static let kind = DocumentKind.event
    public static let subfolder: String? = "events"
    public static let reportsRoot = true
    public static func decodeDocument(_ value: JSONValue, file: String) throws(InputError) -> EventDefinition {
        try decode(value, file: file)
    }
    public static func id(of definition: EventDefinition) -> String { definition.id }
    public static func appKey(of definition: EventDefinition) -> String { definition.appKey }
    public static func fileStem(of definition: EventDefinition) -> String { definition.key }
    public static func wrapped(_ definition: EventDefinition) -> Document { .event(definition) }
    public static func unwrapped(_ document: Document) -> EventDefinition? {
        if case .event(let value) = document { return value }
        return nil
    }
    /// A definition without a number is given the app's next one; every number written is kept in the ledger.
    public static func saving(
        _ definition: EventDefinition, in folder: String, entries: [DocumentEntry<EventDefinitionCodec>],
        write: (EventDefinition) throws(LassoError) -> String
    ) throws(LassoError) -> (file: String, document: EventDefinition) {
        let saved = try EventNumbers.numbered(
            definition, folder: folder, saved: entries.map(\.definition), write: write)
        return (saved.file, saved.definition)
    }

    /// The saved definitions `definition` clashes with, and how.
    public static func conflicts(of definition: EventDefinition, in entries: [DocumentEntry<EventDefinitionCodec>])
        -> [(entry: DocumentEntry<EventDefinitionCodec>, clash: EventDefinition.Clash)]
    {
        entries.compactMap { entry in definition.clash(with: entry.definition).map { (entry, $0) } }
    }

    /// The message that refuses `definition` for its clashes; nil when there are none.
    public static func conflictMessage(
        of definition: EventDefinition, in entries: [DocumentEntry<EventDefinitionCodec>]
    ) -> String? {
        let clashes = conflicts(of: definition, in: entries)
        guard !clashes.isEmpty else { return nil }
        let lines = clashes.map { entry, clash in
            let other = entry.definition
            switch clash {
            case .sameKey:
                return
                    "the key \"\(other.key)\" is already \(entry.file) (\"\(other.name)\", versions: \(other.versions))"
            case .sameMeaning:
                return
                    "the same event, location and content is already counted as \"\(other.key)\" in \(entry.file) (versions: \(other.versions))"
            case .sameNumber:
                return
                    "the number \(other.number ?? 0) is already \"\(other.key)\"'s, in \(entry.file) (a number names one event of its app for good)"
            }
        }
        return "conflict: " + lines.joined(separator: "; ")
    }
}

extension DocumentEntry where Kind == EventDefinitionCodec {
    public init(definition: EventDefinition, file: String, fingerprint: FileFingerprint? = nil) {
        self.init(document: definition, file: file, fingerprint: fingerprint)
    }

    /// The definition (the entry's document, in the events' word).
    public var definition: EventDefinition {
        get { document }
        set { document = newValue }
    }
}
