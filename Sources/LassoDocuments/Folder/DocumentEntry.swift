/// A document of one kind and the file it was read from, with a fingerprint of the file's bytes as they were read
/// (nil for an entry made in memory), so that a writer can tell a file changed on disk since.
public struct DocumentEntry<Kind: FolderDocumentKind>: Sendable, Equatable {
    public var document: Kind.Document
    public var file: String
    public var fingerprint: FileFingerprint?

    @inlinable public init(document: Kind.Document, file: String, fingerprint: FileFingerprint? = nil) {
        self.document = document
        self.file = file
        self.fingerprint = fingerprint
    }

    /// The entry as one of any kind.
    public var stored: StoredEntry {
        StoredEntry(document: Kind.wrapped(document), file: file, fingerprint: fingerprint)
    }
}

/// A document of any kind and the file it was read from, with the fingerprint of the bytes read: what the UI keeps
/// of a file it may write over or delete, whatever the kind.
public struct StoredEntry: Sendable, Equatable {
    public var document: Document
    public var file: String
    public var fingerprint: FileFingerprint?

    public init(document: Document, file: String, fingerprint: FileFingerprint? = nil) {
        self.document = document
        self.file = file
        self.fingerprint = fingerprint
    }
}
