import Foundation
import Synchronization
import Testing

/// `-o` writes through what is at the path instead of replacing it (a device, a FIFO, a symlink's target), refuses
/// a folder in words, and `-o -` is standard output, for every command with `-o` (docs/cli.md, "Output files").
@Suite("-o on devices, FIFOs, symlinks and -")
struct OutputPathTests {
    static func dumpPath() -> String {
        (CLI.sample("shop-home.json") as NSString).deletingLastPathComponent + "/dumps/appium-ios-home.xml"
    }

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test("import -o onto a character device (a private null device made with mknod) leaves it a device")
    func importToDevice() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try #require(mknod(folder + "/n", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0, "mknod needs root")
        let outcome = try CLI.run(["import", Self.dumpPath(), "-o", "n"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.kind(folder + "/n") == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["n"])
    }

    @Test("hook export -o onto a FIFO: a reader gets the table; with no reader, a refusal at once (exit 73)")
    func hookExportToFIFO() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try HookCommandTests.addExample(in: folder)
        #expect(mkfifo(folder + "/f", 0o600) == 0)
        let arguments = [
            "hook", "export", "--configs", "cfg", "--app-key", "rj-ios", "--format", "lasso", "-o", "f",
        ]
        let lonely = try CLI.run(arguments, in: folder, timeout: 20)
        #expect(lonely.status == 73)
        #expect(lonely.stderr.contains("f: cannot write: the named pipe (FIFO) has no reader"), "\(lonely.stderr)")
        let received = Mutex<Data?>(nil)
        let done = DispatchSemaphore(value: 0)
        let path = folder + "/f"
        Thread {
            let data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile()
            received.withLock { $0 = data }
            done.signal()
        }.start()
        var outcome = try CLI.run(arguments, in: folder, timeout: 20)
        // The reader may not have opened its end yet: try again shortly.
        for _ in 0..<50 where outcome.status == 73 {
            Thread.sleep(forTimeInterval: 0.1)
            outcome = try CLI.run(arguments, in: folder, timeout: 20)
        }
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(done.wait(timeout: .now() + 20) == .success)
        let text = String(decoding: received.withLock { $0 } ?? Data(), as: UTF8.self)
        #expect(text.contains("\"appKey\": \"rj-ios\""), "\(text)")
        #expect(Self.kind(path) == S_IFIFO)
    }

    @Test("-o a symlink: the link's target gets the file and the link stays a link")
    func importThroughSymlink() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write("old", to: "elsewhere/real.json", in: folder)
        #expect(symlink("elsewhere/real.json", folder + "/out.json") == 0)
        let outcome = try CLI.run(["import", Self.dumpPath(), "-o", "out.json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.kind(folder + "/out.json") == S_IFLNK)
        let written = try String(contentsOfFile: folder + "/elsewhere/real.json", encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"format\": \"lasso.snapshot/1\""))
    }

    @Test("-o a folder is refused in words (exit 73) and the folder is left as it was")
    func folderRefused() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/d", withIntermediateDirectories: true)
        let outcome = try CLI.run(["import", Self.dumpPath(), "-o", "d"], in: folder)
        #expect(outcome.status == 73)
        #expect(
            outcome.stderr.contains(
                "d: expected a regular file, a character device or a named pipe to write to, found a directory"),
            "\(outcome.stderr)")
        #expect(Self.kind(folder + "/d") == S_IFDIR)
    }

    @Test("-o - is standard output for import and hook export; import --json -o - is refused")
    func dashIsStandardOutput() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let imported = try CLI.run(["import", Self.dumpPath(), "-o", "-"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("{\n  \"format\": \"lasso.snapshot/1\""))
        try HookCommandTests.addExample(in: folder)
        let exported = try CLI.run(
            ["hook", "export", "--configs", "cfg", "--app-key", "rj-ios", "--format", "lasso", "--output", "-"],
            in: folder)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("\"appKey\": \"rj-ios\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["cfg"])
        let both = try CLI.run(["import", Self.dumpPath(), "--json", "-o", "-"], in: folder)
        #expect(both.status == 64)
        #expect(both.stderr.contains("-o -: --json prints its report on standard output"), "\(both.stderr)")
    }

    @Test(
        "a config whose file is a symlink, edited with lasso config edit, keeps its link in the folder; a link out of the folder is refused"
    )
    func configEditKeepsLink() throws {
        let folder = try ServerCommandTests.project()
        defer { CLI.cleanUp(folder) }
        let file = try #require(CLI.files(under: folder + "/cfg").first)
        let path = folder + "/cfg/" + file
        let inside = path + ".real"
        try FileManager.default.moveItem(atPath: path, toPath: inside)
        #expect(symlink(inside, path) == 0)
        let id = String((file as NSString).lastPathComponent.dropLast(5).suffix(8))
        let edited = try CLI.run(["config", "edit", id, "--note", "kept linked", "--configs", "cfg"], in: folder)
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(Self.kind(path) == S_IFLNK)
        #expect(try String(contentsOfFile: inside, encoding: .utf8).contains("kept linked"))
        // Out of the folder: refused in words (exit 73), the file it points to untouched.
        try FileManager.default.moveItem(atPath: inside, toPath: folder + "/shared.json")
        unlink(path)
        #expect(symlink(folder + "/shared.json", path) == 0)
        let outside = try CLI.run(["config", "edit", id, "--note", "steered", "--configs", "cfg"], in: folder)
        #expect(outside.status == 73, "\(outside.stderr)")
        #expect(outside.stderr.contains("outside it; nothing was written"), "\(outside.stderr)")
        #expect(try String(contentsOfFile: folder + "/shared.json", encoding: .utf8).contains("steered") == false)
    }
}
