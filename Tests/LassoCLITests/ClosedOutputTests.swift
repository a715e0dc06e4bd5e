import Foundation
import LassoDocuments
import Testing
import _LassoTestSupport

/// A reader that stops early (`lasso pull … | head -1`): lasso stops printing quietly and still finishes its file writes.
@Suite("standard output closed early")
struct ClosedOutputTests {
    static let token = "closed-output-token"
    static let configCount = 400

    /// A configs folder with `configCount` configs of shop-ios, made from one that `config add` wrote.
    static func manyConfigs(in folder: String) throws {
        let added = try LassoProcess.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", "28", "--event", "ListItemClick",
                "--key-path", "model.productId", "--key-name", "key0", "--configs", "cfg",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let directory = ConfigDirectory(root: folder + "/cfg")
        let template = try #require(try directory.load().first).config
        for index in 1..<configCount {
            var config = template
            config.id = KVCConfig.newID()
            config.keyName = "key\(index)"
            try AtomicFile.write(ConfigCodec.fileText(config), to: directory.file(for: config))
        }
    }

    @Test("pull into a pipe closed after the first line writes every file, exits 0 and prints no crash")
    func pullIntoAClosedPipe() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try Self.manyConfigs(in: folder)
        let server = try ServeProcess(db: folder + "/server.sqlite", token: Self.token)
        defer { server.stop() }
        let pushed = try LassoProcess.run(
            ["push", "--configs", "cfg", "--server", server.url], in: folder,
            environment: ["LASSO_TOKEN": Self.token], timeout: 300)
        #expect(pushed.status == 0, "\(pushed.stderr)")

        let pulled = try LassoProcess.runClosingOutput(
            ["pull", "--configs", "pulled", "--server", server.url, "--app-key", "shop-ios"], in: folder,
            afterLines: 1)
        #expect(pulled.firstLines.hasPrefix("wrote "), "\(pulled.firstLines)")
        #expect(pulled.status == 0, "exit \(pulled.status); stderr: \(pulled.stderr.prefix(2000))")
        for crash in ["Fatal error", "Broken pipe", "Backtrace", "Stack dump"] {
            #expect(!pulled.stderr.contains(crash), "\(crash) in stderr: \(pulled.stderr.prefix(2000))")
        }
        let original = CLI.files(under: folder + "/cfg/shop-ios")
        #expect(original.count == Self.configCount)
        #expect(CLI.files(under: folder + "/pulled/shop-ios") == original)
        let differing = original.filter { name in
            FileManager.default.contents(atPath: folder + "/pulled/shop-ios/" + name)
                != FileManager.default.contents(atPath: folder + "/cfg/shop-ios/" + name)
        }
        #expect(
            differing.isEmpty, "\(differing.count) pulled files are missing or differ, such as \(differing.prefix(3))")
    }

    /// `lasso tree` of a window with `count` labels, its output closed after the first line.
    static func treeClosedAfterOneLine(of count: Int) throws -> LassoProcess.ClosedOutcome {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let children = (0..<count).map { #"{"class":"UILabel","text":"row \#($0)"}"# }.joined(separator: ",")
        let file = try CLI.write(
            #"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "children": [\#(children)]}}"#,
            to: "wide.json", in: folder)
        return try LassoProcess.runClosingOutput(["tree", file], in: folder, afterLines: 1)
    }

    @Test("tree of 20,000 views into a pipe closed after the first line exits 0 without a crash or a message")
    func treeIntoAClosedPipe() throws {
        let tree = try Self.treeClosedAfterOneLine(of: 20_000)
        #expect(tree.firstLines.contains("UIWindow"))
        #expect(tree.status == 0, "exit \(tree.status); stderr: \(tree.stderr.prefix(2000))")
        #expect(tree.stderr.isEmpty, "\(tree.stderr.prefix(2000))")
    }

    @Test("tree of 400,000 views into a pipe closed after the first line stops at once instead of writing to no one")
    func treeStopsWhenTheReaderHasGone() throws {
        let tree = try Self.treeClosedAfterOneLine(of: 400_000)
        #expect(tree.firstLines.contains("UIWindow"))
        #expect(tree.status == 0, "exit \(tree.status); stderr: \(tree.stderr.prefix(2000))")
        // Before, lasso went on outlining every view for nobody: about 7 s here (20 s for 1.33M views).
        #expect(tree.secondsAfterClose < 3, "went on for \(tree.secondsAfterClose) s after its reader had gone")
    }
}

extension LassoProcess {
    /// What a run whose standard output was closed early gave: the lines read before closing, the status and stderr.
    struct ClosedOutcome {
        var status: Int32
        var firstLines: String
        var stderr: String
        /// How long lasso went on after its standard output was closed.
        var secondsAfterClose: TimeInterval
    }

    /// Runs `lasso ARGS` with standard output a pipe that is closed once `afterLines` lines have been read.
    static func runClosingOutput(
        _ arguments: [String], in directory: String, afterLines: Int, timeout: TimeInterval = 120
    ) throws -> ClosedOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? out.fileHandleForWriting.close()
        let errData = LockedData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        var seen = Data()
        while seen.filter({ $0 == UInt8(ascii: "\n") }).count < afterLines {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        try out.fileHandleForReading.close()
        let closed = Date()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("lasso \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        let secondsAfterClose = Date().timeIntervalSince(closed)
        group.wait()
        let text = String(decoding: seen, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(afterLines)
        return ClosedOutcome(
            status: process.terminationStatus, firstLines: lines.joined(separator: "\n"),
            stderr: String(decoding: errData.get(), as: UTF8.self), secondsAfterClose: secondsAfterClose)
    }
}
