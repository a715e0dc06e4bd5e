import Foundation
import Testing
import _LassoTestSupport

/// `lasso check --repair [--write]`: a release renamed the cell class and moved the button one level deeper; the
/// repair re-finds the path with its "any row" kept and the key path by the value it gave before, and once written
/// the check is green with no file edited by hand.
@Suite("check --repair, end to end")
struct CheckRepairTests {
    static func screen(version: String, cell: String, deeper: Bool, selector: String = "addToCart:") -> String {
        let rows = (0..<3).map { row in
            let button =
                #"{"class": "UIButton", "title": "加入购物车", "superclasses": ["UIControl", "UIView"], "actions": [{"selector": "\#(selector)", "target": "\#(cell)"}]}"#
            let inside = deeper ? #"{"class": "UIView", "children": [\#(button)]}"# : button
            return
                #"{"class": "\#(cell)", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, \#(row)], "properties": {"model": {"productId": "P\#(row + 1)"}}, "children": [\#(inside)]}"#
        }
        return #"""
            {"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "\#(version)"}, "root": {"class": "UIWindow", "children": [
              {"class": "UIView", "viewController": {"class": "HomeViewController"}, "children": [
                {"class": "UITableView", "superclasses": ["UIScrollView", "UIView"], "children": [\#(rows.joined(separator: ", "))]}]}]}}
            """#
    }

    static let id = "b0000000-0000-4000-8000-000000000001"
    static let path = "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UIButton[0]"

    func setUp(_ folder: String) throws {
        try CLI.write(Self.screen(version: "5.4.0", cell: "ProductCell", deeper: false), to: "old.json", in: folder)
        try CLI.write(Self.screen(version: "5.5.0", cell: "ProductCardCell", deeper: true), to: "new.json", in: folder)
        try ValidateAndSettingsTests.writeConfig(
            try ValidateAndSettingsTests.configText(
                id: Self.id, versions: #"[{"from": "5.0.0"}]"#, event: "ButtonClick", path: Self.path,
                keyPath: "superview.model.productId", keyName: "productId"),
            keyName: "productId", id: Self.id, in: folder)
    }

    @Test("the repair as a diff: any row kept, the key path re-found by value; --write makes the check green")
    func repairs() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try setUp(folder)
        let proposed = try CLI.run(
            ["check", "--configs", "cfg", "new.json", "--before", "old.json", "--repair", "--json"], in: folder)
        #expect(proposed.status == 1, "\(proposed.stderr)")
        let repairs = try #require(try CLI.object(proposed)["repairs"] as? [[String: Any]])
        let repaired = try #require(repairs.first?["repaired"] as? [String: Any])
        #expect(
            repaired.string("viewPath")
                == "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCardCell[0:*]/UIView[0]/UIButton[0]")
        #expect(repaired.string("keyPath") == "superview.superview.model.productId")
        #expect((repaired["versions"] as? [[String: String]]) == [["from": "5.5.0"]])
        #expect(repairs.first?["value"] as? String == "P1")
        // Nothing is written without --write.
        #expect(CLI.files(under: folder + "/cfg").count == 1)
        let text = try CLI.run(
            ["check", "--configs", "cfg", "new.json", "--before", "old.json", "--repair"], in: folder)
        #expect(text.stdout.contains("  - keyPath  superview.model.productId"), "\(text.stdout)")
        #expect(text.stdout.contains("  + keyPath  superview.superview.model.productId"), "\(text.stdout)")
        // --write: the old config ends at 5.5.0, the repair is added from 5.5.0, and the check is green.
        let written = try CLI.run(
            ["check", "--configs", "cfg", "new.json", "--before", "old.json", "--repair", "--write"], in: folder)
        #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
        #expect(CLI.files(under: folder + "/cfg").count == 2)
        let again = try CLI.run(["check", "--configs", "cfg", "new.json"], in: folder)
        #expect(again.status == 0, "\(again.stdout)")
        let old = try CLI.run(["check", "--configs", "cfg", "old.json"], in: folder)
        #expect(old.status == 0, "the old release still checks: \(old.stdout)")
    }

    @Test("--write without --repair, or with --close-broken, is refused")
    func refusals() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try setUp(folder)
        #expect(try CLI.run(["check", "--configs", "cfg", "new.json", "--write"], in: folder).status == 64)
        #expect(
            try CLI.run(["check", "--configs", "cfg", "new.json", "--repair", "--write", "--close-broken"], in: folder)
                .status == 64)
    }

    @Test("named events and hook configs are repaired too: location re-found, class and method renamed; green after")
    func repairsEventsAndHooks() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try setUp(folder)
        try CLI.write(
            Self.screen(version: "5.5.0", cell: "ProductCardCell", deeper: true, selector: "addItemToCart:"),
            to: "new.json", in: folder)
        let common = ["--app-key", "shop-ios", "--configs", "cfg", "--from", "5.0.0"]
        let event = try CLI.run(
            ["event", "add", "--name", "加购", "--key", "add_to_cart", "--event", "ButtonClick", "--path", Self.path]
                + ["--content", "productId=P1"] + common, in: folder)
        #expect(event.status == 0, "\(event.stderr)")
        let hook = try CLI.run(
            ["hook", "add", "--class", "ProductCell", "--selector", "addToCart:", "--event", "AddToCart"]
                + ["--value", "productId=model.productId"] + common, in: folder)
        #expect(hook.status == 0, "\(hook.stderr)")
        let proposed = try CLI.run(
            ["check", "--configs", "cfg", "new.json", "--before", "old.json", "--repair", "--json"], in: folder)
        #expect(proposed.status == 1)
        let object = try CLI.object(proposed)
        let eventRepair = try #require((object["eventRepairs"] as? [[String: Any]])?.first)
        #expect(
            (eventRepair["repaired"] as? [String: Any])?.string("viewPath")
                == "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCardCell[0:*]/UIView[0]/UIButton[0]",
            "\(eventRepair)")
        let hookRepair = try #require((object["hookRepairs"] as? [[String: Any]])?.first)
        let repairedHook = try #require(hookRepair["repaired"] as? [String: Any], "\(hookRepair)")
        #expect(repairedHook.string("class") == "ProductCardCell")
        #expect(repairedHook["selectors"] as? [String] == ["addItemToCart:"])
        let text = try CLI.run(
            ["check", "--configs", "cfg", "new.json", "--before", "old.json", "--repair"], in: folder)
        #expect(text.stdout.contains("repair for hook "), "\(text.stdout)")
        #expect(text.stdout.contains("  + class    ProductCardCell"), "\(text.stdout)")
        let written = try CLI.run(
            ["check", "--configs", "cfg", "new.json", "--before", "old.json", "--repair", "--write"], in: folder)
        #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
        let again = try CLI.run(["check", "--configs", "cfg", "new.json"], in: folder)
        #expect(again.status == 0, "\(again.stdout)")
        let old = try CLI.run(["check", "--configs", "cfg", "old.json"], in: folder)
        #expect(old.status == 0, "the old release still checks: \(old.stdout)")
    }
}
