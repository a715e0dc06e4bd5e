import Foundation
import Testing

/// `lasso import --json` and `--activity` on the app-side dumps (SDK snapshots, Maestro, dumpsys), end to end.
@Suite("import: app-side dumps, end to end")
struct AppDumpCommandTests {
    static func fixture(_ name: String) -> String {
        LassoProcess.packageRoot.appendingPathComponent("Tests/Fixtures/dumps/\(name)").path
    }

    @Test("import --json reports the format, the number of views, the notes and the screenshot; -o still writes")
    func report() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(
            ["import", "--json", Self.fixture("mixpanel-android.json"), "-o", "main.json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "the notes are in the report")
        let report = try CLI.object(outcome)
        #expect(report.string("format") == "mixpanel")
        #expect(report["views"] as? Int == 10)
        #expect((report["notes"] as? [String])?.first?.contains("took com.example.shop.MainActivity") == true)
        #expect((report["screenshot"] as? [String: Any])?.string("type") == "image/png")
        #expect(CLI.files(under: folder) == ["main.json"])
        for (name, format) in [
            ("maestro-android.json", "maestro"), ("dumpsys-top.txt", "dumpsys"), ("sensors-ios.json", "sensors"),
        ] {
            let other = try CLI.object(try CLI.run(["import", "--json", Self.fixture(name)], in: folder))
            #expect(other.string("format") == format, "\(name)")
        }
    }

    @Test("--activity picks the activity on every command; with another format it is refused")
    func activity() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let tree = try CLI.run(["tree", Self.fixture("dumpsys-top.txt"), "--activity", "DetailActivity"], in: folder)
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(tree.stdout.contains("DetailActivity[0]/DecorView[0]/LinearLayout[0]/TextView[0]"))
        #expect(tree.stderr.contains("took com.example.shop/.ui.DetailActivity (named by --activity)"))
        let unknown = try CLI.run(["tree", Self.fixture("dumpsys-top.txt"), "--activity", "Nope"], in: folder)
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("expected an activity named \"Nope\" (--activity)"))
        let wrong = try CLI.run(["tree", Self.fixture("maestro-ios.json"), "--activity", "Main"], in: folder)
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("--activity goes with a dumpsys dump or an Android SDK snapshot"))
    }
}
