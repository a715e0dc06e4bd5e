import Foundation
import Testing
import _LassoTestSupport

/// A dump that names its app (an Android package) is of that app, whatever app lasso.json names: lasso.json's
/// `appKey` is for dumps that name none, such as an iOS dump of the Settings app.
@Suite("A dump's own app")
struct DumpOwnAppTests {
    /// A screen of the Settings app as a snapshot that names no app.
    static let settingsScreen = #"""
        {"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
          {"class": "UIView", "viewController": {"class": "SettingsViewController"}, "frame": [0, 0, 390, 844], "children": [
            {"class": "UISwitch", "accessibilityIdentifier": "wifi", "superclasses": ["UIControl", "UIView"], "actions": ["toggle:"], "frame": [300, 100, 50, 30]}]}]}}
        """#

    @Test("lasso.json names one app, the next dump names its own: validate checks the dump's app's configs, said once")
    func dumpNamesItsApp() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        // As the terminal UI leaves it after a save on the Settings screen: the answered app key in lasso.json.
        _ = try CLI.write(#"{"appKey": "settings"}"#, to: "lasso.json", in: folder)
        let settings = try CLI.write(Self.settingsScreen, to: "settings.json", in: folder)
        let feed = try CLI.write(MixedValuesTests.xueqiu(), to: "feed.xml", in: folder)
        let switched = try CLI.run(
            [
                "config", "add", settings, "--node", "2", "--event", "ValueChanged", "--key-path",
                "accessibilityIdentifier", "--key-name", "setting", "--from", "17.0",
            ], in: folder)
        #expect(switched.status == 0, "\(switched.stderr)")
        let title = try CLI.run(
            [
                "config", "add", feed, "--node", "3", "--event", "ListItemClick", "--key-path",
                "views[#topic_title].text", "--key-name", "title", "--from", "9.0.0",
            ], in: folder)
        #expect(title.status == 0, "\(title.stderr)")
        // Filed under the dump's package, not under lasso.json's app (before: kvc-configs/settings/).
        #expect(
            FileManager.default.fileExists(atPath: folder + "/kvc-configs/com.xueqiu.android"),
            "\(CLI.files(under: folder))")
        let checked = try CLI.run(["validate", feed], in: folder)
        // Before: the Settings config was checked against the feed (no-match, exit 1) and the feed's was not.
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains("title = \"标题一\""), "\(checked.stdout)")
        #expect(!checked.stdout.contains("setting = "), "\(checked.stdout)")
        let notes = checked.stderr.components(separatedBy: "this screen names its app, com.xueqiu.android").count - 1
        #expect(notes == 1, "\(checked.stderr)")
        // The Settings screen, which names no app, is still lasso.json's.
        let own = try CLI.run(["validate", settings, "--app-version", "17.0"], in: folder)
        #expect(own.status == 0 && own.stdout.contains("setting = \"wifi\""), "\(own.stdout)\(own.stderr)")
    }
}
