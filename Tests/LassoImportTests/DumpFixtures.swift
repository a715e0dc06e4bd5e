import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// The dump files the importer tests read: realistic ones in `Snapshots/dumps`, quirky and broken ones in `Tests/Fixtures/dumps`.
enum DumpFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A realistic dump shipped with the samples.
    static func sample(_ name: String) -> String { packageRoot.appendingPathComponent("Snapshots/dumps/\(name)").path }

    /// A quirky or broken dump of the tests.
    static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/Fixtures/dumps/\(name)").path
    }

    /// Reads a dump as every command does (format recognized from the content).
    static func read(_ path: String, format: SnapshotSourceFormat? = nil, options: ImportOptions = ImportOptions())
        throws -> (Snapshot, notes: [String])
    {
        try SnapshotReader.read(path: path, format: format, options: options)
    }

    /// Reads inline dump text.
    static func read(text: String, file: String = "inline.xml", format: SnapshotSourceFormat? = nil) throws -> (
        Snapshot, notes: [String]
    ) {
        try SnapshotReader.read(bytes: Array(text.utf8), file: file, format: format)
    }

    /// The first view (pre-order) whose text, title, label or identifier is exactly `text`.
    static func node(_ text: String, in snapshot: Snapshot, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Int
    {
        try #require(
            snapshot.indices.first { node in
                [
                    snapshot.text(of: node), snapshot.title(of: node), snapshot.accessibilityLabel(of: node),
                    snapshot.accessibilityIdentifier(of: node),
                ].contains(text)
            }, "no view shows \(text)", sourceLocation: sourceLocation)
    }

    /// Every view whose text, title, label or identifier is exactly `text`.
    static func nodes(_ text: String, in snapshot: Snapshot) -> [Int] {
        snapshot.indices.filter { node in
            [
                snapshot.text(of: node), snapshot.title(of: node), snapshot.accessibilityLabel(of: node),
                snapshot.accessibilityIdentifier(of: node),
            ].contains(text)
        }
    }

    /// The error a read throws, as an `InputError`.
    static func inputError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> InputError?
    {
        do {
            try body()
            Issue.record("expected an InputError, got none", sourceLocation: sourceLocation)
            return nil
        } catch let error as InputError {
            return error
        } catch {
            Issue.record("expected an InputError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}
