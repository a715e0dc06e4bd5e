import Foundation
import LassoSnapshot
import Testing

@testable import LassoDocuments

/// Repairs written as a pair that never loses an edit: the repair first, then the old config closed; a config edited
/// on disk after it was read is left alone; a failure between the two leaves both as they were. And a rewrite keeps
/// the file's mode and refuses a link out of the folder.
@Suite("Repairs written as a pair; rewrites keep modes and stay in the folder")
struct RepairWritingTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "lasso-repair-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func config(_ keyName: String, from: String = "5.0.0") throws -> KVCConfig {
        KVCConfig(
            appKey: "shop-ios", versions: VersionRanges([VersionInterval(from: AppVersion(from))]),
            viewEvent: "ButtonClick", viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]/UIButton[0]"),
            keyPath: "title", keyName: keyName)
    }

    static func repair(of entry: ConfigDirectory.Entry) throws -> ReleaseRepair {
        let repaired = KVCConfig(
            appKey: "shop-ios", versions: VersionRanges([VersionInterval(from: AppVersion("5.5.0"))]),
            viewEvent: "ButtonClick", viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]/UIButton[1]"),
            keyPath: "title", keyName: entry.config.keyName)
        return ReleaseRepair(entry: entry, repaired: repaired, changes: [], value: nil, problem: nil)
    }

    @Test("a config edited after it was read is not written back; the others are repaired as a pair")
    func editedDuringTheRun() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = ConfigDirectory(root: root)
        try directory.save(try Self.config("a"), replacing: [])
        try directory.save(try Self.config("b"), replacing: try directory.load())
        let entries = try directory.load()
        let edited = try #require(entries.first { $0.config.keyName == "a" })
        // Someone edits a's note while check runs.
        var changed = edited.config
        changed.note = "edited by hand"
        try ConfigCodec.fileText(changed).write(toFile: edited.file, atomically: true, encoding: .utf8)
        let written = ReleaseRepair.write(
            try entries.map(Self.repair), at: try #require(AppVersion("5.5.0")), directory: directory, entries: entries)
        let a = try #require(written.first { $0.entry.config.keyName == "a" })
        #expect(a.written.isEmpty && a.problem?.contains("changed since check read it") == true, "\(a.problem ?? "")")
        let text = try String(contentsOfFile: edited.file, encoding: .utf8)
        #expect(text.contains("edited by hand") && !text.contains("5.5.0"), "\(text)")
        let b = try #require(written.first { $0.entry.config.keyName == "b" })
        #expect(b.written.count == 2 && b.problem == nil)
        let after = try directory.load()
        #expect(after.count == 3)
        #expect(after.filter { $0.config.keyName == "b" }.count == 2)
    }

    @Test("the old config cannot be closed (a folder where its file goes): the repair is taken back, nothing changed")
    func failureBetween() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = ConfigDirectory(root: root)
        let canonical = try directory.save(try Self.config("a"), replacing: [])
        // The config lives under another name; where its closed form would be written, a folder stands.
        let moved = root + "/shop-ios/a-moved.json"
        try FileManager.default.moveItem(atPath: canonical, toPath: moved)
        let entries = try directory.load()
        #expect(entries.map(\.file) == [moved])
        try FileManager.default.createDirectory(atPath: canonical, withIntermediateDirectories: false)
        let before = try String(contentsOfFile: moved, encoding: .utf8)
        let written = ReleaseRepair.write(
            [try Self.repair(of: entries[0])], at: try #require(AppVersion("5.5.0")), directory: directory,
            entries: entries)
        #expect(written[0].written.isEmpty)
        #expect(written[0].problem?.contains("nothing written") == true, "\(written[0].problem ?? "")")
        #expect(try String(contentsOfFile: moved, encoding: .utf8) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/shop-ios").sorted()
        #expect(files == ["a-moved.json", (canonical as NSString).lastPathComponent].sorted(), "\(files)")
    }

    @Test("a rewrite keeps a 0600 file 0600, and a link out of the folder is refused in words")
    func modesAndLinks() throws {
        let root = try Self.folder()
        let outside = try Self.folder()
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let directory = ConfigDirectory(root: root)
        var config = try Self.config("a")
        let file = try directory.save(config, replacing: [])
        chmod(file, 0o600)
        config.note = "again"
        try directory.save(config, replacing: try directory.load())
        var info = stat()
        stat(file, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        // The config's file is a link to a file outside the folder: a write through it is refused, the target kept.
        try "not ours\n".write(toFile: outside + "/victim", atomically: true, encoding: .utf8)
        unlink(file)
        symlink(outside + "/victim", file)
        config.note = "through the link"
        #expect(throws: LassoError.self) { try directory.write(config, replacing: []) }
        #expect(try String(contentsOfFile: outside + "/victim", encoding: .utf8) == "not ours\n")
        // A link inside the folder is still written through.
        unlink(file)
        try "{}".write(toFile: root + "/shop-ios/inside.json.bak", atomically: true, encoding: .utf8)
        symlink(root + "/shop-ios/inside.json.bak", file)
        try directory.write(config, replacing: [])
        #expect(
            try String(contentsOfFile: root + "/shop-ios/inside.json.bak", encoding: .utf8).contains("through the link")
        )
    }
}
