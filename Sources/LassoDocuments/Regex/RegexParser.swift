/// Reads a pattern of the portable subset (`PortableRegex`) into a `RegexNode` tree, refusing, with the character
/// position, what does not compile: an unbalanced parenthesis, a range whose ends are the wrong way round, groups
/// nested deeper than `maximumDepth`.
///
/// The parser recurses once per group, so the depth limit bounds its stack as well as the compiler's.
struct RegexParser {
    /// The deepest nesting of groups a pattern may have.
    static let maximumDepth = 32

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0

    private init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    /// The tree of `pattern`, or why it does not compile.
    static func parse(_ pattern: String) throws(RegexProblem) -> RegexNode {
        var parser = RegexParser(pattern)
        let node = try parser.alternation()
        if parser.position < parser.scalars.count {
            // Only a `)` stops an alternation before the end.
            throw parser.problem("a ) with no ( before it")
        }
        return node
    }

    private func problem(_ what: String, at place: Int? = nil) -> RegexProblem {
        RegexProblem("\(what) at character \((place ?? position) + 1)")
    }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func alternation() throws(RegexProblem) -> RegexNode {
        var branches = [try sequence()]
        while current == "|" {
            position += 1
            branches.append(try sequence())
        }
        // Branches of one character each (`(a|b)`) are one set, so a counted repeat of them is of one character.
        var characters: [ClosedRange<UInt32>] = []
        for branch in branches {
            guard case .scalars(let set) = branch else { return branches.count == 1 ? branches[0] : .either(branches) }
            characters += set.ranges
        }
        return branches.count == 1 ? branches[0] : .scalars(ScalarRanges(normalizing: characters))
    }

    private mutating func sequence() throws(RegexProblem) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            let start = position
            let item = try atom()
            items.append(try quantified(item, start: start))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .sequence(items)
        }
    }

    private mutating func atom() throws(RegexProblem) -> RegexNode {
        let start = position
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case "(":
            guard depth < Self.maximumDepth else {
                throw problem("a group nested more than \(Self.maximumDepth) deep (lasso's limit)", at: start)
            }
            if current == "?" {
                guard position + 1 < scalars.count, scalars[position + 1] == ":" else {
                    throw problem("a (? group other than (?:", at: start)
                }
                position += 2
            }
            depth += 1
            let inner = try alternation()
            depth -= 1
            guard current == ")" else { throw problem("a ( that is never closed", at: start) }
            position += 1
            return inner
        case "[": return .scalars(try bracketClass(start: start))
        case ".": return .scalars(.all)
        case "^": return .start
        case "$": return .end
        case "\\":
            let escaped = try escape(start: start, insideClass: false)
            return escaped.map { .scalars(ScalarRanges($0)) } ?? .start
        case "*", "+", "?": throw problem("a repeat of nothing", at: start)
        case "{": throw problem("a literal { (write \\{)", at: start)
        default: return .scalars(ScalarRanges(scalar))
        }
    }

    /// The scalar an escape stands for, or nil for `\A`; `position` is just past the backslash.
    private mutating func escape(start: Int, insideClass: Bool) throws(RegexProblem) -> Unicode.Scalar? {
        guard let next = current else { throw problem("a lone \\ at the end", at: start) }
        if let code = PortableRegex.codeUnit(after: start, in: scalars) {
            position += 5
            return code
        }
        position += 1
        switch next {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "A" where !insideClass: return nil
        default:
            guard next.isASCII, !next.properties.isAlphabetic, !("0"..."9").contains(next) else {
                throw problem("the escape \\\(next)", at: start)
            }
            return next
        }
    }

    private mutating func quantified(_ item: RegexNode, start: Int) throws(RegexProblem) -> RegexNode {
        let bounds: (Int, Int?)
        switch current {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            guard let (length, refusal) = PortableRegex.countedRepeat(at: position, in: scalars) else {
                throw problem("a literal { (write \\{)")
            }
            if let refusal { throw problem(refusal) }
            bounds = counts(length: length)
            position += length - 1
        default: return item
        }
        position += 1
        if current == "?" { position += 1 }
        if let next = current, next == "*" || next == "+" || next == "?" || next == "{" {
            throw problem("a repeat of a repeat")
        }
        return .repeated(item, minimum: bounds.0, maximum: bounds.1)
    }

    /// The counts of the `{n}`, `{n,}` or `{n,m}` of `length` scalars at `position`, which
    /// `PortableRegex.countedRepeat` has read.
    private func counts(length: Int) -> (Int, Int?) {
        var inside = String.UnicodeScalarView()
        inside.append(contentsOf: scalars[(position + 1)..<(position + length - 1)])
        let parts = String(inside).split(separator: ",", omittingEmptySubsequences: false)
        let low = Int(parts[0]) ?? 0
        if parts.count == 1 { return (low, low) }
        return (low, parts[1].isEmpty ? nil : Int(parts[1]))
    }

    /// The set of a bracket class; `position` is just past its `[`.
    private mutating func bracketClass(start: Int) throws(RegexProblem) -> ScalarRanges {
        var negated = false
        if current == "^" {
            negated = true
            position += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while true {
            guard let scalar = current else { throw problem("a class [ that is never closed", at: start) }
            if scalar == "]" {
                if first { throw problem("a ] first in a class (write \\])") }
                break
            }
            first = false
            let low = try classMember()
            if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                let dash = position
                position += 1
                let high = try classMember()
                guard low.value <= high.value else {
                    throw problem("a range \(low)-\(high) whose ends are the wrong way round", at: dash)
                }
                ranges.append(low.value...high.value)
                if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    let refusal = problem("a - right after a range in a class (write \\-)")
                    throw RegexProblem(refusal.text + " is not read alike by RE2, PostgreSQL, Java and Python")
                }
            } else {
                ranges.append(low.value...low.value)
            }
        }
        position += 1
        let set = ScalarRanges(normalizing: ranges)
        return negated ? set.inverted : set
    }

    private mutating func classMember() throws(RegexProblem) -> Unicode.Scalar {
        let start = position
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case "\\":
            guard let escaped = try escape(start: start, insideClass: true) else {
                throw problem("\\A in a class", at: start)
            }
            return escaped
        case "[": throw problem("a [ inside a class (write \\[)", at: start)
        default: return scalar
        }
    }
}
