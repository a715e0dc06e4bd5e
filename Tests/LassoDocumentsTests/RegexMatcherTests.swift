import LassoDocuments
import Testing

@Suite("lasso's regex engine: a lazily built DFA over the portable subset, linear in the value, never backtracking")
struct RegexMatcherTests {
    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        try RegexMatcher(pattern: pattern).matches(text)
    }

    @Test(
        "searches as PostgreSQL's ~ does: anywhere unless anchored, . takes a line break, $ only at the very end",
        arguments: [
            ("推荐", "热门推荐活动", true), ("^推荐", "热门推荐", false), ("推荐$", "热门推荐", true),
            ("^热门推荐$", "热门推荐\n", false), ("a$", "a\n", false), ("a.b", "a\nb", true), ("^.$", "\n", true),
            ("[^x]", "\n", true), ("^$", "", true), ("", "abc", true), ("a|", "xyz", true), ("^(a|b)+$", "abba", true),
            ("^(a|b)+$", "abca", false), ("^x{2,3}$", "xx", true), ("^x{2,3}$", "xxxx", false), ("^x{2}$", "xx", true),
            ("^x{2,}$", "xxxxx", true), ("^x{0}y$", "y", true), ("a*?b", "aab", true), ("^[0-9]+$", "123", true),
            ("^[0-9]+$", "１２３", false), ("^[-a]+$", "a-a", true), ("^[\\]\\[]$", "]", true), ("\\A^x", "x", true),
            ("b\\A", "ab", false), ("a^b", "ab", false), ("($)^", "", true), ("(^|y)+x", "yx", true),
            ("^(首页|推荐)-[0-9]{1,3}$", "推荐-42", true), ("^.{2}$", "😀热", true), ("^[😀-😂]$", "😁", true),
            ("A", "a", false), ("^a\\nb\\tc$", "a\nb\tc", true), ("(a*)*$", "b", true), ("^(a*)*$", "b", false),
            ("^(?:ab)*c", "ababc", true), ("x[^a-z]y", "x-y", true), ("x[^a-z]y", "xay", false),
        ])
    func semantics(_ pattern: String, _ text: String, _ expected: Bool) throws {
        #expect(try Self.matches(pattern, text) == expected, "/\(pattern)/ on \(text.debugDescription)")
    }

    @Test("a byte that is not UTF-8 reads as U+FFFD, one for each longest valid start, as String(decoding:) reads it")
    func illFormed() throws {
        let matcher = try RegexMatcher(pattern: "^a.b$")
        let cases: [([UInt8], Bool)] = [
            ([0x61, 0xFF, 0x62], true), ([0x61, 0xE7, 0x83, 0x62], true), ([0x61, 0xE7, 0xFF, 0x62], false),
            ([0x61, 0xF0, 0x9F, 0x98, 0x62], true), ([0x61, 0xC3, 0xA9, 0x62], true), ([0x61, 0xC3], false),
        ]
        for (bytes, expected) in cases {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect((text.unicodeScalars.count == 3) == expected, "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer { matcher.matches($0) } == expected, "\(bytes)")
        }
    }

    /// The work of matching `pattern` against `count` copies of `unit` and then `tail`, and the verdict.
    static func work(_ pattern: String, _ unit: String, _ count: Int, _ tail: String, states: Int? = nil) throws
        -> (steps: Int, matched: Bool, size: Int)
    {
        let matcher = RegexMatcher(try RegexProgram(pattern: pattern), maximumStates: states)
        let matched = matcher.matches(String(repeating: unit, count: count) + tail)
        return (matcher.steps, matched, matcher.program.size)
    }

    @Test(
        "the patterns that make a backtracking engine take exponential time take work linear in the value: 40 and 100,000 characters",
        arguments: [
            ("(a|a)*b", false), ("(a*)*$", true), ("(.*a){20}", true), ("^(a|a)*$", false), ("^(a+)+$", false),
            ("(x+x+)+y", false),
        ])
    func linearWork(_ pattern: String, _ matches: Bool) throws {
        let unit = pattern.contains("x") ? "x" : "a"
        for states in [nil, 2] as [Int?] {
            let short = try Self.work(pattern, unit, 40, "!", states: states)
            let tenThousand = try Self.work(pattern, unit, 10_000, "!", states: states)
            let long = try Self.work(pattern, unit, 100_000, "!", states: states)
            #expect(short.matched == matches && tenThousand.matched == matches && long.matched == matches)
            // The engine's promise: at most one visit of each instruction per character, plus the character.
            #expect(long.steps <= (long.size + 1) * 100_002, "\(pattern): \(long.steps) steps")
            // And linear indeed: ten times the value, about ten times the work.
            #expect(long.steps <= 11 * tenThousand.steps, "\(pattern): \(tenThousand.steps) → \(long.steps)")
            if states == nil {
                // With its table kept, a character costs one look-up once the few states are built.
                #expect(long.steps <= 100_001 + 100 * long.size, "\(pattern): \(long.steps) steps")
            }
        }
    }

    @Test(
        "a counted repeat of one character keeps one thread a copy: (a.{0,199}){5}c over 20,000 random a and b is about a step a character (a DFA state of up to 1,000 threads each before)"
    )
    func optionalRunsPruned() throws {
        var random: UInt64 = 27
        let value = String(
            (0..<20_000).map { _ -> Character in
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return random >> 33 & 1 == 0 ? "a" : "b"
            })
        for (pattern, expected) in [("(a.{0,199}){5}c", false), ("(a|b){0,255}(b|c){0,255}c", false)] {
            let matcher = try RegexMatcher(pattern: pattern)
            #expect(matcher.matches(value) == expected)
            #expect(matcher.matches(value + "c"), "\(pattern)")
            #expect(matcher.steps < 3 * 40_002, "\(pattern): \(matcher.steps) steps for 40,002 characters")
        }
        // Pruning keeps the meaning: 5 a's, each at most 200 characters after the one before, then c.
        let matcher = try RegexMatcher(pattern: "^(a.{0,199}){5}c$")
        let spaced = String(repeating: "a" + String(repeating: "b", count: 199), count: 4) + "a" + "c"
        #expect(matcher.matches(spaced))
        let tooFar = String(repeating: "a" + String(repeating: "b", count: 200), count: 4) + "a" + "c"
        #expect(!matcher.matches(tooFar))
        #expect(!matcher.matches(String(repeating: "a", count: 4) + "c"))
    }

    @Test("a 3 MB value of ^(ab-)*$ matches (ICU's backtracking overflowed its stack and said no)")
    func longValue() throws {
        let matcher = try RegexMatcher(pattern: "^(ab-)*$")
        let value = String(repeating: "ab-", count: 1_000_000)
        #expect(matcher.matches(value))
        #expect(!matcher.matches(value + "a"))
        // Both matches: one step a byte, and the few states built once.
        #expect(matcher.steps <= 2 * (value.utf8.count + 1) + 1_000, "\(matcher.steps)")
    }

    @Test(
        "what does not compile, or passes a limit, is refused in words with its place",
        arguments: [
            ("(a", "a ( that is never closed at character 1"), ("a)", "a ) with no ( before it at character 2"),
            ("[z-a]", "a range z-a whose ends are the wrong way round at character 3"),
            (
                "[a-c-e]",
                "a - right after a range in a class (write \\-) at character 5 is not read alike by RE2, PostgreSQL, Java and Python"
            ),
            (
                "(^*)",
                "a repeat of nothing or of a repeat at character 3 is not read alike by RE2, PostgreSQL, Java and Python"
            ),
            (
                "(abcdefghij){255}(klmnopqrst){255}(uvwxyz0123){255}(4567890abc){255}",
                "a pattern that compiles to more than 10000"
            ),
            (
                "(a{255}){255}",
                "counted repeats nested to more than 1000 repetitions in all, which RE2 (ClickHouse, DuckDB) refuses"
            ),
            ("x(a{31}){33}", "counted repeats nested to more than 1000"),
            ("((a{10}){10}){11}", "counted repeats nested"),
            ("a{01}", "a count with a leading zero (RE2 reads {01} as text; write {1}) at character 2"),
            ("a{1,02}", "a count with a leading zero"),
            (String(repeating: "(", count: 40) + String(repeating: ")", count: 40), "a group nested more than 32 deep"),
            (
                "\\u20",
                "\\u without four hex digits of a character (write \\u2028, or the character itself) at character 1"
            ),
            (
                "a\\ud800",
                "\\u of a surrogate (half of a UTF-16 pair, no character by itself; write the character itself) at character 2"
            ),
            ("[\\u0000]", "a NUL character (PostgreSQL's text cannot hold one) in a class at character 1"),
            ("\\x85", "a character code (\\x…; write the character itself, or \\u and four hex digits) at character 1"),
            ("a\u{0}b", "a NUL character (PostgreSQL's text cannot hold one) at character 2"),
        ])
    func refused(_ pattern: String, _ words: String) {
        #expect(throws: RegexProblem.self) { try RegexProgram(pattern: pattern) }
        let problem = ContentCondition.regexProblem(pattern)
        #expect(problem?.hasPrefix(words) == true, "\(problem ?? "nil")")
    }

    @Test(
        "a grouped anchor may be repeated, as PostgreSQL, RE2 and Python allow; \\u and four hex digits is the character",
        arguments: [
            ("(^)*b", ["b": true, "ab": true, "": false, "a": false]),
            ("x(^)*", ["x": true, "ax": true, "": false]),
            ("(?:$){2}", ["": true, "abc": true]),
            ("(?:$)+a", ["a": false, "": false]),
            ("^a\\u2028b$", ["a\u{2028}b": true, "a\nb": false, "a\u{2029}b": false, "a\\u2028b": false]),
            ("^[\\u0085\\u007F-\\u0080]+$", ["\u{85}\u{7F}": true, "\u{80}": true, "\u{84}": false, "u0085": false]),
            ("\\u70ed\\u95e8", ["热门": true, "热": false]),
        ])
    func groupedAnchorsAndCodes(_ pattern: String, _ values: [String: Bool]) throws {
        let matcher = try RegexMatcher(pattern: pattern)
        for (value, expected) in values {
            #expect(matcher.matches(value) == expected, "/\(pattern)/ over \(value.debugDescription)")
        }
    }

    @Test("the largest counted repeats a definition uses compile within the limit")
    func withinLimit() throws {
        let program = try RegexProgram(pattern: "^[0-9a-f]{1,255}(-[0-9a-f]{1,255}){0,3}$")
        #expect(program.size < RegexProgram.maximumSize)
        #expect(RegexMatcher(program).matches("ab12-3-ffff"))
        let nested = String(repeating: "(", count: 32) + "a" + String(repeating: ")", count: 32)
        #expect(try RegexMatcher(pattern: nested).matches("a"))
    }

    @Test("a class of 5,000 separate characters is a few columns of the DFA, not 10,000 (PostgreSQL's colours)")
    func separateCharactersMerged() throws {
        let members = (0..<5000).map { Character(Unicode.Scalar(0x4E00 + 2 * $0)!) }
        let matcher = try RegexMatcher(pattern: "a.{20}c|[" + String(members) + "]x")
        // Before: a column for each interval the sets cut the scalars into, about 10,000.
        #expect(matcher.characterClassCount == 5)
        let inside = Character(Unicode.Scalar(0x4E00 + 2 * 4999)!)
        let between = Character(Unicode.Scalar(0x4E00 + 2 * 4999 - 1)!)
        let values: [String: Bool] = [
            "\u{4E00}x": true, "\u{4E01}x": false, "\(inside)x": true, "\(between)x": false, "\u{4DFF}x": false,
            "a" + String(repeating: "\u{4E01}", count: 20) + "c": true,
            "a" + String(repeating: "b", count: 19) + "c": false,
        ]
        for (value, expected) in values {
            #expect(matcher.matches(value) == expected, "\(value.debugDescription)")
        }
    }

    @Test("overlapping sets and their complements keep every character apart that one of them tells apart")
    func overlappingSetsApart() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0")
        // Written out, not derived from the pattern: the first holds a–m, the second h–z, the third all but e–j.
        let first = Set("abcdefghijklm")
        let second = Set("hijklmnopqrstuvwxyz")
        let third = Set(alphabet).subtracting("efghij")
        for states in [nil, 16] as [Int?] {
            let matcher = RegexMatcher(try RegexProgram(pattern: "^[a-m][h-z][^e-j]$"), maximumStates: states)
            for one in alphabet {
                for two in alphabet {
                    for three in alphabet {
                        let expected = first.contains(one) && second.contains(two) && third.contains(three)
                        #expect(matcher.matches(String([one, two, three])) == expected, "\(one)\(two)\(three)")
                    }
                }
            }
        }
    }
}
