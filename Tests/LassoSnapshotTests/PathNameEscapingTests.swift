import Testing
import _LassoTestSupport

@testable import LassoSnapshot

/// A name of plain ASCII is given back from a look at its bytes; every name escapes as the scalar-by-scalar reading does.
@Suite("Path names escaped")
struct PathNameEscapingTests {
    @Test("20,000 random names, ASCII and not, with and without extra characters: the byte check changes nothing")
    func sameAsScalarByScalar() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = [
            "UIView", "a", "Z", "0", "_", "$", ".", "-", " ", "/", "[", "]", "(", ")", "&", "@", "%", "*", ":", "~",
            "\t", "\n", "\u{7F}", "\u{85}", "\u{A0}", "\u{3000}", "é", "购", "😀", "\u{301}", "\u{2028}", "\u{0}",
        ]
        let extras: [Set<Unicode.Scalar>] = [[], ["*"], [":", "-"], ["~", "é"]]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...8, using: &generator)
            let name = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let extra = extras.randomElement(using: &generator)!
            #expect(
                PathNameEscaping.escape(name, alsoEscaping: extra)
                    == PathNameEscaping.escapedByScalars(name, alsoEscaping: extra), "\(name.debugDescription)")
        }
        #expect(PathNameEscaping.escape(" UIView") == "%20UIView")
        #expect(PathNameEscaping.escape("Product Cell") == "Product Cell")
        #expect(PathNameEscaping.escape("a/b") == "a%2Fb")
    }
}

/// The path and viewId a report gives from one walk are the ones `pathText` and `viewId` give alone.
@Suite("Path text and viewId together")
struct PathTextAndViewIdTests {
    @Test("every view of the seed screen, in every notation and hash")
    func sameAsApart() throws {
        for notation in PathNotation.allCases {
            for hash in [PathRules.Hash.md5, .sha256] {
                var rules = PathRules(skipClasses: [])
                rules.notation = notation
                rules.hash = hash
                let table = try SnapshotFixtures.table(root: SnapshotFixtures.seedScreen, profile: rules)
                for node in table.snapshot.indices {
                    let both = table.pathTextAndViewId(of: node)
                    #expect(both.text == table.pathText(of: node), "\(notation) \(node)")
                    #expect(both.viewId == table.viewId(of: node), "\(notation) \(hash) \(node)")
                }
            }
        }
    }
}
