import Foundation
import Testing
import _LassoTestSupport

/// `lasso match --profile mixpanel`, run as the binary: selection order, `--from`, and refusals.
@Suite("match --profile mixpanel")
struct MixpanelMatchTests {
    /// ABTestingTests' screen: w → vc → v1 → (v2 → l1, l2), (v3 → l3, l4), written as a snapshot file.
    static let screen = #"""
        {"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "5.3.0"}, "root":
        {"class": "UIWindow", "id": "w", "children": [
          {"class": "UIView", "id": "v1", "viewController": {"class": "UIViewController"}, "children": [
            {"class": "UIView", "id": "v2", "children": [
              {"class": "UILabel", "id": "l1", "text": "Label 1", "superclasses": ["UIView"]},
              {"class": "UILabel", "id": "l2", "text": "Label 2", "superclasses": ["UIView"]}]},
            {"class": "UIView", "id": "v3", "children": [
              {"class": "UILabel", "id": "l3", "text": "Label 3", "superclasses": ["UIView"]},
              {"class": "UILabel", "id": "l4", "text": "Label 4", "superclasses": ["UIView"]}]}]}]}}
        """#

    func match(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(Self.screen, to: "screen.json", in: folder)
        let outcome = try CLI.run(["match", file, "--profile", "mixpanel"] + arguments, in: folder)
        return (outcome.status, outcome.stdout, outcome.stderr)
    }

    @Test("the selected views in the SDK's order, as index and id")
    func selects() throws {
        let found = try match(["--path", "/UIView/UIView/UILabel[1]", "--json"])
        #expect(found.status == 0, "\(found.stderr)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["id"] as? String } == ["l2", "l4"])
        #expect(objects.map { ($0["index"] as? NSNumber)?.intValue } == [4, 7])
    }

    @Test("--from a window starts there: its root controller is the first step")
    func fromWindow() throws {
        let found = try match(["--path", "/UIViewController/UIView/UIView[1]/UILabel", "--from", "w", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["id"] as? String } == ["l3", "l4"])
        let fromController = try match(["--path", "/UIViewController", "--from", "w", "--json"])
        let controller = try #require(
            try JSONSerialization.jsonObject(with: Data(fromController.stdout.utf8)) as? [[String: Any]])
        #expect(controller.first?["controller"] as? Bool == true)
        #expect(controller.first?["id"] as? String == "v1")
    }

    @Test("nothing selected exits 1; an unsupported predicate exits 64 naming it; --from needs the profile")
    func refusals() throws {
        let none = try match(["--path", "/UIView[0]/UIView/UILabel"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no view on"))
        let like = try match(["--path", #"/UIView/UIView/UILabel[text LIKE "L*"]"#])
        #expect(like.status == 64)
        #expect(like.stderr.contains("the LIKE operator is not supported"), "\(like.stderr)")
        #expect(!like.stderr.contains("Fatal"))
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(Self.screen, to: "screen.json", in: folder)
        let noProfile = try CLI.run(["match", file, "--path", "/UIView", "--from", "w"], in: folder)
        #expect(noProfile.status == 64)
        #expect(noProfile.stderr.contains("--from is for --profile mixpanel"))
    }

    @Test(
        "a class written without its module, where the screen's is a Swift class: nothing selected, and the name to write"
    )
    func moduleHint() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let none = try CLI.run(
            [
                "match", CLI.sample("shop-home.json"), "--profile", "mixpanel", "--path",
                "/UIView/UITableView/ProductCell/UIButton",
            ], in: folder)
        #expect(none.status == 1)
        #expect(
            none.stderr.contains(
                "no class here is named ProductCell, but ShopKit.ProductCell is (Mixpanel names a Swift class with its module)"
            ), "\(none.stderr)")
        // Named so, the selector selects.
        let found = try CLI.run(
            [
                "match", CLI.sample("shop-home.json"), "--profile", "mixpanel", "--path",
                "/ShopKit.ShopNavigationController/ShopApp.HomeViewController/UIView/UITableView/ShopKit.ProductCell/UITableViewCellContentView/UIButton",
            ], in: folder)
        #expect(found.status == 0, "\(found.stderr)")
    }
}
