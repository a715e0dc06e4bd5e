import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI
import _LassoTestSupport

/// States built on small inline snapshots, at pinned sizes, for reducer and render tests.
enum TUIFixtures {
    static let screen = #"""
        {"format": "lasso.snapshot/1", "app": {"key": "shop-ios", "version": "5.3.0"}, "screen": {"width": 390, "height": 844},
         "root": {"class": "UIWindow", "frame": [0, 0, 390, 844], "children": [
          {"class": "UIView", "frame": [0, 0, 390, 844], "viewController": {"class": "HomeViewController", "title": "首页"}, "children": [
            {"class": "UILabel", "frame": [16, 60, 200, 30], "text": "商品列表"},
            {"class": "UITableView", "frame": [0, 100, 390, 700], "children": [
              {"class": "ShopKit.ProductCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 0], "frame": [0, 0, 390, 100],
               "properties": {"model": {"productId": "P1001", "price": 99}}, "children": [
                {"class": "UIButton", "superclasses": ["UIControl", "UIView"], "frame": [290, 30, 80, 30], "title": "加入购物车", "actions": ["addToCart:"]}]},
              {"class": "ShopKit.ProductCell", "superclasses": ["UITableViewCell", "UIView"], "indexPath": [0, 1], "frame": [0, 100, 390, 100],
               "properties": {"model": {"productId": "P1002", "price": 199}}, "children": [
                {"class": "UIButton", "superclasses": ["UIControl", "UIView"], "frame": [290, 30, 80, 30], "title": "加入购物车", "actions": ["addToCart:"]}]}]},
            {"class": "UITextField", "frame": [16, 810, 200, 30], "text": "secret"},
            {"class": "UIView", "hidden": true, "text": "hidden one"}]}]}}
        """#

    /// A plan with changes to send, as a push service's reply carries it.
    static let plan = PushPlan(steps: [], serverOnly: ["c0ffee00"])

    static func folder() -> String {
        let path = TestRunFolder.fresh("lasso-tui-")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func state(_ text: String = screen, width: Int = 100, height: Int = 30, configs: String = folder()) throws
        -> AppState
    {
        let snapshot = try SnapshotLoader.load(bytes: Array(text.utf8), file: "tui.json")
        var state = AppState(
            table: PathTable(snapshot), settings: ProjectSettings(), configsFolder: configs,
            size: Size(width: width, height: height))
        state.run(state.startEffects)
        return state
    }

    /// The node whose title or text is `text`.
    static func node(_ text: String, in state: AppState) -> Int {
        state.snapshot.indices.first { state.snapshot.title(of: $0) == text || state.snapshot.text(of: $0) == text }!
    }
}

extension AppState {
    /// Sends keys as a person types them; the configs folder's effects are done at once, as the real loop does,
    /// and the others (network, terminal) are returned.
    @discardableResult
    mutating func type(_ keys: Key...) -> [Effect] {
        var pending: [Effect] = []
        for key in keys { pending += run(handle(.key(key))) }
        return pending
    }

    mutating func typeText(_ text: String) { for character in text { run(handle(.key(.char(character)))) } }

    /// Searches as a person does: `/`, the query, Enter.
    mutating func search(_ query: String) {
        type(.char("/"))
        typeText(query)
        type(.enter)
    }

    /// Does the configs folder's effects through the real runner on the state's folder; returns the rest.
    @discardableResult
    mutating func run(_ effects: [Effect]) -> [Effect] {
        let runner = EffectRunner(
            documents: ConfigsFolder(root: configsFolder), push: NoPushService())
        var queue = effects
        var rest: [Effect] = []
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            if let outcome = runner.performOnDisk(effect) { queue += reduce(outcome) } else { rest.append(effect) }
        }
        return rest
    }

    var screenText: String { Renderer.render(self).text }

    /// The rows of one pane as drawn, borders included.
    func lines(in area: Layout.Area) -> [String] {
        let grid = Renderer.render(self)
        return (area.y..<(area.y + area.height)).map { row in
            var line = ""
            for column in area.x..<(area.x + area.width) where grid[column, row].width > 0 {
                line += grid[column, row].text
            }
            return line
        }
    }
}

/// A push service for tests that never push: it says so.
struct NoPushService: PushService {
    func plan(appKey: String?, prune: Bool) async throws -> PushReply { throw EffectFailure("no server in this test") }
    func send(_ plan: PushPlan, appKey: String?) async throws -> PushReply {
        throw EffectFailure("no server in this test")
    }
}
