import Foundation
import Testing

/// `lasso check` and `lasso validate` on hook configs: a renamed method, a vanished class, a key path that gives
/// nothing, and `--close-broken` (docs/hook-configs.md, "Release check").
@Suite("hook configs in the release check")
struct HookCheckTests {
    /// A screen of the trip app at `version`: the trip page (a controller) with a cart button whose action targets
    /// ProductCell, and the classes list its snapshot tool read; `serviceMethod` is what the contact method is called.
    static func snapshot(version: String, serviceMethod: String, withHistory: Bool = true) -> String {
        let history =
            withHistory ? #", "RJTripHistoryViewModel": {"methods": ["tableView:didSelectRowAtIndexPath:"]}"# : ""
        return """
            {"format": "lasso.snapshot/1", "app": {"key": "rj-ios", "version": "\(version)"},
             "classes": {"RJTripViewController": {"methods": ["\(serviceMethod)", "viewDidLoad"]}\(history)},
             "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
               {"class": "UIView", "frame": [0, 0, 390, 844], "viewController": {"class": "RJTripViewController"},
                "children": [
                  {"class": "ProductCell", "frame": [0, 100, 390, 80], "properties": {"model": {"sku": "S1"}},
                   "children": [
                     {"class": "UIButton", "frame": [300, 20, 80, 40], "title": "Add",
                      "actions": [{"selector": "addToCart:", "target": "ProductCell"}]}]}]}]}}
            """
    }

    static func add(_ arguments: [String], in folder: String) throws {
        let outcome = try CLI.run(["hook", "add", "--app-key", "rj-ios", "--configs", "cfg"] + arguments, in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    static func setUp(_ folder: String) throws {
        try add(
            [
                "--class", "RJTripViewController", "--selector", "callServiceEvent", "--event", "user_psgservice_click",
                "--from", "3.1.0",
            ], in: folder)
        try add(
            [
                "--class", "ProductCell", "--selector", "addToCart:", "--event", "add_to_cart", "--value",
                "sku=model.sku",
                "--from", "3.1.0",
            ], in: folder)
        try add(
            [
                "--class", "RJTripHistoryViewModel", "--selector", "tableView:didSelectRowAtIndexPath:", "--event",
                "user_mytrip_show", "--from", "3.1.0",
            ], in: folder)
    }

    @Test("a release that renames one method fails lasso check naming it; the same screens of the old release pass")
    func renamedMethod() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try Self.setUp(folder)
        _ = try CLI.write(
            Self.snapshot(version: "3.1.0", serviceMethod: "callServiceEvent"), to: "old.json", in: folder)
        _ = try CLI.write(
            Self.snapshot(version: "3.2.0", serviceMethod: "callCustomerServiceEvent"), to: "new.json", in: folder)
        let old = try CLI.run(["check", "old.json", "--configs", "cfg"], in: folder)
        #expect(old.status == 0, "\(old.stdout)\(old.stderr)")
        #expect(old.stdout.contains("all 3 hook configs ok"))
        let new = try CLI.run(["check", "new.json", "--configs", "cfg"], in: folder)
        #expect(new.status == 1)
        #expect(
            new.stdout.contains(
                "RJTripViewController has no method callServiceEvent any more (renamed to callCustomerServiceEvent?)"),
            "\(new.stdout)")
        #expect(new.stdout.contains("1 of 3 hook configs broken"))
        let report = try CLI.object(try CLI.run(["check", "new.json", "--configs", "cfg", "--json"], in: folder))
        let hooks = try #require(report["hooks"] as? [[String: Any]])
        #expect(
            hooks.filter { $0.string("status") == "broken" }.map { $0["missingSelectors"] as? [String] } == [
                ["callServiceEvent"]
            ])
    }

    @Test("a vanished class and a key path that gives nothing are broken; --close-broken ends them at the new version")
    func vanishedClassAndClosing() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try Self.setUp(folder)
        try Self.add(
            ["--class", "ProductCell", "--selector", "share:", "--event", "share", "--value", "id=model.productId"],
            in: folder)
        _ = try CLI.write(
            Self.snapshot(version: "3.2.0", serviceMethod: "callServiceEvent", withHistory: false), to: "new.json",
            in: folder)
        let checked = try CLI.run(["check", "new.json", "--configs", "cfg"], in: folder)
        #expect(checked.status == 1)
        #expect(
            checked.stdout.contains("class RJTripHistoryViewModel is on none of the snapshots"), "\(checked.stdout)")
        #expect(checked.stdout.contains("the key path model.productId gives nothing on 1 ProductCell view"))
        #expect(checked.stdout.contains("ProductCell has no method share: any more"))
        let validated = try CLI.run(["validate", "new.json", "--configs", "cfg"], in: folder)
        #expect(validated.status == 1 && validated.stdout.contains("class RJTripHistoryViewModel is on none"))
        let closed = try CLI.run(["check", "new.json", "--configs", "cfg", "--close-broken"], in: folder)
        #expect(closed.status == 1)
        #expect(closed.stdout.components(separatedBy: "\nclosed hook ").count - 1 == 2, "\(closed.stdout)")
        #expect(!closed.stdout.contains("not closed hook"))
        let listed = try CLI.run(["hook", "list", "--configs", "cfg", "--json"], in: folder)
        let history = try CLI.objects(listed).first { $0.string("class") == "RJTripHistoryViewModel" }
        let versions = try #require(history?["versions"] as? [[String: Any]])
        #expect(versions.first?.string("until") == "3.2.0" && versions.first?.string("from") == "3.1.0")
        let again = try CLI.run(["check", "new.json", "--configs", "cfg"], in: folder)
        #expect(!again.stdout.contains("RJTripHistoryViewModel"))
    }
}
