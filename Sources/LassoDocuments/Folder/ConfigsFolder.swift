import LassoSnapshot

/// The configs folder with every kind of document in it, the kind chosen at run time (by `push`, lint, the UI):
/// each kind is read and written by `DocumentFolder` of its codec (`DocumentKind.folderKind`).
public struct ConfigsFolder: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    /// The documents of `kind` (strictly read: the first problem is thrown), each with its file.
    public func load(_ kind: DocumentKind) throws -> [StoredEntry] {
        // Each kind named, so that the walk is compiled for it (through `folderKind` it would run unspecialized,
        // measurably slower on a folder of thousands).
        switch kind {
        case .config: try load(ConfigCodec.self)
        case .event: try load(EventDefinitionCodec.self)
        case .hook: try load(HookCodec.self)
        }
    }

    /// Every document of `kind` that reads, and a problem for each file that does not.
    public func listing(_ kind: DocumentKind) -> StoredListing {
        switch kind {
        case .config: listing(ConfigCodec.self)
        case .event: listing(EventDefinitionCodec.self)
        case .hook: listing(HookCodec.self)
        }
    }

    /// Saves `document` beside `entries` (the saved ones of its kind), refusing a clash as its kind does; an edited
    /// or renamed document's old file is removed after the new one is written. The file written.
    @discardableResult
    public func save(_ document: Document, replacing entries: [StoredEntry]) throws(LassoError) -> String {
        try save(document.kind.folderKind, document, replacing: entries)
    }

    /// Deletes a document's file.
    public func remove(_ entry: StoredEntry) throws(LassoError) {
        try remove(entry.document.kind.folderKind, entry)
    }

    /// A value that changes when a file of `kind` is added, removed or rewritten (`DocumentFolder.stamp()`).
    public func stamp(_ kind: DocumentKind) -> Int? {
        stamp(kind.folderKind)
    }

    private func load<Kind: FolderDocumentKind>(_: Kind.Type) throws -> [StoredEntry] {
        try DocumentFolder<Kind>(root: root).load().map(\.stored)
    }

    private func listing<Kind: FolderDocumentKind>(_: Kind.Type) -> StoredListing {
        DocumentFolder<Kind>(root: root).listing().stored
    }

    private func stamp<Kind: FolderDocumentKind>(_: Kind.Type) -> Int? {
        DocumentFolder<Kind>(root: root).stamp()
    }

    private func remove<Kind: FolderDocumentKind>(_: Kind.Type, _ entry: StoredEntry) throws(LassoError) {
        guard let typed = entry.typed(Kind.self) else { return }
        try DocumentFolder<Kind>(root: root).remove(typed)
    }

    private func save<Kind: FolderDocumentKind>(
        _: Kind.Type, _ document: Document, replacing entries: [StoredEntry]
    ) throws(LassoError) -> String {
        guard let typed = Kind.unwrapped(document) else {
            throw LassoError(.badInput, "a \(document.kind.noun) is not a \(Kind.kind.noun)")
        }
        return try DocumentFolder<Kind>(root: root).save(typed, replacing: entries.compactMap { $0.typed(Kind.self) })
    }
}
