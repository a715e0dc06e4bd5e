import Foundation
import LassoDocuments
import NIOHTTP1
import Testing
import _LassoTestSupport

/// A store restored from a backup goes back in revisions: the answers the SDKs cache must not be told `304` for
/// different bytes because a revision number came round again, and a `--db` in no folder is said as such.
@Suite struct RestoredStoreTests {
    @Test func aRestoredStoreNeverGivesAnOldTagToNewBytes() async throws {
        let folder = TestRunFolder.fresh("lasso-restore-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let db = folder + "/store.sqlite"
        let path = "/v1/apps/shop-ios/configs?version=5.4.0"
        func put(_ server: ServeProcess, _ config: KVCConfig) async throws {
            let client = LiveServer(port: server.port)
            let reply = try await client.send(
                .PUT, "/v1/apps/shop-ios/configs/\(config.id)", body: Fixtures.text(config), headers: client.auth)
            #expect(reply.status == 201)
        }
        var server = try ServeProcess(db: db, token: Fixtures.token)
        try await put(server, Fixtures.config(keyName: "first"))
        server.stop()
        // The backup, taken at revision 1 (the server stopped: its WAL checkpointed, or copied with the file).
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: db + suffix) {
            try FileManager.default.copyItem(atPath: db + suffix, toPath: folder + "/backup.sqlite" + suffix)
        }
        server = try ServeProcess(db: db, token: Fixtures.token)
        try await put(server, Fixtures.config(keyName: "second"))
        let before = try await LiveServer(port: server.port).send(.GET, path)
        server.stop()
        // Restored: back at revision 1, then another write makes revision 2 again, with other bytes.
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: db + suffix)
            if FileManager.default.fileExists(atPath: folder + "/backup.sqlite" + suffix) {
                try FileManager.default.copyItem(atPath: folder + "/backup.sqlite" + suffix, toPath: db + suffix)
            }
        }
        server = try ServeProcess(db: db, token: Fixtures.token)
        defer { server.stop() }
        try await put(server, Fixtures.config(keyName: "third"))
        let client = LiveServer(port: server.port)
        let after = try await client.send(.GET, path)
        #expect(after.body != before.body)
        let oldTag = try #require(before.headers["ETag"].first)
        #expect(after.headers["ETag"].first != oldTag)
        let revalidated = try await client.send(.GET, path, headers: [("If-None-Match", oldTag)])
        #expect(revalidated.status == 200, "the old tag was taken for the restored store's new bytes")
    }

    @Test func aDatabaseInNoFolderIsSaidAsSuchNotAsASecondServer() throws {
        let missing = TestRunFolder.fresh("lasso-no-folder-") + "/store.sqlite"
        let (status, output) = try TestCA.run([LassoBinary.path, "serve", "--port", "0", "--db", missing])
        #expect(status == 73)
        #expect(output.contains("--db \(missing): expected a SQLite file in a folder lasso can write"), "\(output)")
        #expect(!output.contains("another lasso serve"))
    }
}
