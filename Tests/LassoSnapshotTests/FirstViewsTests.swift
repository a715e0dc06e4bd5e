import Foundation
import Testing

@testable import LassoSnapshot

/// The first views of a big snapshot, read from the start of its file while the rest loads.
@Suite("The first views of a snapshot, shown while the rest loads")
struct FirstViewsTests {
    static let samples = ["shop-home.json", "settings.json", "product-pager.json", "feed-legacy.json"]

    static func bytes(_ sample: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return Array(try Data(contentsOf: root.appendingPathComponent("Snapshots/" + sample)))
    }

    @Test("each first view is the whole snapshot's view; open views end where the reading stopped", arguments: samples)
    func prefixAgrees(sample: String) throws {
        let bytes = try Self.bytes(sample)
        let whole = try SnapshotLoader.load(bytes: bytes, file: sample)
        for views in [1, 2, 5, whole.count / 2, whole.count - 1] where views > 0 {
            let first = try #require(SnapshotLoader.loadFirstViews(bytes: bytes, file: sample, views: views))
            #expect(first.count == views)
            #expect(first.app == whole.app)
            for node in first.indices {
                #expect(first.className(of: node) == whole.className(of: node))
                #expect(first.parent(of: node) == whole.parent(of: node))
                #expect(first.text(of: node) == whole.text(of: node))
                #expect(first.frame(of: node) == whole.frame(of: node))
                #expect(first.subtreeEnd(of: node) == min(whole.subtreeEnd(of: node), views))
            }
        }
        // A snapshot that ends before the limit is not cut: it is loaded whole.
        #expect(SnapshotLoader.loadFirstViews(bytes: bytes, file: sample, views: whole.count) == nil)
    }

    @Test("the start of a file, cut anywhere, gives the views read whole or nothing; never a fault")
    func cutAnywhere() throws {
        let bytes = try Self.bytes("shop-home.json")
        let whole = try SnapshotLoader.load(bytes: bytes, file: "shop-home.json")
        for end in stride(from: 0, to: bytes.count, by: 97) {
            guard let first = SnapshotLoader.loadFirstViews(bytes: Array(bytes[..<end]), file: "cut", views: 8) else {
                continue
            }
            #expect(first.count == 8)
            for node in first.indices { #expect(first.className(of: node) == whole.className(of: node)) }
        }
    }

    @Test("a view still open without its class, or a document without its format first, is not cut")
    func notShownAlone() {
        let classLast =
            #"{"format": "lasso.snapshot/1", "root": {"children": [{"class": "A"}, {"class": "B"}], "class": "W"}}"#
        #expect(SnapshotLoader.loadFirstViews(bytes: Array(classLast.utf8), file: "x", views: 2) == nil)
        let formatLast =
            #"{"root": {"class": "W", "children": [{"class": "A"}, {"class": "B"}]}, "format": "lasso.snapshot/1"}"#
        #expect(SnapshotLoader.loadFirstViews(bytes: Array(formatLast.utf8), file: "x", views: 2) == nil)
        let fine =
            #"{"format": "lasso.snapshot/1", "root": {"class": "W", "children": [{"class": "A"}, {"class": "B"}]}}"#
        #expect(SnapshotLoader.loadFirstViews(bytes: Array(fine.utf8), file: "x", views: 2)?.count == 2)
    }
}
