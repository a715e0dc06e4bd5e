import Foundation
import Testing

/// A FIFO (or any file that is not a regular file) given as a snapshot or lying in the configs folder is refused at
/// once with a clear message, never waited on.
@Suite("Files that are not regular files")
struct NotARegularFileTests {
    @Test("a FIFO as the snapshot is refused at once (exit 66)")
    func fifoSnapshot() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        #expect(mkfifo(folder + "/screen.json", 0o600) == 0)
        let outcome = try CLI.run(["tree", "screen.json"], in: folder, timeout: 20)
        #expect(outcome.status == 66)
        #expect(outcome.stderr.contains("screen.json: expected a regular file, found a named pipe (FIFO)"))
    }

    @Test("a FIFO in the configs folder is refused at once, not waited on")
    func fifoConfig() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try FileManager.default.createDirectory(
            atPath: folder + "/kvc-configs/shop-ios", withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/kvc-configs/shop-ios/price-00000000.json", 0o600) == 0)
        let outcome = try CLI.run(["config", "list", "--configs", "kvc-configs"], in: folder, timeout: 20)
        #expect(outcome.status != 0)
        #expect(outcome.stderr.contains("price-00000000.json: expected a regular file, found a named pipe (FIFO)"))
    }
}
