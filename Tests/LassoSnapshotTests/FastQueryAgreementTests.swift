import Foundation
import Testing

@testable import LassoSnapshot

/// The fast search and interactive-view paths (used by the terminal UI on huge snapshots) give exactly what the
/// plain definitions give, on every sample screen.
@Suite("Fast search and filter agree with their definitions")
struct FastQueryAgreementTests {
    static let samples = [
        "shop-home.json", "settings.json", "product-pager.json", "checkout-alert.json", "feed-legacy.json",
    ]

    static func table(_ sample: String) throws -> PathTable {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return PathTable(try SnapshotLoader.load(path: root.appendingPathComponent("Snapshots/" + sample).path))
    }

    @Test("search with the text index finds what the plain search finds", arguments: samples)
    func searchAgrees(sample: String) throws {
        let table = try Self.table(sample)
        let index = TextIndex(table.snapshot)
        for query in ["加入", "UIButton", "label", "¥", "a", "Cell", "view", "确认", "SETTINGS", "zzz", "0"] {
            let plain = SearchIndex.matches(of: query, in: table)
            #expect(SearchIndex.matches(of: query, in: table, texts: index) == plain, "\(sample): \(query)")
            // Narrowing on the last matches gives the same as a fresh search.
            let longer = query + "e"
            #expect(
                SearchIndex.matches(of: longer, in: table, among: plain, texts: index)
                    == SearchIndex.matches(of: longer, in: table), "\(sample): \(longer)")
        }
    }

    @Test("texts are matched ignoring case, escaped texts and non-ASCII letters included")
    func caseAndEscapes() throws {
        let text = #"""
            {"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "children": [
              {"class": "UILabel", "text": "Ünïcode Straße"}, {"class": "UILabel", "text": "tab\there \u00C9T\u00C9"},
              {"class": "UILabel", "accessibilityLabel": "购物车 CART"}]}}
            """#
        let table = PathTable(try SnapshotLoader.load(bytes: Array(text.utf8), file: "case.json"))
        let index = TextIndex(table.snapshot)
        #expect(SearchIndex.matches(of: "ünï", in: table, texts: index) == [1])
        #expect(SearchIndex.matches(of: "été", in: table, texts: index) == [2])
        #expect(SearchIndex.matches(of: "\there", in: table, texts: index) == [2])
        #expect(SearchIndex.matches(of: "车 cart", in: table, texts: index) == [3])
    }

    @Test("the interactive views are those some interaction applies to", arguments: samples)
    func filterAgrees(sample: String) throws {
        let snapshot = try Self.table(sample).snapshot
        let plain = snapshot.indices.filter { node in
            EventType.interactions.contains { $0.applies(to: node, in: snapshot) }
        }.map(Int32.init)
        #expect(EventType.interactiveViews(in: snapshot) == plain)
        #expect(!plain.isEmpty)
    }
}
