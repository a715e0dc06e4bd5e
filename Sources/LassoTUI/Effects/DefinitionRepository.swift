import LassoCore

/// Where the UI's named event definitions live (`<configs>/<appKey>/events/`); only `EffectRunner` calls it.
public protocol DefinitionRepository: Sendable {
    /// Every definition that reads, and what is wrong with each file that does not.
    func definitionListing() -> DefinitionListing
    /// Saves `definition` next to `entries`, refusing a conflict with them (in words); returns the file as written.
    func save(_ definition: EventDefinition, replacing entries: [DefinitionEntry]) throws -> DefinitionEntry
    /// Deletes a definition's file.
    func remove(_ entry: DefinitionEntry) throws
}
