import Foundation
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

/// The texts beside a tab are the other tabs' titles; an app key asked for is written into `lasso.json`.
@Suite("tab titles beside a tab; writing the app key to lasso.json")
struct TabTextsAndSettingsTests {
    static let tabBar = #"""
        {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
          {"class": "UITabBar", "frame": [0, 760, 390, 84], "children": [
            {"class": "_UIBarBackground", "frame": [0, 0, 390, 84]},
            {"class": "UITabBarButton", "accessibilityLabel": "首页", "frame": [0, 0, 97, 49],
             "children": [{"class": "UITabBarButtonLabel", "text": "首页", "frame": [30, 30, 40, 12]}]},
            {"class": "UITabBarButton", "accessibilityLabel": "分类", "frame": [97, 0, 97, 49],
             "children": [{"class": "UITabBarButtonLabel", "text": "分类", "frame": [30, 30, 40, 12]}]},
            {"class": "UITabBarButton", "accessibilityLabel": "我的", "frame": [194, 0, 97, 49],
             "children": [{"class": "UITabBarButtonLabel", "text": "我的", "frame": [30, 30, 40, 12]}]}
          ]}
        ]}
        """#

    @Test("a tab's list: its own title first, then the other tabs' titles each alone, then all of them as one list")
    func tabTitles() throws {
        let table = try SnapshotFixtures.table(root: Self.tabBar)
        let snapshot = table.snapshot
        let tab = try #require(snapshot.indices.first { snapshot.accessibilityLabel(of: $0) == "分类" })
        let list = ValueCandidates.list(for: tab, in: table)
        #expect(list[0].keyPath == "accessibilityLabel" && list[0].value == .string("分类"))
        #expect(
            list.contains {
                $0.keyPath == "superview.views[UITabBarButton:0].accessibilityLabel" && $0.value == .string("首页")
            })
        let titles = try #require(list.first { $0.keyPath.hasSuffix("@unionOfObjects.accessibilityLabel") })
        #expect(titles.value == .array([.string("首页"), .string("分类"), .string("我的")]))
        #expect(!list.contains { $0.value.arrayValue?.contains(.null) == true })
    }

    @Test("the app key goes into lasso.json, the other settings kept in their order; a new file when there is none")
    func settings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lasso-settings-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/lasso.json"
        try #"{"server": "http://127.0.0.1:9", "notation": "dash"}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        let written = try SettingsFile.setAppKey("chat-android", in: file)
        #expect(written.appKey == "chat-android")
        #expect(written.server == "http://127.0.0.1:9")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            text
                == "{\n  \"server\": \"http://127.0.0.1:9\",\n  \"notation\": \"dash\",\n  \"appKey\": \"chat-android\"\n}\n"
        )
        let fresh = folder + "/new/lasso.json"
        #expect(try SettingsFile.setAppKey("shop", in: fresh).appKey == "shop")
        // A file that is not settings is left alone, and so is a name that cannot be a folder.
        try "[1]".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: InputError.self) { try SettingsFile.setAppKey("x", in: file) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "[1]")
        #expect(throws: LassoError.self) { try SettingsFile.setAppKey("a/b", in: fresh) }
    }
}
