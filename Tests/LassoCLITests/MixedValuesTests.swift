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
        // The first row's label, the second row's image (which gives nothing): two views, not one field absent.
        #expect(
            positional.stdout.contains(
                "the text of 1 × the 1st UIImageView in the row, 1 × the 1st UILabel in the row"),
            "\(positional.stdout)")
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

    /// A uiautomator feed shaped as Xueqiu's: every view has a resource name, and the second row has no read count,
    /// so its title is the 2nd TextView where the first row's is the 3rd.
    static func xueqiu() -> String {
        func node(_ index: Int, _ cls: String, _ id: String, _ text: String, _ bounds: String, _ inner: String = "")
            -> String
        {
            let open =
                #"<node index="\#(index)" text="\#(text)" resource-id="\#(id.isEmpty ? "" : "com.xueqiu.android:id/" + id)" class="android.\#(cls)" package="com.xueqiu.android" content-desc="" checkable="false" checked="false" clickable="\#(cls.hasSuffix("LinearLayout"))" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="\#(bounds)""#
            return inner.isEmpty ? open + " />" : open + ">" + inner + "</node>"
        }
        let first = node(
            0, "widget.LinearLayout", "", "", "[0,200][1080,500]",
            node(0, "widget.TextView", "user_name", "雪球用户", "[40,220][500,260]")
                + node(1, "widget.TextView", "read_count", "3309万阅读", "[600,220][1000,260]")
                + node(2, "widget.TextView", "topic_title", "标题一", "[40,300][1000,360]"))
        let second = node(
            1, "widget.LinearLayout", "", "", "[0,500][1080,800]",
            node(0, "widget.TextView", "user_name", "另一用户", "[40,520][500,560]")
                + node(1, "widget.TextView", "topic_title", "标题二", "[40,600][1000,660]"))
        let list = node(0, "x.recyclerview.widget.RecyclerView", "feed_list", "", "[0,200][1080,2200]", first + second)
        return #"<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">"#
            + node(0, "widget.FrameLayout", "", "", "[0,0][1080,2400]", list) + "</hierarchy>"
    }

    @Test(
        "rows laid out differently: the field by identity is ok, the position that reads two fields is mixed, a missing one is absent"
    )
    func sourcesByIdentity() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let file = try CLI.write(Self.xueqiu(), to: "feed.xml", in: folder)
        for (keyPath, keyName) in [
            ("views[#topic_title].text", "title"), ("subviews[1].text", "second"), ("views[#read_count].text", "reads"),
        ] {
            let added = try CLI.run(
                [
                    "config", "add", file, "--node", "3", "--event", "ListItemClick", "--key-path", keyPath,
                    "--key-name", keyName, "--path", "FrameLayout[0]/RecyclerView[0]/LinearLayout[0:*]", "--from",
                    "9.0.0",
                ], in: folder)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let checked = try CLI.run(["validate", file, "--json"], in: folder)
        let results = try #require(try CLI.objects(checked).first?["configs"] as? [[String: Any]], "\(checked.stdout)")
        let byKey = Dictionary(uniqueKeysWithValues: results.map { ($0["keyName"] as? String ?? "", $0) })
        // Before: mixed, "the 3rd TextView in the row, the 2nd TextView in the row".
        #expect(byKey["title"]?["status"] as? String == "ok", "\(byKey["title"] ?? [:])")
        #expect(byKey["title"]?["reason"] == nil, "\(byKey["title"] ?? [:])")
        // Before: ok (the 2nd TextView of each row), though it reads the read count on one and the title on the other.
        #expect(byKey["second"]?["status"] as? String == "mixed", "\(byKey["second"] ?? [:])")
        #expect(
            (byKey["second"]?["reason"] as? String)?.contains(
                "the text of 1 × the TextView #read_count, 1 × the TextView #topic_title") == true,
            "\(byKey["second"] ?? [:])")
        // Before: mixed, "1 × a text, 1 × nothing".
        #expect(byKey["reads"]?["status"] as? String == "ok", "\(byKey["reads"] ?? [:])")
        #expect(
            (byKey["reads"]?["reason"] as? String)?.contains("absent on 1 of 2 rows") == true,
            "\(byKey["reads"] ?? [:])")
        #expect(checked.status == 1, "only the mixed one fails: \(checked.stdout)")
    }
}
