import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

/// The configs folder is walked one way: what the UI lists as a problem is what a command that reads it strictly stops
/// at, with the same words.
@Suite("One walk of the configs folder")
struct ConfigFolderWalkTests {
    static func folder() throws -> String {
        let root = NSTemporaryDirectory() + "lasso-walk-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/shop-ios", withIntermediateDirectories: true)
        return root
    }

    @Test("a broken file: listed as a problem beside the good ones, and the error load() throws, word for word")
    func brokenFile() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try #"{"id": 42}"#.write(toFile: root + "/shop-ios/broken.json", atomically: true, encoding: .utf8)
        let directory = ConfigDirectory(root: root)
        let listing = directory.listing()
        let problem = try #require(listing.problems.first)
        #expect(problem.file == root + "/shop-ios/broken.json")
        #expect(problem.kind == .badInput)
        let error = try #require(throws: LassoError.self) { try directory.load() }
        #expect(error == problem.error)
        #expect(error.message.hasPrefix(root + "/shop-ios/broken.json:"))
    }

    @Test("a config file that cannot be read (a FIFO) is a problem, not a missing config, in both readings")
    func unreadableFile() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/other-app", withIntermediateDirectories: true)
        let fifo = root + "/other-app/pipe.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let directory = ConfigDirectory(root: root)
        let listing = directory.listing()
        #expect(listing.problems.map(\.file) == [fifo])
        let error = try #require(throws: LassoError.self) { try directory.load() }
        #expect(error == listing.problems[0].error)
    }

    @Test("no folder holds nothing both ways; a file where the folder should be is the same problem both ways")
    func missingAndFileRoot() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let missing = ConfigDirectory(root: root + "/none")
        #expect(try missing.load().isEmpty)
        #expect(missing.listing() == ConfigListing())
        let notAFolder = ConfigDirectory(root: root + "/shop-ios/x.json")
        try "{}".write(toFile: notAFolder.root, atomically: true, encoding: .utf8)
        let fileRoot = notAFolder.listing()
        #expect(fileRoot.problems.map(\.message) == ["expected a configs folder, found a file"])
        #expect(throws: fileRoot.problems[0].error) { try notAFolder.load() }
    }
}
