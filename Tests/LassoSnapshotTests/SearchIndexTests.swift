import LassoSnapshot
import Testing
import _LassoTestSupport

/// What the terminal UI's search finds: class names, the texts a view shows, and paths when the query looks like one.
@Suite("Search")
struct SearchIndexTests {
    func table() throws -> PathTable { try SnapshotFixtures.table(root: SnapshotFixtures.matchingScreen) }

    func classes(_ found: [Int32], in table: PathTable) -> [String] {
        found.map { table.snapshot.className(of: Int($0)) }
    }

    @Test("a class name, ignoring case")
    func className() throws {
        let table = try table()
        #expect(
            classes(SearchIndex.matches(of: "productcell", in: table), in: table) == ["ProductCell", "ProductCell"])
        #expect(
            classes(SearchIndex.matches(of: "BUTTONBAR", in: table), in: table) == [
                "_UIButtonBarButton", "_UIButtonBarButton",
            ])
    }

    @Test("the texts a view shows, as --find reads them")
    func texts() throws {
        let table = try table()
        // 加入购物车 and 已加入.
        let found = SearchIndex.matches(of: "加入", in: table)
        #expect(classes(found, in: table) == ["UIButton", "UIButton"])
        #expect(found.map(Int.init) == NodeQuery.find("加入", in: table.snapshot))
        #expect(classes(SearchIndex.matches(of: "MESSAGES", in: table), in: table) == ["_UIButtonBarButton"])
    }

    @Test("paths only when the query has / or [: a page name alone finds no view")
    func paths() throws {
        let table = try table()
        #expect(SearchIndex.matches(of: "homeviewcontroller", in: table).isEmpty)
        #expect(SearchIndex.matches(of: "HomeViewController[0]", in: table).count == table.snapshot.count - 1)
        let cell = SearchIndex.matches(of: "ProductCell[0:1]", in: table)
        #expect(classes(cell, in: table) == ["ProductCell", "UIButton"])
    }

    @Test("a query nothing contains finds nothing")
    func nothing() throws {
        #expect(SearchIndex.matches(of: "zzz", in: try table()).isEmpty)
    }
}
