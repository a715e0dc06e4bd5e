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
}
