import LassoDocuments
import LassoSnapshot

/// Where the UI's documents live (configs, named events, hook configs), every kind through the same four calls;
/// only `EffectRunner` calls it, so the reducer never touches the disk.
public protocol DocumentRepository: Sendable {
    /// Every document of `kind` that reads, and what is wrong with each file that does not.
    func listing(_ kind: DocumentKind) -> StoredListing
    /// Saves `document` next to `entries` (the saved ones of its kind), refusing a clash with them; the file written.
    func save(_ document: Document, replacing entries: [StoredEntry]) throws -> String
    /// Deletes a document's file.
    func remove(_ entry: StoredEntry) throws
    /// A value that changes when the files of `kind` do (nil: no folder, or a store that cannot tell); the UI loop
    /// compares it now and then, and reads the folder again when it changed.
    func stamp(_ kind: DocumentKind) -> Int?
}

extension DocumentRepository {
    public func stamp(_ kind: DocumentKind) -> Int? { nil }
}

extension ConfigsFolder: DocumentRepository {}
