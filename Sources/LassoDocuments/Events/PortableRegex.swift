/// The rules a definition's `regex` content condition keeps to, so RE2 (ClickHouse), PostgreSQL, Java (Spark),
/// Python and lasso's own engine (`RegexProgram`) all read it alike, once `EventSQL.pattern` has written it for
/// each back end (docs/event-definitions.md, "Portable regular expressions").
///
/// Allowed: literal characters (CJK included), `.`, `^`, `$`, `|`, groups `( )` and `(?: )`, the quantifiers `*`,
/// `+`, `?` and `{n}`, `{n,}`, `{n,m}` with counts up to 255, each optionally lazy (`*?`); bracket classes
/// `[…]`, `[^…]` with ranges; escapes of ASCII punctuation, `\n`, `\t`, `\r`, `\f` and `\A`; and `\u` with four hex
/// digits for a character that cannot be written as itself (`\u2028`; RE2 is given `\x{2028}`). Everything else is
/// refused with the construct named, because at least one of the engines reads it otherwise or not at all
/// (`RegexParser` refuses the rest: what does not compile, and `[a-c-e]`).
public enum PortableRegex {
    /// The largest repetition count every engine takes (PostgreSQL's limit).
    public static let maximumCount = 255

    /// What in `pattern` is not portable, with its character position (from 1), or nil when it keeps to the subset.
    public static func problem(in pattern: String) -> String? {
        let scalars = Array(pattern.unicodeScalars)
        var position = 0
        /// Whether the previous item can take a quantifier, and whether it already has one.
        var canRepeat = false
        var repeated = false
        func at(_ offset: Int) -> Unicode.Scalar? {
            position + offset < scalars.count ? scalars[position + offset] : nil
        }
        func refuse(_ what: String) -> String {
            "\(what) at character \(position + 1) is not read alike by RE2, PostgreSQL, Java and Python"
        }
        while position < scalars.count {
            let scalar = scalars[position]
            switch scalar {
            case "\\":
                if let problem = escapeProblem(after: position, in: scalars, insideClass: false) {
                    return refuse(problem)
                }
                let anchor = scalars[position + 1] == "A"
                position += escapeLength(at: position, in: scalars)
                canRepeat = !anchor
                repeated = false
            case "(":
                if at(1) == "?" {
                    guard at(2) == ":" else { return refuse(groupProblem(at(2), at(3))) }
                    position += 3
                } else {
                    position += 1
                }
                canRepeat = false
                repeated = false
            case ")":
                position += 1
                canRepeat = true
                repeated = false
            case "*", "+", "?", "{":
                if scalar == "{" {
                    guard let (length, problem) = countedRepeat(at: position, in: scalars) else {
                        return refuse("a literal { (write \\{)")
                    }
                    if let problem { return refuse(problem) }
                    guard canRepeat, !repeated else { return refuse("a repeat of nothing or of a repeat") }
                    position += length
                } else {
                    guard canRepeat, !repeated else { return refuse("a repeat of nothing or of a repeat") }
                    position += 1
                }
                if at(0) == "+" { return refuse("a possessive quantifier (a + after a repeat)") }
                if at(0) == "?" { position += 1 }
                repeated = true
            case "[":
                switch classEnd(from: position, in: scalars) {
                case .success(let end): position = end + 1
                case .failure(let problem): return refuse(problem.text)
                }
                canRepeat = true
                repeated = false
            case "^", "$", "|":
                position += 1
                canRepeat = false
                repeated = false
            case "\u{0}":
                return refuse("a NUL character (PostgreSQL's text cannot hold one)")
            default:
                position += 1
                canRepeat = true
                repeated = false
            }
        }
        return nil
    }

    /// A refusal found inside a bracket class, at its own position.
    struct ClassProblem: Error {
        let text: String
    }

    /// Why the escape at `start` is not portable, or nil when it is.
    static func escapeProblem(after start: Int, in scalars: [Unicode.Scalar], insideClass: Bool) -> String? {
        guard start + 1 < scalars.count else { return "a lone \\ at the end" }
        let next = scalars[start + 1]
        if next.isASCII && !next.properties.isAlphabetic && !("0"..."9").contains(next) {
            return nil
        }
        switch next {
        case "n", "t", "r", "f": return nil
        case "A" where !insideClass: return nil
        case "1"..."9", "k", "g": return "a backreference (\\\(next))"
        case "Z", "z": return "\\\(next) (write $ for the end)"
        case "b", "B": return "\\\(next) (PostgreSQL reads \\b as a backspace)"
        case "d", "D", "w", "W", "s", "S":
            return "\\\(next) (the engines differ on non-ASCII digits, letters and spaces; write a class such as [0-9])"
        case "p", "P": return "a Unicode class (\\\(next){…})"
        case "h", "H", "v", "V", "R", "X", "N": return "\\\(next)"
        case "u" where codeUnit(after: start, in: scalars) == "\u{0}":
            return "a NUL character (PostgreSQL's text cannot hold one)"
        case "u" where codeUnit(after: start, in: scalars) != nil: return nil
        case "u" where hexCode(after: start, in: scalars).map { (0xD800...0xDFFF).contains($0) } == true:
            return "\\u of a surrogate (half of a UTF-16 pair, no character by itself; write the character itself)"
        case "u": return "\\u without four hex digits of a character (write \\u2028, or the character itself)"
        case "x", "U", "0":
            return "a character code (\\\(next)…; write the character itself, or \\u and four hex digits)"
        case "Q", "E": return "quoting with \\Q…\\E (escape each character)"
        case "G", "K": return "\\\(next)"
        default: return "the escape \\\(next)"
        }
    }

    /// The character of the `\uXXXX` escape at `start` (its backslash): four hex digits that name a scalar, not a
    /// surrogate; nil when it is not one.
    public static func codeUnit(after start: Int, in scalars: [Unicode.Scalar]) -> Unicode.Scalar? {
        hexCode(after: start, in: scalars).flatMap(Unicode.Scalar.init)
    }

    /// The value of the four hex digits after the `\u` at `start`, or nil when there are not four.
    static func hexCode(after start: Int, in scalars: [Unicode.Scalar]) -> UInt32? {
        guard start + 5 < scalars.count, scalars[start + 1] == "u" else { return nil }
        var value: UInt32 = 0
        for scalar in scalars[(start + 2)...(start + 5)] {
            guard scalar.isASCII, let digit = Int(String(scalar), radix: 16) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The scalars the escape at `start` (its backslash) takes: six for `\uXXXX`, else two.
    static func escapeLength(at start: Int, in scalars: [Unicode.Scalar]) -> Int {
        codeUnit(after: start, in: scalars) == nil ? 2 : 6
    }

    /// The name of the `(?…` construct that is not `(?:`.
    static func groupProblem(_ first: Unicode.Scalar?, _ second: Unicode.Scalar?) -> String {
        switch (first, second) {
        case ("=", _), ("!", _): "a lookahead (?\(first.map(String.init) ?? ""))"
        case ("<", "="), ("<", "!"): "a lookbehind (?<\(second.map(String.init) ?? ""))"
        case ("<", _), ("P", _), ("'", _): "a named group (its syntax differs; use ( ) or (?: ))"
        case (">", _): "an atomic group (?>)"
        case ("#", _): "a comment group (?#)"
        default: "an inline flag or other (?… group (only (?: ) is shared)"
        }
    }

    /// The length of `{n}`, `{n,}` or `{n,m}` at `start` and a problem with its counts, or nil when the brace does
    /// not open a counted repeat.
    static func countedRepeat(at start: Int, in scalars: [Unicode.Scalar]) -> (Int, String?)? {
        var index = start + 1
        func number() -> Int? {
            var digits = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]), digits.count < 6 {
                digits.unicodeScalars.append(scalars[index])
                index += 1
            }
            return Int(digits)
        }
        let lowStart = index
        guard let low = number() else { return nil }
        var leadingZero = scalars[lowStart] == "0" && index - lowStart > 1
        var high: Int? = low
        if index < scalars.count, scalars[index] == "," {
            index += 1
            let highStart = index
            high = number()
            if high != nil, scalars[highStart] == "0", index - highStart > 1 { leadingZero = true }
        }
        guard index < scalars.count, scalars[index] == "}" else { return nil }
        let length = index - start + 1
        if leadingZero {
            return (length, "a count with a leading zero (RE2 reads {01} as text; write {1})")
        }
        if max(low, high ?? low) > maximumCount {
            return (length, "a repeat count over \(maximumCount)")
        }
        if let high, high < low { return (length, "a repeat {\(low),\(high)} whose bounds are the wrong way round") }
        return (length, nil)
    }

    /// The index of the `]` that closes the class opened at `start`, or why the class is not portable.
    static func classEnd(from start: Int, in scalars: [Unicode.Scalar]) -> Result<Int, ClassProblem> {
        var index = start + 1
        if index < scalars.count, scalars[index] == "^" { index += 1 }
        if index < scalars.count, scalars[index] == "]" {
            return .failure(ClassProblem(text: "a ] first in a class (write \\])"))
        }
        var previous: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "]": return .success(index)
            case "\\":
                if let problem = escapeProblem(after: index, in: scalars, insideClass: true) {
                    return .failure(ClassProblem(text: problem + " in a class"))
                }
                previous = nil
                index += escapeLength(at: index, in: scalars)
                continue
            case "[": return .failure(ClassProblem(text: "a [ inside a class (write \\[; Java reads it as a union)"))
            case "&", "-", "~", "|":
                if previous == scalar {
                    return .failure(
                        ClassProblem(
                            text: "\(scalar)\(scalar) inside a class (Java or Python reads it as a set operation)"))
                }
            default: break
            }
            previous = scalar
            index += 1
        }
        return .failure(ClassProblem(text: "a class [ that is never closed"))
    }
}
