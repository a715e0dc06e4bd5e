import Foundation
import LassoSnapshot

/// What a configs folder holds of one kind of document, as a person needs to see it: the documents that read, and
/// each file or folder that did not, with why. `DocumentFolder.listing()` is the one walk; `load()` reads the same
/// walk strictly.
public struct DocumentListing<Kind: FolderDocumentKind>: Sendable, Equatable {
    public typealias Problem = FolderProblem

    public var entries: [DocumentEntry<Kind>]
    public var problems: [FolderProblem]

    @inlinable public init(entries: [DocumentEntry<Kind>] = [], problems: [FolderProblem] = []) {
        self.entries = entries
        self.problems = problems
    }

    /// The entries, or the first problem as the error a strict read (`load()`) stops with.
    @inlinable public func strict() throws(LassoError) -> [DocumentEntry<Kind>] {
        if let problem = problems.first { throw problem.error }
        return entries
    }
}

/// The configs folder's listing of configs.
public typealias ConfigListing = DocumentListing<ConfigCodec>
