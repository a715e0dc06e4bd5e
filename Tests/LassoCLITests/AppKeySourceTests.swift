import Foundation
import Testing

/// An app key that cannot be a folder name is blamed on where it came from: the snapshot's `$.app.key`, the
/// `appKey` of `lasso.json`, or `--app-key`.
@Suite("app key sources")
struct AppKeySourceTests {
    static func snapshot(appKey: String) -> String {
        TerminalTextTests.plainSnapshot.replacingOccurrences(of: #""key": "demo""#, with: #""key": "\#(appKey)""#)
    }

    static let add = [
        "config", "add", "screen.json", "--find", "hello", "--event", "ViewTap", "--key-path", "text", "--key-name",
        "label", "--configs", "cfg",
    ]

    @Test("a snapshot's unsafe $.app.key names the snapshot and the field (exit 65)")
    func fromSnapshot() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(Self.snapshot(appKey: "shop/ios"), to: "screen.json", in: folder)
        let outcome = try CLI.run(Self.add, in: folder)
        CLI.expectCleanError(outcome, status: 65, file: "screen.json", mentions: ["$.app.key", "\"shop/ios\""])
        #expect(!outcome.stderr.contains("--app-key"), "\(outcome.stderr)")
        #expect(CLI.files(under: folder + "/cfg").isEmpty)
    }

    @Test("lasso.json's unsafe appKey, on a snapshot that names no app, names lasso.json and the field (exit 65)")
    func fromSettings() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let nameless = TerminalTextTests.plainSnapshot.replacingOccurrences(
            of: #""app": {"key": "demo", "version": "1.0.0"},"#, with: #""app": {"version": "1.0.0"},"#)
        #expect(nameless != TerminalTextTests.plainSnapshot)
        try CLI.write(nameless, to: "screen.json", in: folder)
        try CLI.write(#"{"appKey": ".hidden"}"#, to: "lasso.json", in: folder)
        let outcome = try CLI.run(Self.add, in: folder)
        CLI.expectCleanError(outcome, status: 65, file: "lasso.json", mentions: ["$.appKey", "\".hidden\""])
        #expect(!outcome.stderr.contains("--app-key"), "\(outcome.stderr)")
    }

    @Test("an unsafe --app-key is still blamed on --app-key (exit 64)")
    func fromFlag() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(Self.snapshot(appKey: "demo"), to: "screen.json", in: folder)
        let outcome = try CLI.run(Self.add + ["--app-key", "a/b"], in: folder)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--app-key"), "\(outcome.stderr)")
    }
}
