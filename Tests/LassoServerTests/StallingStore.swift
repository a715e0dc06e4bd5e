import LassoDocuments
import LassoServer
import Synchronization

/// A SQLite store that stops answering once told to: every call then waits until it is cancelled.
final class StallingStore: DocumentStore {
    let inner: SQLiteDocumentStore
    private let stalled = Mutex(false)

    init(_ inner: SQLiteDocumentStore) { self.inner = inner }

    /// From now on, every call waits (an hour, or until its task is cancelled).
    func stall() { stalled.withLock { $0 = true } }

    private func gate() async throws {
        if stalled.withLock({ $0 }) { try await Task.sleep(for: .seconds(3600)) }
    }

    var isShared: Bool { false }
    var kind: String { "stalling" }

    /// Answers at once until stalled, so a check is quick however busy the machine is.
    func check() async throws { try await gate() }

    func state(_ kind: DocumentKind, appKey: String) async throws -> StoredApp {
        try await gate()
        return try await inner.state(kind, appKey: appKey)
    }

    func appRevision(appKey: String) async throws -> Int64 {
        try await gate()
        return try await inner.appRevision(appKey: appKey)
    }

    func put(_ kind: DocumentKind, appKey: String, id: String, text: String, ifMatch: IfMatch?) async throws
        -> WriteOutcome
    {
        try await gate()
        return try await inner.put(kind, appKey: appKey, id: id, text: text, ifMatch: ifMatch)
    }

    func delete(_ kind: DocumentKind, appKey: String, id: String, ifMatch: IfMatch?) async throws -> WriteOutcome {
        try await gate()
        return try await inner.delete(kind, appKey: appKey, id: id, ifMatch: ifMatch)
    }

    func addReport(_ report: FailureReport) async throws {
        try await gate()
        try await inner.addReport(report)
    }

    func reports(appKey: String) async throws -> [ReportSummary] {
        try await gate()
        return try await inner.reports(appKey: appKey)
    }

    func unreadableDocuments() async throws -> [UnreadableDocument] {
        try await gate()
        return try await inner.unreadableDocuments()
    }

    func close() async throws { try await inner.close() }
}
