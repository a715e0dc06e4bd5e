import Foundation
import Testing

/// `--encoding`, on import and the commands that read a snapshot, for dumps holding GB18030 bytes.
@Suite("--encoding gb18030, end to end")
struct EncodingOptionTests {
    /// A recursiveDescription dump in GB18030, made by the system's iconv.
    static func gbDump(in folder: String) throws -> String {
        let utf8 = try CLI.write(
            "<UIWindow: 0x7f01; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x6001>>\n   | <UIButton: 0x7f02; frame = (16 100; 200 44); layer = <CALayer: 0x6002>>\n   |    | <UIButtonLabel: 0x7f03; frame = (10 10; 180 24); text = '加入购物车'; layer = <_UILabelLayer: 0x6003>>\n",
            to: "utf8.txt", in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        process.arguments = ["-f", "UTF-8", "-t", "GB18030", "-o", folder + "/gb.txt", utf8]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return "gb.txt"
    }

    @Test("without the option: one message naming the byte and suggesting --encoding gb18030, exit 65")
    func suggests() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try Self.gbDump(in: folder)
        let outcome = try CLI.run(["import", file], in: folder)
        CLI.expectCleanError(outcome, status: 65, file: file, mentions: [":3:", "not UTF-8", "--encoding gb18030"])
    }

    @Test("with it, import, tree and path read the dump: the button's title is the Chinese text")
    func reads() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try Self.gbDump(in: folder)
        let imported = try CLI.run(["import", file, "--encoding", "gb18030"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("\"title\":\"加入购物车\""))
        let tree = try CLI.run(["tree", file, "--encoding", "GB18030"], in: folder)
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(tree.stdout.contains("UIButton [0] \"加入购物车\""))
    }

    @Test("an encoding lasso does not know is a usage error naming the choices")
    func unknown() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try Self.gbDump(in: folder)
        let outcome = try CLI.run(["tree", file, "--encoding", "big5"], in: folder)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--encoding: expected utf-8 or gb18030, found \"big5\""))
    }
}
