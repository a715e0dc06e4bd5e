import Foundation
import Testing
import _LassoTestSupport

/// A key path that reads another field on another row (a position among siblings where the rows differ) is not one
/// field: `validate` says `mixed` and fails; the key path named by identity passes.
@Suite("validate: the same field on every row")
struct MixedValuesTests {
    static let feed = #"""
        {"format": "lasso.snapshot/1", "app": {"key": "feed", "version": "1.0"}, "root": {"class": "UIWindow", "children": [
          {"class": "UIView", "viewController": {"class": "FeedViewController"}, "children": [
            {"class": "UITableView", "superclasses": ["UIScrollView", "UIView"], "children": [
              {"class": "FeedCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 0], "children": [
                {"class": "UILabel", "text": "标题一", "superclasses": ["UIView"]},
                {"class": "UIButton", "title": "关注", "superclasses": ["UIControl", "UIView"], "actions": ["follow:"]}]},
              {"class": "FeedCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 1], "children": [
                {"class": "UIImageView", "superclasses": ["UIView"]},
                {"class": "UILabel", "text": "标题二", "superclasses": ["UIView"]},
                {"class": "UIButton", "title": "关注", "superclasses": ["UIControl", "UIView"], "actions": ["follow:"]}]}]}]}]}}
        """#

    func validate(keyPath: String) throws -> CLI.Outcome {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(Self.feed, to: "feed.json", in: folder)
        let added = try CLI.run(
            [
                "config", "add", file, "--node", "5", "--event", "ButtonClick", "--key-path", keyPath, "--key-name",
                "title", "--path", "FeedViewController[0]/UIView[0]/UITableView[0]/FeedCell[0:*]/UIButton[0]",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        return try CLI.run(["validate", file], in: folder)
    }

    @Test("a positional key path that reads nothing on one row is mixed (exit 1); views[UILabel:0] is ok")
    func mixed() throws {
        let positional = try validate(keyPath: "superview.subviews[0].text")
        #expect(positional.status == 1, "\(positional.stdout)")
        #expect(positional.stdout.contains("mixed"), "\(positional.stdout)")
        #expect(positional.stdout.contains("1 × a text, 1 × nothing"), "\(positional.stdout)")
        let identity = try validate(keyPath: "superview.views[UILabel:0].text")
        #expect(identity.status == 0, "\(identity.stdout)")
    }

    /// Rows whose second label is the read count on one row and the title on the next (an image before it).
    static let counts = #"""
        {"format": "lasso.snapshot/1", "app": {"key": "feed", "version": "1.0"}, "root": {"class": "UIWindow", "children": [
          {"class": "UIView", "viewController": {"class": "FeedViewController"}, "children": [
            {"class": "UITableView", "superclasses": ["UIScrollView", "UIView"], "children": [
              {"class": "FeedCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 0], "children": [
                {"class": "UILabel", "text": "标题一", "superclasses": ["UIView"]},
                {"class": "UILabel", "text": "3309万阅读", "superclasses": ["UIView"]},
                {"class": "UIButton", "title": "关注", "superclasses": ["UIControl", "UIView"], "actions": ["follow:"]}]},
              {"class": "FeedCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 1], "children": [
                {"class": "UIImageView", "superclasses": ["UIView"]},
                {"class": "UILabel", "text": "标题二", "superclasses": ["UIView"]},
                {"class": "UILabel", "text": "12万阅读", "superclasses": ["UIView"]},
                {"class": "UIButton", "title": "关注", "superclasses": ["UIControl", "UIView"], "actions": ["follow:"]}]}]}]}]}}
        """#

    @Test("texts on every row, but the read count on one and the title on the next: mixed, naming the two views")
    func sameKindOtherField() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(Self.counts, to: "feed.json", in: folder)
        for (keyPath, keyName) in [
            ("superview.subviews[1].text", "second"), ("superview.views[UILabel:0].text", "title"),
        ] {
            let added = try CLI.run(
                [
                    "config", "add", file, "--node", "6", "--event", "ButtonClick", "--key-path", keyPath,
                    "--key-name", keyName, "--path",
                    "FeedViewController[0]/UIView[0]/UITableView[0]/FeedCell[0:*]/UIButton[0]",
                ], in: folder)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let checked = try CLI.run(["validate", file, "--json"], in: folder)
        #expect(checked.status == 1, "\(checked.stdout)")
        let results = try #require(try CLI.objects(checked).first?["configs"] as? [[String: Any]], "\(checked.stdout)")
        let byKey = Dictionary(uniqueKeysWithValues: results.map { ($0["keyName"] as? String ?? "", $0) })
        #expect(byKey["second"]?["status"] as? String == "mixed")
        #expect(
            (byKey["second"]?["reason"] as? String)?.contains(
                "the text of 1 × the 1st UILabel in the row, 1 × the 2nd UILabel in the row")
                == true, "\(byKey["second"] ?? [:])")
        #expect(byKey["title"]?["status"] as? String == "ok")
    }
}
