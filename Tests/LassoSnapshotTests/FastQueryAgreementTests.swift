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

@Suite("The first match of a search, found without counting")
struct FirstMatchTests {
    @Test("the first match at or after each view is the counted search's", arguments: FastQueryAgreementTests.samples)
    func firstMatchAgrees(sample: String) throws {
        let table = try FastQueryAgreementTests.table(sample)
        let index = TextIndex(table.snapshot)
        for query in ["加入", "UIButton", "label", "¥", "a", "Cell", "view", "SETTINGS", "zzz", "0", "/uiview[0]"] {
            let all = SearchIndex.matches(of: query, in: table, texts: index)
            for origin in table.snapshot.indices {
                let expected = all.first { Int($0) >= origin } ?? all.first
                #expect(
                    SearchIndex.firstMatch(of: query, in: table, from: origin, texts: index) == expected,
                    "\(sample): \(query) from \(origin)")
            }
        }
    }

    @Test("a scan cut into parts finds what one pass finds")
    func partsAgree() throws {
        // More views than one part, so that the scan is cut: every view's text holds "row", every seventh "seven".
        var views: [String] = []
        for index in 0..<(TextIndex.partSize * 2 + 17) {
            views.append(#"{"class": "UILabel", "text": "row \#(index)\#(index % 7 == 0 ? " seven" : "")"}"#)
        }
        let text =
            #"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow", "children": ["#
            + views.joined(separator: ",") + "]}}"
        let table = PathTable(try SnapshotLoader.load(bytes: Array(text.utf8), file: "parts.json"))
        let index = TextIndex(table.snapshot)
        let sevens = table.snapshot.indices.filter { $0 > 0 && ($0 - 1) % 7 == 0 }.map(Int32.init)
        #expect(index.views(containing: "seven") == sevens)
        #expect(index.views(containing: "row").count == table.snapshot.count - 1)
        let candidates = Array(Int32(1)..<Int32(table.snapshot.count))
        #expect(index.views(containing: "seven", among: candidates) == sevens)
        #expect(
            SearchIndex.matches(of: "SEVEN", in: table, texts: index) == SearchIndex.matches(of: "seven", in: table))
    }
}
