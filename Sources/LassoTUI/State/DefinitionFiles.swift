import LassoDocuments

/// What the UI last read of the definition file a save replaces, checked on disk before writing.
public enum DefinitionOnDisk: Sendable, Equatable {
    /// A new definition (or one put back after a delete): no file of its id is expected.
    case nothing
    /// The file as the UI read it.
    case read(EventDirectory.Entry)
    /// Whatever is there now: the person said to write over it.
    case whatever
}

/// A definition the runner saved, where it went, and the definitions as they are after the save.
public struct SavedDefinition: Sendable, Equatable {
    public var definition: EventDefinition
    public var file: String
    public var listing: EventDirectory.Listing

    /// The file as lasso wrote it, with the fingerprint of the bytes written: what an undo expects to find there.
    public var written: EventDirectory.Entry {
        EventDirectory.Entry(
            definition: definition, file: file,
            fingerprint: FileFingerprint(Array(EventDefinitionCodec.fileText(definition).utf8)))
    }

    public init(definition: EventDefinition, file: String, listing: EventDirectory.Listing) {
        self.definition = definition
        self.file = file
        self.listing = listing
    }
}

/// A definition the runner deleted, and the definitions as they are after the delete.
public struct DeletedDefinition: Sendable, Equatable {
    public var entry: EventDirectory.Entry
    public var listing: EventDirectory.Listing

    public init(entry: EventDirectory.Entry, listing: EventDirectory.Listing) {
        self.entry = entry
        self.listing = listing
    }
}
