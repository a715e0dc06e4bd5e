import LassoCore

/// One named event definition as the runner read it: the definition, its file and the fingerprint of its bytes.
public struct DefinitionEntry: Sendable, Equatable {
    public var definition: EventDefinition
    public var file: String
    public var fingerprint: FileFingerprint

    public init(definition: EventDefinition, file: String, fingerprint: FileFingerprint) {
        self.definition = definition
        self.file = file
        self.fingerprint = fingerprint
    }
}

/// The definitions of the configs folder that read, and what is wrong with each file that does not.
public struct DefinitionListing: Sendable, Equatable {
    public var entries: [DefinitionEntry]
    public var problems: [ConfigListing.Problem]

    public init(entries: [DefinitionEntry] = [], problems: [ConfigListing.Problem] = []) {
        self.entries = entries
        self.problems = problems
    }
}

/// What the UI last read of the definition file a save replaces, checked on disk before writing.
public enum DefinitionOnDisk: Sendable, Equatable {
    /// A new definition (or one put back after a delete): no file of its id is expected.
    case nothing
    /// The file as the UI read it.
    case read(DefinitionEntry)
    /// Whatever is there now: the person said to write over it.
    case whatever
}

/// A definition the runner saved, the file as written, and the definitions as they are after the save.
public struct SavedDefinition: Sendable, Equatable {
    public var written: DefinitionEntry
    public var listing: DefinitionListing

    public init(written: DefinitionEntry, listing: DefinitionListing) {
        self.written = written
        self.listing = listing
    }
}

/// A definition the runner deleted, and the definitions as they are after the delete.
public struct DeletedDefinition: Sendable, Equatable {
    public var entry: DefinitionEntry
    public var listing: DefinitionListing

    public init(entry: DefinitionEntry, listing: DefinitionListing) {
        self.entry = entry
        self.listing = listing
    }
}
