import LassoDocuments

/// Random patterns of the portable subset and random values to match them against (ASCII, CJK, an emoji, an
/// accent, line breaks), from a seed: the same cases on every run.
struct RandomRegex {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    private mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    static let literals = ["a", "b", "c", "热", "门", "-", "\\.", "\\n", "😀", "é", " ", "\\$", "\\^", "x", "0", "\\\\"]
    static let classItems = ["a", "b-d", "x-z", "0-9", "热", "门-龥", "\\n", "\\-", "é", "😀", " ", "\\]", "\\^", "."]
    static let quantifiers = ["*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}", "{0}", "{1,2}"]
    static let valueCharacters: [String] = [
        "a", "b", "c", "热", "门", "-", ".", "\n", "😀", "é", " ", "$", "x", "0", "\r",
    ]

    mutating func pattern() -> String {
        var text = chance(30) ? "^" : ""
        text += alternation(depth: 2)
        if chance(30) { text += "$" }
        return text
    }

    private mutating func alternation(depth: Int) -> String {
        (0..<(chance(70) ? 1 : 2 + below(2))).map { _ in sequence(depth: depth) }.joined(separator: "|")
    }

    private mutating func sequence(depth: Int) -> String {
        var text = ""
        for _ in 0..<(1 + below(4)) {
            var atom: String
            switch below(10) {
            case 0: atom = "."
            case 1, 2:
                let items = (0..<(1 + below(3))).map { _ in pick(Self.classItems) }.joined()
                atom = "[" + (chance(30) ? "^" : "") + (chance(15) ? "-" : "") + items + "]"
            case 3 where depth > 0: atom = (chance(50) ? "(" : "(?:") + alternation(depth: depth - 1) + ")"
            case 4 where depth > 0 && chance(20): atom = chance(50) ? "(^|a)" : "(b|$)"
            default: atom = pick(Self.literals)
            }
            if chance(35) {
                atom += pick(Self.quantifiers)
                if chance(20) { atom += "?" }
            }
            text += atom
        }
        return text
    }

    mutating func value() -> String {
        (0..<below(12)).map { _ in pick(Self.valueCharacters) }.joined()
    }

    /// Every ASCII punctuation character and the space escaped, outside a class and inside one, each with 12
    /// values (none with a backslash) that tell a literal from anything else.
    static var escapes: [(pattern: String, values: [String])] {
        let characters = Array("!\"#$%&'()*+,-./:;<=>?@[]^_`{|}~ ")
        return characters.flatMap { character -> [(pattern: String, values: [String])] in
            let one = String(character)
            let values = [
                "a\(one)b", "ab", "a\(one)\(one)b", one, "x\(one)", "a-b", "a.b", "a\nb", "", "\(one)\(one)", "y",
                "热\(one)",
            ]
            return [("^a\\\(one)b$", values), ("^[\\\(one)x]+$", values)]
        }
    }

    /// Grouped anchors repeated and characters written as `\u` and four hex digits (a line separator, C1 and DEL
    /// controls, CJK, in and out of classes, with quantifiers), each with 12 values.
    static var anchorsAndCodes: [(pattern: String, values: [String])] {
        let values = [
            "a\u{2028}b", "ab", "a\nb", "a\u{2029}b", "\u{85}", "\u{7F}\u{7F}", "", "b", "x", "热门", "\u{80}\u{2028}",
            "u2028",
        ]
        return [
            ("^a\\u2028b$", values), ("^[\\u0085\\u007F-\\u0080]+$", values), ("(^)*b", values), ("(?:$){2}", values),
            ("x(^)*|\\u2028{2,}|\\u70ed\\u95e8?", values), ("[^\\u2028a]\\u0085?$", values),
        ]
    }

    /// `count` patterns, each with `values` values: some made of the pattern's own characters, so that matches
    /// are common.
    static func cases(seed: UInt64, count: Int, values: Int) -> [(pattern: String, values: [String])] {
        var random = RandomRegex(seed: seed)
        var cases: [(String, [String])] = []
        while cases.count < count {
            let pattern = random.pattern()
            guard ContentCondition.regexProblem(pattern) == nil else { continue }
            let plain = pattern.filter { !"^$\\[]()?*+{}|.:".contains($0) }
            var texts: [String] = []
            for index in 0..<values {
                if index % 3 == 0 && !plain.isEmpty {
                    texts.append(random.value() + plain + (index % 2 == 0 ? "" : random.value()))
                } else {
                    texts.append(random.value())
                }
            }
            cases.append((pattern, texts))
        }
        return cases
    }
}
