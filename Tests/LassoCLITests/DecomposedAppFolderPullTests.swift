import Foundation
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

/// An app folder an old checkout wrote with its name decomposed (`cafe` + U+0301), then `lasso pull` of the app
/// `café` from a real `lasso serve`: the files go into that folder, not into a second one beside it, and the folder
/// still reads.
@Suite struct DecomposedAppFolderPullTests {
    @Test func pullWritesIntoTheDecomposedFolderAndTheFolderReads() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let config = KVCConfig(
            appKey: composed, versions: VersionRanges([VersionInterval(from: AppVersion("5.0.0"))]),
            viewEvent: "ButtonClick", viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]/UIButton[0]"),
            keyPath: "title", keyName: "buy")
        try FileManager.default.createDirectory(atPath: "\(folder)/cfg/\(composed)", withIntermediateDirectories: true)
        try ConfigCodec.fileText(config).write(
            toFile: "\(folder)/cfg/\(composed)/buy-\(config.id.prefix(8)).json", atomically: true, encoding: .utf8)
        let server = try ServerCommandTests.Server(folder: folder)
        defer { server.stop() }
        let pushed = try LassoProcess.run(
            ["push", "--configs", "cfg", "--server", server.url, "--app-key", composed], in: folder,
            environment: ["LASSO_TOKEN": ServerCommandTests.token])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        // The old checkout's folder, its name decomposed.
        try FileManager.default.createDirectory(
            atPath: "\(folder)/pulled/\(decomposed)", withIntermediateDirectories: true)
        let pulled = try LassoProcess.run(
            ["pull", "--configs", "pulled", "--server", server.url, "--app-key", composed], in: folder)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        let apps = try FileManager.default.contentsOfDirectory(atPath: folder + "/pulled")
        #expect(apps.count == 1, "\(apps.map { Array($0.unicodeScalars) })")
        #expect(apps.first?.unicodeScalars.elementsEqual(decomposed.unicodeScalars) == true)
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/pulled/\(decomposed)")
        #expect(files == ["buy-\(config.id.prefix(8)).json"])
        let listed = try LassoProcess.run(["config", "list", "--configs", "pulled"], in: folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("buy"), "\(listed.stdout)")
    }
}
