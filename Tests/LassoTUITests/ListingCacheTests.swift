import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Synchronization
import Testing

/// A real configs folder that counts how often its configs are read in full.
final class CountedFolder: DocumentRepository {
    let folder: ConfigsFolder
    private let reads = Mutex(0)

    init(_ root: String) { folder = ConfigsFolder(root: root) }

    var readCount: Int { reads.withLock { $0 } }

    func listing(_ kind: DocumentKind) -> StoredListing {
        if kind == .config { reads.withLock { $0 += 1 } }
        return folder.listing(kind)
    }

    func save(_ document: Document, replacing entries: [StoredEntry]) throws -> String {
        try folder.save(document, replacing: entries)
    }

    func remove(_ entry: StoredEntry) throws { try folder.remove(entry) }
    func stamp(_ kind: DocumentKind) -> Int? { folder.stamp(kind) }
}

/// Opening the configs list reads the folder again; a folder that did not change is not parsed again.
@Suite("Reading an unchanged configs folder again")
struct ListingCacheTests {
    @Test("two readings of an unchanged folder parse it once; a change to it is read")
    func unchangedFolderReadOnce() throws {
        let root = TUIFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = CountedFolder(root)
        let first = KVCConfig(
            id: "00000001-0000-4000-8000-000000000000", appKey: "shop-ios", versions: VersionRanges(),
            viewEvent: "ButtonClick", viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]/UIButton[0]"),
            keyPath: "title", keyName: "first")
        _ = try folder.save(.config(first), replacing: [])
        let runner = EffectRunner(documents: folder, push: NoPushService(), tokens: nil)
        guard case .loaded(let one) = runner.performOnDisk(.load(.config)),
            case .loaded(let two) = runner.performOnDisk(.load(.config))
        else {
            Issue.record("no listing")
            return
        }
        #expect(one == two)
        #expect(one.entries.map(\.document.label) == ["first"])
        #expect(folder.readCount == 1)
        var second = first
        second.id = "00000002-0000-4000-8000-000000000000"
        second.keyName = "second"
        _ = try folder.save(.config(second), replacing: one.entries)
        guard case .loaded(let three) = runner.performOnDisk(.load(.config)) else {
            Issue.record("no listing")
            return
        }
        #expect(Set(three.entries.map(\.document.label)) == ["first", "second"])
        #expect(folder.readCount == 2)
    }
}
