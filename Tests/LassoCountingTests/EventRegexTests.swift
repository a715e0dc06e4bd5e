import Foundation
import LassoCounting
import LassoSnapshot
import Testing

@Suite("The regex of an event definition's location, and the compiled matcher that agrees with it")
struct EventRegexTests {
    func path(_ text: String) throws -> ViewPath { try PathNotation.parse(text) }

    func regexMatches(_ pattern: String, _ text: String) throws -> Bool {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test("anchored; [*] is one or more digits; cells keep their literal halves")
    func shapes() throws {
        #expect(
            EventRegex.pattern(for: try path("Home[0]/Bar[0]/Entrance[*]"))
                == #"^Home\[0\]/Bar\[0\]/Entrance\[[0-9]+\]$"#)
        #expect(EventRegex.pattern(for: try path("List[0]/Cell[0:*]")) == #"^List\[0\]/Cell\[0:[0-9]+\]$"#)
        #expect(EventRegex.pattern(for: try path("List[0]/Cell[*:*]")) == #"^List\[0\]/Cell\[[0-9]+:[0-9]+\]$"#)
        #expect(EventRegex.pattern(for: try path("List[0]/Cell[2:7]")) == #"^List\[0\]/Cell\[2:7\]$"#)
        #expect(EventRegex.pattern(for: try path("Shop@hot[0]/A[1]")) == #"^Shop@hot\[0\]/A\[1\]$"#)
    }

    /// Class names holding every character a regex gives a meaning to, and CJK.
    static let hostileNames = [
        "A.B", "Price$", "ListCell<(Int, String)>", "a+b", "x*y", "q?", "c^d", "p|q", "br{2}", "back\\slash",
        "热门推荐View", "Under_score%", "Dollar$$", "Brackets]", "Open[",
    ]

    @Test("regex metacharacters and CJK in class names match only themselves", arguments: hostileNames)
    func hostile(name: String) throws {
        let location = ViewPath([
            PathSegment(name: "Page", index: .position(0)), PathSegment(name: name, index: .any),
            PathSegment(name: name, index: .cell(section: 1, row: nil)),
        ])
        let pattern = EventRegex.pattern(for: location)
        let matcher = EventPathPattern(location)
        let concrete = ViewPath([
            PathSegment(name: "Page", index: .position(0)), PathSegment(name: name, index: .position(12)),
            PathSegment(name: name, index: .cell(section: 1, row: 30)),
        ])
        let text = PathNotation.lasso.write(concrete)
        #expect(try regexMatches(pattern, text))
        #expect(matcher.matches(text))
        // A near miss: the name with its first character replaced by one a metacharacter would also accept.
        let other = "Z" + String(name.dropFirst())
        let missText = text.replacingOccurrences(
            of: PathNotation.lasso.write(ViewPath([concrete.segments[1]])),
            with: PathNotation.lasso.write(ViewPath([PathSegment(name: other, index: .position(12))])))
        #expect(try !regexMatches(pattern, missText))
        #expect(!matcher.matches(missText))
    }

    @Test("near misses: other index, longer path, section differs, no digits, extra text")
    func misses() throws {
        let location = try path("P[0]/Cell[0:*]/B[*]")
        let pattern = EventRegex.pattern(for: location)
        let matcher = EventPathPattern(location)
        for (text, expected) in [
            ("P[0]/Cell[0:2]/B[3]", true), ("P[0]/Cell[0:12]/B[345]", true), ("P[0]/Cell[1:2]/B[3]", false),
            ("P[0]/Cell[0:]/B[3]", false), ("P[0]/Cell[0:2]/B[3]/C[0]", false), ("xP[0]/Cell[0:2]/B[3]", false),
            ("P[0]/Cell[0:2]/B[3]x", false), ("P[1]/Cell[0:2]/B[3]", false), ("P[0]/Cell[0:2]/B[a]", false),
            ("", false),
        ] {
            #expect(try regexMatches(pattern, text) == expected, "\(text)")
            #expect(matcher.matches(text) == expected, "\(text)")
        }
        // `$` of ICU, Java and Python also matches before a last newline, RE2's and PostgreSQL's do not; a path never
        // ends in one (control characters are written %0A), and the matcher refuses it as RE2 does.
        #expect(!matcher.matches("P[0]/Cell[0:2]/B[3]\n"))
    }
}
