import LassoSnapshot
import Testing
import _LassoTestSupport

/// Random screens of controllers, views, tables of cells, segmented controls and section headers: in the Sensors,
/// legacy selector and GrowingIO dialects every view's written path reads back, selects that view, and its any-row
/// form selects every view the one-row form does and the view itself.
@Suite("SDK dialects round-trip on random trees")
struct DialectDifferentialTests {
    static let kinds: [(String, String)] = [
        ("UIView", #"["UIResponder"]"#), ("UILabel", #"["UIView"]"#), ("UIButton", #"["UIControl", "UIView"]"#),
        ("ShopKit.BadgeView", #"["UIView"]"#), ("_TtC7ShopKit9PriceView", #"["UILabel", "UIView"]"#),
    ]
    static let controllers = ["UIViewController", "ShopKit.HomeViewController", "DetailViewController"]

    struct Builder {
        var random: SeededGenerator
        var budget = 60

        mutating func pick<T>(_ list: [T]) -> T { list[Int.random(in: 0..<list.count, using: &random)] }
        mutating func chance(_ one: Int) -> Bool { Int.random(in: 0..<one, using: &random) == 0 }

        mutating func view(depth: Int) -> String {
            budget -= 1
            if depth < 5 && chance(6) { return table(depth: depth) }
            if chance(12) { return segmented() }
            let (name, supers) = pick(DialectDifferentialTests.kinds)
            var fields = [#""class": "\#(name)""#, #""superclasses": \#(supers)"#]
            if chance(2) { fields.append(#""text": "t\#(Int.random(in: 0..<3, using: &random))""#) }
            if name == "UIButton" && chance(2) { fields.append(#""ivar": "_button\#(budget)""#) }
            if depth > 1 && chance(5) {
                fields.append(
                    #""viewController": {"class": "\#(pick(DialectDifferentialTests.controllers))", "superclasses": ["UIViewController"]}"#
                )
            }
            fields.append(#""children": [\#(children(depth: depth).joined(separator: ", "))]"#)
            return "{" + fields.joined(separator: ", ") + "}"
        }

        mutating func children(depth: Int) -> [String] {
            guard depth < 5 else { return [] }
            var result: [String] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) where budget > 0 {
                result.append(view(depth: depth + 1))
            }
            return result
        }

        mutating func table(depth: Int) -> String {
            var rows: [String] = []
            let sections = Int.random(in: 1...2, using: &random)
            for section in 0..<sections {
                if chance(2) {
                    rows.append(
                        #"{"class": "UITableViewHeaderFooterView", "role": "sectionHeader", "section": \#(section), "superclasses": ["UIView"], "children": [{"class": "UILabel", "superclasses": ["UIView"]}]}"#
                    )
                }
                for row in 0..<Int.random(in: 1...3, using: &random) {
                    budget -= 1
                    rows.append(
                        #"{"class": "ShopKit.ProductCell", "indexPath": [\#(section), \#(row)], "superclasses": ["UITableViewCell", "UIView"], "children": [{"class": "UITableViewCellContentView", "superclasses": ["UIView"], "children": [\#(children(depth: depth + 2).joined(separator: ", "))]}]}"#
                    )
                }
            }
            return
                #"{"class": "UITableView", "superclasses": ["UIScrollView", "UIView"], "children": [\#(rows.joined(separator: ", "))]}"#
        }

        mutating func segmented() -> String {
            let count = Int.random(in: 2...3, using: &random)
            let segments = (0..<count).map {
                #"{"class": "UISegment", "frame": [\#(($0 * 7) % count * 50), 0, 50, 30], "superclasses": ["UIImageView", "UIView"]}"#
            }
            return
                #"{"class": "UISegmentedControl", "state": {"selectedSegmentIndex": \#(count - 1)}, "superclasses": ["UIControl", "UIView"], "children": [\#(segments.joined(separator: ", "))]}"#
        }
    }

    static func screen(seed: UInt64) -> String {
        var builder = Builder(random: SeededGenerator(state: seed))
        let content = builder.children(depth: 1).joined(separator: ", ")
        return #"""
            {"class": "UIWindow", "children": [
              {"class": "UILayoutContainerView", "viewController": {"class": "UINavigationController", "superclasses": ["UIViewController"]}, "children": [
                {"class": "UIView", "viewController": {"class": "RootViewController", "superclasses": ["UIViewController"]}, "children": [\#(content)]}]}]}
            """#
    }

    @Test(
        "every view's path reads back and selects it; its any-row path selects at least as much",
        arguments: [SDKProfile.sensors, .sensorsSelector, .growingio, .sensorsAndroid], 0..<40)
    func roundTrips(profile: SDKProfile, seed: Int) throws {
        let snapshot = try SnapshotFixtures.snapshot(root: Self.screen(seed: UInt64(seed)))
        let dialect = profile.dialect(for: snapshot)
        for node in snapshot.indices {
            guard let location = dialect.location(of: node) else {
                // Android paths start below the window's decor view, which has none of its own.
                #expect(profile == .sensorsAndroid && node == 0, "\(profile) seed \(seed): no path for #\(node)")
                continue
            }
            let one = dialect.select(try profile.read(location.path))
            #expect(one.contains(node), "\(profile) seed \(seed) #\(node) \(location.path)")
            if let anyRow = dialect.anyRowLocation(of: node) {
                let rows = dialect.select(try profile.read(anyRow.path))
                #expect(Set(one).isSubset(of: rows), "\(profile) seed \(seed) #\(node) \(anyRow.path)")
                #expect(anyRow.path != location.path)
            }
        }
    }
}
