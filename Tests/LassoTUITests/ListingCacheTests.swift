import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Synchronization
import Testing

/// A real configs folder that counts how often it is read in full.
final class CountedFolder: ConfigRepository {
    let folder: ConfigDirectory
    private let reads = Mutex(0)

    init(_ root: String) { folder = ConfigDirectory(root: root) }

    var readCount: Int { reads.withLock { $0 } }

    func listing() -> ConfigListing {
        reads.withLock { $0 += 1 }
        return folder.listing()
    }

    func save(_ config: KVCConfig, replacing entries: [ConfigDirectory.Entry]) throws -> String {
        try folder.save(config, replacing: entries)
    }

    func remove(_ entry: ConfigDirectory.Entry) throws { try folder.remove(entry) }
    func stamp() -> Int? { folder.stamp() }
    func saveHook(_ config: HookConfig) throws -> String { try folder.saveHook(config) }
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
        _ = try folder.save(first, replacing: [])
        let runner = EffectRunner(configs: folder, push: NoPushService(), tokens: nil)
        guard case .configsLoaded(let one) = runner.performOnDisk(.loadConfigs),
            case .configsLoaded(let two) = runner.performOnDisk(.loadConfigs)
        else {
            Issue.record("no listing")
            return
        }
        #expect(one == two)
        #expect(one.entries.map(\.config.keyName) == ["first"])
        #expect(folder.readCount == 1)
        var second = first
        second.id = "00000002-0000-4000-8000-000000000000"
        second.keyName = "second"
        _ = try folder.save(second, replacing: one.entries)
        guard case .configsLoaded(let three) = runner.performOnDisk(.loadConfigs) else {
            Issue.record("no listing")
            return
        }
        #expect(Set(three.entries.map(\.config.keyName)) == ["first", "second"])
        #expect(folder.readCount == 2)
    }
}
