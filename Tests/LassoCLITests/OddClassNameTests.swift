import Foundation
import Testing

/// A class name that holds `/ [ ( ) &` (Swift tuple generics, protocol compositions) goes through `config add`,
/// and lasso reads back what it wrote: the folder keeps working.
@Suite("Class names with path characters")
struct OddClassNameTests {
    static let screen = #"""
        {"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "5.3.0"},
         "root": {"class": "UIWindow", "children": [{"class": "UIView", "viewController": {"class": "ShopKit.ListViewController<(Swift.Int, Swift.String)>"}, "children": [
           {"class": "ShopKit.ListCell<(Swift.Int, Swift.String)>", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 1],
            "properties": {"model": {"id": "A/1"}}, "children": [
             {"class": "ShopKit.Box<any ShopKit.A & ShopKit.B>", "text": "box", "gestures": ["UITapGestureRecognizer"]}]}]}]}}
        """#

    @Test("config add, then list, validate and match read the config back", arguments: ["lasso", "dash", "hubble"])
    func roundTrip(notation: String) throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(Self.screen, to: "odd.json", in: folder)
        let add = try CLI.run(
            [
                "config", "add", "odd.json", "--find", "box", "--event", "ViewTap", "--key-path",
                "superview.model.id", "--key-name", "boxId", "--configs", "cfg", "--notation", notation,
            ], in: folder)
        #expect(add.status == 0, "\(add.stderr)")
        let list = try CLI.run(["config", "list", "--configs", "cfg"], in: folder)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("boxId"))
        let validate = try CLI.run(["validate", "odd.json", "--configs", "cfg"], in: folder)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let files = CLI.files(under: folder + "/cfg")
        #expect(files.count == 1)
        let config = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/cfg/" + files[0])))
                as? [String: Any])
        let path = try #require(config["viewPath"] as? String)
        let match = try CLI.run(["match", "odd.json", "--path", path], in: folder)
        #expect(match.status == 0, "\(match.stderr)")
        #expect(match.stdout.contains("ListCell<"))
    }
}
