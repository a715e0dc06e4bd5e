import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import Testing

@Suite("A snapshot opened on its first views while the rest loads")
struct FirstViewsStateTests {
    static func shopBytes() throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return Array(try Data(contentsOf: root.appendingPathComponent("Snapshots/shop-home.json")))
    }

    static func loadingState() throws -> (AppState, PathTable) {
        let bytes = try shopBytes()
        let whole = PathTable(try SnapshotLoader.load(bytes: bytes, file: "shop-home.json"))
        let first = try #require(SnapshotLoader.loadFirstViews(bytes: bytes, file: "shop-home.json", views: 12))
        var state = AppState(
            table: PathTable(first), settings: ProjectSettings(), configsFolder: "/nonexistent",
            size: Size(width: 120, height: 40))
        state.loading = SnapshotLoading(bytesRead: 4_000, bytesTotal: 40_000_000)
        return (state, whole)
    }

    @Test("moving and folding work; search and circling wait and say so; the load is asked for at start")
    func whileLoading() throws {
        var (state, _) = try Self.loadingState()
        #expect(state.startEffects.contains(.finishLoading))
        _ = state.type(.char("g"))
        _ = state.type(.char("j"))
        #expect(state.cursor == 1)
        for key in ["c", "/", "L", "f", "C"] {
            _ = state.type(.char(Character(key)))
            #expect(state.overlay == .none, "\(key)")
            #expect(state.status.contains("still loading: search, circling and the lists wait"), "\(key)")
        }
        let header = Renderer.render(state).text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains("loading: the first 12 views of 40 MB shown"))
    }

    @Test("a file that names its app after the first views says the app is not read yet, then names it when loaded")
    func appNamedLate() throws {
        var text = String(decoding: try Self.shopBytes(), as: UTF8.self)
        let app = #"""
              "app": {
                "key": "shop-ios",
                "version": "5.3.0",
                "build": "5301",
                "platform": "ios"
              },

            """#
        let start = try #require(text.range(of: app))
        text.removeSubrange(start)
        // The app after the root, as the file's last member.
        let end = try #require(text.lastIndex(of: "}"))
        text.replaceSubrange(end...end, with: #", "app": {"key": "shop-ios", "version": "5.3.0"}}"#)
        let bytes = Array(text.utf8)
        let whole = PathTable(try SnapshotLoader.load(bytes: bytes, file: "shop-home.json"))
        #expect(whole.snapshot.app.key == "shop-ios")
        let first = try #require(SnapshotLoader.loadFirstViews(bytes: bytes, file: "shop-home.json", views: 12))
        var state = AppState(
            table: PathTable(first), settings: ProjectSettings(), configsFolder: "/nonexistent",
            size: Size(width: 120, height: 40))
        state.loading = SnapshotLoading(bytesRead: 4_000, bytesTotal: 40_000_000)
        func header() -> String { Renderer.render(state).text.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(header().hasPrefix("lasso · loading: the first 12 views"), "\(header())")
        #expect(header().contains(" · app not read yet · "), "\(header())")
        #expect(!header().contains("no app key"), "\(header())")
        _ = state.reduce(.snapshotFinished(.success(WholeSnapshot(whole, texts: TextIndex(whole.snapshot)))))
        #expect(header().hasPrefix("lasso · shop-ios 5.3.0 · "), "\(header())")
    }

    @Test("the whole snapshot takes the place of the first views: cursor and folds kept, everything works")
    func wholeArrives() throws {
        var (state, whole) = try Self.loadingState()
        _ = state.type(.char("g"))
        _ = state.type(.char("j"))
        _ = state.type(.char("j"))
        _ = state.type(.char("h"))
        let cursor = state.cursor
        let folded = state.outline.isFolded(cursor)
        _ = state.reduce(.snapshotFinished(.success(WholeSnapshot(whole, texts: TextIndex(whole.snapshot)))))
        #expect(state.loading == nil)
        // The search index came built with it: the prompt opens without building one.
        #expect(state.textIndex != nil)
        #expect(state.snapshot.count == whole.snapshot.count)
        #expect(state.cursor == cursor)
        #expect(state.outline.isFolded(cursor) == folded)
        #expect(state.status.contains("loaded: all \(whole.snapshot.count) views"))
        _ = state.type(.char("/"))
        state.typeText("加入购物车")
        _ = state.type(.enter)
        #expect(state.status.contains("match 1 of"))
        #expect(state.snapshot.title(of: state.cursor) == "加入购物车")
    }

    @Test("a file not valid further on closes the UI with the reason")
    func loadFails() throws {
        var (state, _) = try Self.loadingState()
        _ = state.reduce(.snapshotFinished(.failure(EffectFailure("big.json:9:3: expected a string"))))
        #expect(state.shouldQuit)
        #expect(state.loadFailure == "big.json:9:3: expected a string")
    }
}
