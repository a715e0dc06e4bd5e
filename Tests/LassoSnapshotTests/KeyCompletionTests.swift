import LassoSnapshot
import Testing
import _LassoTestSupport

/// What completing a key path offers at each point: a view's keys, an object's keys, an array's keys and operators.
@Suite("Key path completion")
struct KeyCompletionTests {
    func screen() throws -> (Snapshot, cell: Int, button: Int) {
        let snapshot = try SnapshotFixtures.snapshot(root: SnapshotFixtures.matchingScreen)
        let button = try #require(snapshot.indices.first { snapshot.title(of: $0) == "加入购物车" })
        return (snapshot, try #require(snapshot.parent(of: button)), button)
    }

    @Test("at the start: the view's own keys first, then the standard ones, each once")
    func start() throws {
        let (snapshot, cell, _) = try screen()
        let keys = KeyCompletion.keys(after: "", on: cell, in: snapshot)
        #expect(keys.first == "model")
        #expect(keys.contains("superview"))
        #expect(keys.contains("accessibilityLabel"))
        #expect(Set(keys).count == keys.count)
        #expect(!keys.contains("@count"))
    }

    @Test("after an object: its keys; after superview: the parent view's keys")
    func objectAndSuperview() throws {
        let (snapshot, cell, button) = try screen()
        #expect(KeyCompletion.keys(after: "model", on: cell, in: snapshot) == ["productId"])
        #expect(KeyCompletion.keys(after: "superview", on: button, in: snapshot).first == "model")
        #expect(KeyCompletion.keys(after: "superview.model", on: button, in: snapshot) == ["productId"])
    }

    @Test("after subviews of several views: view keys and the collection operators")
    func subviews() throws {
        let (snapshot, _, _) = try screen()
        let table = try #require(snapshot.indices.first { snapshot.className(of: $0) == "UITableView" })
        let keys = KeyCompletion.keys(after: "subviews", on: table, in: snapshot)
        #expect(keys.contains("model"))
        #expect(keys.contains("@count"))
        #expect(keys.contains("superview"))
    }

    @Test("a base that gives nothing offers nothing")
    func nothing() throws {
        let (snapshot, cell, _) = try screen()
        #expect(KeyCompletion.keys(after: "model.productId", on: cell, in: snapshot).isEmpty)
        #expect(KeyCompletion.keys(after: "nope", on: cell, in: snapshot).isEmpty)
    }
}
