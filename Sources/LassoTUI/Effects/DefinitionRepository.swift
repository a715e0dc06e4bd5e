import LassoDocuments

/// Where the UI's named event definitions live (`<configs>/<appKey>/events/`, `EventDirectory`); only
/// `EffectRunner` calls it, so the reducer never touches the disk.
public protocol DefinitionRepository: Sendable {
    /// Every definition that reads, and what is wrong with each file that does not.
    func listing() -> EventDirectory.Listing
    /// Saves `definition` next to `entries`, refusing a conflict with them (in words); returns the file written.
    func save(_ definition: EventDefinition, replacing entries: [EventDirectory.Entry]) throws -> String
    /// Deletes a definition's file.
    func remove(_ entry: EventDirectory.Entry) throws
    /// A value that changes when the definitions' files do (nil: no folder, or a store that cannot tell).
    func stamp() -> Int?
}

extension DefinitionRepository {
    public func stamp() -> Int? { nil }
}

extension EventDirectory: DefinitionRepository {}
