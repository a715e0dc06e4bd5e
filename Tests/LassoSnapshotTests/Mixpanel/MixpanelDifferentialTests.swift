import LassoSnapshot
import Testing
import _LassoTestSupport

/// Random screens of controllers, views and cells: every view's written selector selects it forward and backward,
/// backward accepts nothing forward misses, and an index-free "any row" selector selects the whole list's rows.
@Suite("Mixpanel selectors round-trip on random trees")
struct MixpanelDifferentialTests {
    typealias Seeded = SeededGenerator

    static let kinds: [(String, String)] = [
        ("UIView", #"["UIResponder", "NSObject"]"#),
        ("UILabel", #"["UIView", "UIResponder", "NSObject"]"#),
        ("UIButton", #"["UIControl", "UIView", "UIResponder", "NSObject"]"#),
        ("ShopKit.ProductCell", #"["UITableViewCell", "UIView", "UIResponder", "NSObject"]"#),
        ("UITableViewCell", #"["UIView", "UIResponder", "NSObject"]"#),
        ("_TtC7ShopKit9BadgeView", #"["UILabel", "UIView", "UIResponder", "NSObject"]"#),
    ]
    static let controllers = ["UIViewController", "ShopKit.HomeViewController", "UINavigationController"]

    static func view(depth: Int, random: inout Seeded, budget: inout Int) -> String {
        budget -= 1
        let (name, supers) = kinds[Int.random(in: 0..<kinds.count, using: &random)]
        var fields = [#""class": "\#(name)""#, #""superclasses": \#(supers)"#]
        fields.append(#""frame": [0, \#(Int.random(in: 0..<5, using: &random) * 40), 100, 40]"#)
        if Bool.random(using: &random) { fields.append(#""text": "t\#(Int.random(in: 0..<3, using: &random))""#) }
        if depth > 0 && Int.random(in: 0..<4, using: &random) == 0 {
            let controller = controllers[Int.random(in: 0..<controllers.count, using: &random)]
            fields.append(#""viewController": {"class": "\#(controller)", "superclasses": ["UIViewController"]}"#)
        }
        var children: [String] = []
        if depth < 5 {
            for _ in 0..<Int.random(in: 0...3, using: &random) where budget > 0 {
                children.append(view(depth: depth + 1, random: &random, budget: &budget))
            }
        }
        fields.append(#""children": [\#(children.joined(separator: ", "))]"#)
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func screen(seed: UInt64) -> String {
        var random = Seeded(state: seed)
        var budget = 40
        let root = view(depth: 1, random: &random, budget: &budget)
        // The window's root controller holds the random tree.
        let rootView =
            #"{"class": "UIView", "viewController": {"class": "RootViewController", "superclasses": ["UIViewController"]}, "children": [\#(root)]}"#
        return #"{"class": "UIWindow", "children": [\#(rootView)]}"#
    }

    @Test("every view's selector selects it and is selected backwards from it", arguments: 0..<60)
    func roundTrips(seed: Int) throws {
        let snapshot = try SnapshotFixtures.snapshot(root: Self.screen(seed: UInt64(seed)))
        let d = MixpanelDialect(snapshot)
        let root = try #require(d.tree.defaultRoot)
        var written = 0
        for node in snapshot.indices {
            guard let location = d.location(of: node) else {
                #expect(node == 0, "seed \(seed): only the window has no selector, not #\(node)")
                continue
            }
            written += 1
            let selector = try MixpanelSelector.parse(location.path)
            let selected = selector.select(from: root, in: d.tree)
            #expect(MixpanelDialect.nodes(selected).contains(node), "seed \(seed) #\(node) \(location.path)")
            #expect(
                selector.isLeafSelected(.view(node), from: root, in: d.tree), "seed \(seed) #\(node) \(location.path)")
            // Backward never accepts a view forward misses; forward may keep more (an index past a parent's end
            // keeps all its children there, OS L256).
            let forward = Set(selected.filter(\.isView).map(\.node))
            let backward = snapshot.indices.filter { selector.isLeafSelected(.view($0), from: root, in: d.tree) }
            #expect(backward.allSatisfy(forward.contains), "seed \(seed) #\(node) \(location.path)")
            if let anyRow = d.anyRowLocation(of: node) {
                let rows = try MixpanelSelector.parse(anyRow.path).select(from: root, in: d.tree)
                #expect(rows.count >= selected.count, "seed \(seed) #\(node) \(anyRow.path)")
                #expect(MixpanelDialect.nodes(rows).contains(node))
            }
        }
        #expect(written == snapshot.count - 1)
    }
}
