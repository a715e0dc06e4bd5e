/// What the configs folder holds of one kind of document, whatever the kind: the documents that read (each with
/// its file and fingerprint) and a problem for each file that did not; what the UI is given back by its runner.
public struct StoredListing: Sendable, Equatable {
    public var kind: DocumentKind
    public var entries: [StoredEntry]
    public var problems: [FolderProblem]

    public init(kind: DocumentKind, entries: [StoredEntry] = [], problems: [FolderProblem] = []) {
        self.kind = kind
        self.entries = entries
        self.problems = problems
    }

    /// The listing as one of its kind's own type (an entry of another kind, which a listing never holds, is left
    /// out).
    public func typed<Kind: FolderDocumentKind>(_: Kind.Type = Kind.self) -> DocumentListing<Kind> {
        DocumentListing(entries: entries.compactMap { $0.typed(Kind.self) }, problems: problems)
    }
}

extension DocumentListing {
    /// The listing as one of any kind.
    public var stored: StoredListing {
        StoredListing(kind: Kind.kind, entries: entries.map(\.stored), problems: problems)
    }
}

extension StoredEntry {
    /// The entry as one of `Kind`'s own type; nil when its document is of another kind.
    public func typed<Kind: FolderDocumentKind>(_: Kind.Type = Kind.self) -> DocumentEntry<Kind>? {
        Kind.unwrapped(document).map { DocumentEntry(document: $0, file: file, fingerprint: fingerprint) }
    }

    /// The entry as lasso writes `document` to `file`, with the fingerprint of those bytes: what an undo expects to
    /// find there.
    public static func written(_ document: Document, to file: String) -> StoredEntry {
        StoredEntry(document: document, file: file, fingerprint: FileFingerprint(Array(document.text.utf8)))
    }
}
