import Foundation
import Testing
import _LassoTestSupport

/// A dump that names no app version is a screen of one release: `config add` on it asks which instead of making a
/// config for every version.
@Suite("config add on a dump without an app version")
struct VersionlessDumpTests {
    static let dump = CLI.sample("dumps/android-uiautomator-home.xml")
    static let add = [
        "config", "add", dump, "--node", "15", "--event", "ButtonClick", "--key-path", "text", "--key-name",
        "label",
    ]

    @Test("refused in words (exit 64), nothing written; --app-version or --from says which")
    func asksForTheVersion() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let refused = try CLI.run(Self.add, in: folder)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("names no app version"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--app-version"))
        #expect(CLI.files(under: folder).isEmpty)
        let given = try CLI.run(Self.add + ["--app-version", "5.2.0", "--json"], in: folder)
        #expect(given.status == 0, "\(given.stderr)")
        let versions = try CLI.object(given)["versions"] as? [[String: Any]]
        #expect(versions?.first?["from"] as? String == "5.2.0")
        let every = try CLI.run(Self.add + ["--from", "0", "--key-name", "label2"], in: folder)
        #expect(every.status == 0, "\(every.stderr)")
    }

    @Test("lasso.json's appVersion names the release; one that is no version is refused with its place")
    func projectRelease() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        _ = try CLI.write(#"{"appVersion": "6.1.0"}"#, to: "lasso.json", in: folder)
        let given = try CLI.run(Self.add + ["--json"], in: folder)
        #expect(given.status == 0, "\(given.stderr)")
        let versions = try CLI.object(given)["versions"] as? [[String: Any]]
        #expect(versions?.first?["from"] as? String == "6.1.0")
        _ = try CLI.write(#"{"appVersion": "next"}"#, to: "lasso.json", in: folder)
        let bad = try CLI.run(Self.add + ["--key-name", "label2"], in: folder)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("$.appVersion"), "\(bad.stderr)")
        #expect(bad.stderr.contains("a version such as 5.3.0"), "\(bad.stderr)")
    }
}
