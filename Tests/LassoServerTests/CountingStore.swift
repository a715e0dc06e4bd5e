import LassoDocuments
import LassoServer
import Synchronization

/// A real store seen through a counter of its reads, to tell whether a GET (or `/health`) reached the store; `shared` makes a store
/// only this process writes look shared, so the server checks every cached answer against it.
final class CountingStore: DocumentStore {
    let inner: any DocumentStore
    let isShared: Bool
    /// How long each read of a whole app state takes beyond the store's own time.
    let stateDelay: Duration
    private let counts = Mutex((states: 0, revisions: 0))
    private let healthCounts = Mutex((checks: 0, scans: 0))

    init(_ inner: any DocumentStore, shared: Bool? = nil, stateDelay: Duration = .zero) {
        self.inner = inner
        isShared = shared ?? inner.isShared
        self.stateDelay = stateDelay
    }

    /// Reads of the store so far: whole app states and app revisions.
    var reads: (states: Int, revisions: Int) { counts.withLock { $0 } }

    /// Trivial queries (``check()``) and scans of every stored document (``unreadableDocuments()``) so far.
    var healthCalls: (checks: Int, scans: Int) { healthCounts.withLock { $0 } }

    var kind: String { inner.kind }

    func check() async throws {
        healthCounts.withLock { $0.checks += 1 }
        try await inner.check()
    }

    func state(_ kind: DocumentKind, appKey: String) async throws -> StoredApp {
        counts.withLock { $0.states += 1 }
        if stateDelay > .zero { try await Task.sleep(for: stateDelay) }
        return try await inner.state(kind, appKey: appKey)
    }

    func appRevision(appKey: String) async throws -> Int64 {
        counts.withLock { $0.revisions += 1 }
        return try await inner.appRevision(appKey: appKey)
    }

    func put(_ kind: DocumentKind, appKey: String, id: String, text: String, ifMatch: IfMatch?) async throws
        -> WriteOutcome
    {
        try await inner.put(kind, appKey: appKey, id: id, text: text, ifMatch: ifMatch)
    }

    func delete(_ kind: DocumentKind, appKey: String, id: String, ifMatch: IfMatch?) async throws -> WriteOutcome {
        try await inner.delete(kind, appKey: appKey, id: id, ifMatch: ifMatch)
    }

    func addReport(_ report: FailureReport) async throws { try await inner.addReport(report) }

    func reports(appKey: String) async throws -> [ReportSummary] { try await inner.reports(appKey: appKey) }

    func unreadableDocuments() async throws -> [UnreadableDocument] {
        healthCounts.withLock { $0.scans += 1 }
        return try await inner.unreadableDocuments()
    }

    func close() async throws { try await inner.close() }

    func followChanges(into cache: ConfigCache, timeout: Duration) async {
        await inner.followChanges(into: cache, timeout: timeout)
    }
}
