import Foundation
import LassoSnapshot
import Testing
import _LassoTestSupport

@Suite("The matcher agrees with comparing whole paths")
struct MatcherAgreementTests {
    /// The views a pattern matches, found the slow way: every view's whole path compared.
    static func bruteForce(_ pattern: ViewPath, _ table: PathTable) -> [Int] {
        bruteForce(pattern, table.snapshot.indices.map(table.path(of:)))
    }

    static func bruteForce(_ pattern: ViewPath, _ paths: [ViewPath]) -> [Int] {
        paths.indices.filter { pattern.matches(paths[$0]) }
    }

    @Test(
        "every view's exact path, and with * at each position, finds the same views",
        arguments: SnapshotFixtures.samples)
    func agreesOnSamples(name: String) throws {
        let table = try SnapshotFixtures.sample(name)
        let matcher = PathMatcher(table)
        let paths = table.snapshot.indices.map(table.path(of:))
        for node in table.snapshot.indices {
            let exact = table.path(of: node)
            #expect(matcher.matches(exact) == Self.bruteForce(exact, paths), "\(name) #\(node)")
            for position in exact.segments.indices {
                var wild = exact
                switch wild.segments[position].index {
                case .position: wild.segments[position].index = .position(nil)
                case .cell(let section, _): wild.segments[position].index = .cell(section: section, row: nil)
                }
                #expect(matcher.matches(wild) == Self.bruteForce(wild, paths), "\(name) #\(node) * at \(position)")
            }
        }
    }

    @Test("skipped wrappers and a deep chain with many leaves agree too")
    func deepChainWithLeaves() throws {
        var children = ""
        for row in 0..<40 { children += (row == 0 ? "" : ",") + #"{"class": "UILabel", "text": "\#(row)"}"# }
        var chain = #"{"class": "UIView", "children": [\#(children)]}"#
        for level in 0..<300 {
            let name = level % 7 == 3 ? "UITableViewWrapperView" : "UIView"
            chain = #"{"class": "\#(name)", "children": [\#(chain)]}"#
        }
        let table = try SnapshotFixtures.table(
            root:
                #"{"class": "UIWindow", "children": [{"class": "UIView", "viewController": {"class": "DeepVC"}, "children": [\#(chain)]}]}"#
        )
        let matcher = PathMatcher(table)
        let leaf = SnapshotFixtures.node("17", in: table.snapshot)
        var pattern = table.path(of: leaf)
        #expect(matcher.matches(pattern) == [leaf])
        pattern.segments[pattern.segments.count - 1].index = .position(nil)
        let all = Self.bruteForce(pattern, table)
        #expect(all.count == 40)
        #expect(matcher.matches(pattern) == all)
        pattern.segments[pattern.segments.count - 5].index = .position(3)
        #expect(matcher.matches(pattern).isEmpty)
        #expect(Self.bruteForce(pattern, table).isEmpty)
    }
}
