import LassoDocuments

/// Where the server keeps configs, the other kinds of document (``DocumentKind``: event definitions) and reports; every
/// write is one transaction, and an acknowledged write is on disk. Each kind has a table of its own with the same
/// columns (``DocumentKind/sqliteTable``, ``DocumentKind/postgresTable``), made when the store opens; all kinds share
/// the app's revision, so a write of any kind drops the app's cached answers.
public protocol DocumentStore: Sendable {
    /// True when other server instances may write to the same store, so a cached answer must be checked against it.
    var isShared: Bool { get }

    /// What kind of store it is, as `/health` names it: `sqlite`, `postgresql`.
    var kind: String { get }

    /// Returns once the store has answered a trivial query; throws what kept it from answering.
    func check() async throws

    /// The app's revision and all of its documents of `kind`, read in one transaction.
    func state(_ kind: DocumentKind, appKey: String) async throws -> StoredApp

    /// The app's data revision only (cheap): 0 when the app has never been written.
    func appRevision(appKey: String) async throws -> Int64

    /// Stores a document's canonical text. `ifMatch` nil: create or update; else only when it matches the stored
    /// revision (0: create only), a mismatch coming before `unchanged`. Ids are unique across apps within a kind.
    func put(_ kind: DocumentKind, appKey: String, id: String, text: String, ifMatch: IfMatch?) async throws
        -> WriteOutcome

    /// Removes a document; with `ifMatch`, only when it matches the stored revision.
    func delete(_ kind: DocumentKind, appKey: String, id: String, ifMatch: IfMatch?) async throws -> WriteOutcome

    func addReport(_ report: FailureReport) async throws

    /// The app's reports added up per config, version and key path, most reports first.
    func reports(appKey: String) async throws -> [ReportSummary]

    /// Every stored document, of every kind, whose text does not read as one of its kind (written by an older lasso,
    /// or by hand into the database): the SDKs' answers leave them out, so `/health` and the log at start name them.
    func unreadableDocuments() async throws -> [UnreadableDocument]

    /// Closes connections; the store is not used afterwards.
    func close() async throws

    /// For a shared store: runs until cancelled, telling `cache` of every write to the store by any instance, and
    /// whether it is hearing of them (``ConfigCache/trust()``, ``ConfigCache/distrust()``); `timeout` is how long the
    /// store may take to show it is still there before the cache stops trusting itself. A store only one server writes
    /// returns at once: the server itself tells the cache of its writes.
    func followChanges(into cache: ConfigCache, timeout: Duration) async
}

extension DocumentStore {
    public func followChanges(into cache: ConfigCache, timeout: Duration) async {}

    /// The app's revision and all of its configs.
    public func state(appKey: String) async throws -> StoredApp { try await state(.config, appKey: appKey) }

    /// Stores a config's canonical text (``put(_:appKey:id:text:ifMatch:)`` of `.config`).
    public func put(appKey: String, id: String, text: String, ifMatch: IfMatch?) async throws -> WriteOutcome {
        try await put(.config, appKey: appKey, id: id, text: text, ifMatch: ifMatch)
    }

    /// Removes a config.
    public func delete(appKey: String, id: String, ifMatch: IfMatch?) async throws -> WriteOutcome {
        try await delete(.config, appKey: appKey, id: id, ifMatch: ifMatch)
    }
}

extension DocumentKind {
    /// The kind's table in the SQLite store: `configs`, `events`.
    public var sqliteTable: String { plural }
    /// The kind's table in the PostgreSQL store: `lasso_configs`, `lasso_events`.
    public var postgresTable: String { "lasso_" + plural }
}
