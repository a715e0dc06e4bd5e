import LassoSnapshot
import Testing
import _LassoTestSupport

@Suite("KVC key paths (docs/config-format.md)")
struct KeyPathTests {
    static let screen = #"""
        {"class": "UIWindow", "children": [
          {"class": "ProductCell", "superclasses": ["UITableViewCell"], "indexPath": [2, 7], "frame": [0, 10, 390, 80],
           "properties": {"model": {"productId": "P1002", "price": 199, "coupon": null,
             "items": [{"sku": "A", "qty": 2, "price": 10.5}, {"sku": "B", "qty": 1, "price": 3}, {"sku": "A", "qty": 4}],
             "tags": ["new", "hot", "new"]}, "tag": 3},
           "state": {"selected": true},
           "children": [{"class": "UITableViewCellContentView", "children": [
              {"class": "UIButton", "title": "加入购物车", "accessibilityIdentifier": "cart"},
              {"class": "UILabel", "text": "label text", "properties": {"text": "from properties"}}]}]},
          {"class": "UITextField", "text": "hunter2"},
          {"class": "UISearchBar", "children": [{"class": "UISearchBarTextField", "superclasses": ["UITextField"], "text": "耳机"}]}]}
        """#

    func value(_ keyPath: String, on text: String? = nil, node: Int = 1) throws -> JSONValue? {
        let snapshot = try SnapshotFixtures.snapshot(root: Self.screen)
        let target = text.map { SnapshotFixtures.node($0, in: snapshot) } ?? node
        return KeyPathEvaluator(snapshot).evaluate(keyPath, on: target).value
    }

    @Test(
        "dotted keys read nested properties",
        arguments: [
            ("model.productId", JSONValue.string("P1002")),
            ("model.price", .number("199")),
            ("tag", .number("3")),
        ])
    func dotted(keyPath: String, expected: JSONValue) throws {
        #expect(try value(keyPath) == expected)
    }

    @Test(
        "a missing key, or a key below null, gives nothing",
        arguments: ["model.nope", "nope", "model.coupon.id", "model.productId.more", "", "model..price"])
    func missing(keyPath: String) throws {
        #expect(try value(keyPath) == nil)
    }

    @Test("a key on an array gives the array of each element's value")
    func arrayMapping() throws {
        #expect(try value("model.items.sku") == .array([.string("A"), .string("B"), .string("A")]))
        #expect(try value("model.items.price") == .array([.number("10.5"), .number("3"), .null]))
    }

    @Test(
        "collection operators",
        arguments: [
            ("model.items.@count", JSONValue.number("3")),
            ("model.items.@sum.qty", .number("7")),
            ("model.items.@avg.qty", .number("2.3333333333333335")),
            ("model.items.@max.qty", .number("4")),
            ("model.items.@min.price", .number("3")),
            ("model.items.@distinctUnionOfObjects.sku", .array([.string("A"), .string("B")])),
            ("model.items.@unionOfObjects.sku", .array([.string("A"), .string("B"), .string("A")])),
            ("model.tags.@count", .number("3")),
            ("model.tags.@max", .string("new")),
            ("model.@count", nil),
            ("model.items.@bogus.qty", nil),
        ])
    func operators(keyPath: String, expected: JSONValue?) throws {
        #expect(try value(keyPath) == expected)
    }

    @Test("superview and subviews walk the tree: a button reaches its cell's model")
    func superviewWalk() throws {
        #expect(try value("superview.superview.model.productId", on: "加入购物车") == .string("P1002"))
        #expect(try value("subviews.@count") == .number("1"))
        #expect(try value("subviews.subviews.accessibilityIdentifier") == .array([.array([.string("cart"), .null])]))
    }

    @Test(
        "standard fields come after properties",
        arguments: [
            ("title", "加入购物车", JSONValue.string("加入购物车")),
            ("accessibilityIdentifier", "加入购物车", .string("cart")),
            ("hidden", "加入购物车", .bool(false)),
            ("alpha", "加入购物车", .number("1")),
            ("superview.superview.indexPath.row", "加入购物车", .number("7")),
            (
                "superview.superview.frame", "加入购物车",
                .array([.number("0"), .number("10"), .number("390"), .number("80")])
            ),
            ("superview.superview.selected", "加入购物车", .bool(true)),
            ("superview.superview.state.selected", "加入购物车", .bool(true)),
            ("text", "label text", .string("from properties")),
        ])
    func standardFields(keyPath: String, on text: String, expected: JSONValue) throws {
        #expect(try value(keyPath, on: text) == expected)
    }

    @Test("reading a text field's text is flagged; a search field's is not")
    func privateText() throws {
        let snapshot = try SnapshotFixtures.snapshot(root: Self.screen)
        let evaluator = KeyPathEvaluator(snapshot)
        let field = SnapshotFixtures.node("hunter2", in: snapshot)
        #expect(evaluator.evaluate("text", on: field).readsPrivateText)
        #expect(evaluator.evaluate("superview.subviews.text", on: 1).readsPrivateText)
        #expect(!evaluator.evaluate("text", on: SnapshotFixtures.node("耳机", in: snapshot)).readsPrivateText)
        #expect(!evaluator.evaluate("model.productId", on: 1).readsPrivateText)
    }
}
