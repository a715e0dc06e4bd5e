/// A plain backtracking matcher of the portable subset, the fuzz target's reference for `RegexMatcher`: its own
/// reading of a pattern `RegexProgram` accepted, and a search that tries every way, given up (nil) past a budget
/// of steps.
final class BacktrackingReference {
    /// A pattern read into a tree.
    indirect enum Node {
        case empty
        case scalars(ranges: [ClosedRange<UInt32>], negated: Bool)
        case start
        case end
        case sequence([Node])
        case either([Node])
        case repeated(Node, minimum: Int, maximum: Int?)
    }

    /// Thrown when the budget runs out.
    struct OutOfSteps: Error {}

    static let budget = 200_000
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var steps = 0
    private var root: Node = .empty
    private var value: [UInt32] = []

    init(pattern: String) {
        scalars = Array(pattern.unicodeScalars)
        root = alternation()
    }

    /// Whether the pattern matches somewhere in `value` (scalar values), or nil when the budget ran out.
    func search(_ value: [UInt32]) -> Bool? {
        self.value = value
        steps = 0
        do {
            for start in 0...value.count where try match(root, start, { _ in true }) { return true }
            return false
        } catch {
            return nil
        }
    }

    private func match(_ node: Node, _ at: Int, _ then: (Int) throws -> Bool) throws -> Bool {
        steps += 1
        if steps > Self.budget { throw OutOfSteps() }
        switch node {
        case .empty: return try then(at)
        case .scalars(let ranges, let negated):
            guard at < value.count, ranges.contains(where: { $0.contains(value[at]) }) != negated else { return false }
            return try then(at + 1)
        case .start: return at == 0 ? try then(at) : false
        case .end: return at == value.count ? try then(at) : false
        case .sequence(let items): return try sequence(items[...], at, then)
        case .either(let branches):
            for branch in branches where try match(branch, at, then) { return true }
            return false
        case .repeated(let item, let minimum, let maximum):
            return try repeated(item, minimum, maximum, done: 0, at, then)
        }
    }

    private func sequence(_ items: ArraySlice<Node>, _ at: Int, _ then: (Int) throws -> Bool) throws -> Bool {
        guard let first = items.first else { return try then(at) }
        return try match(first, at) { next in try self.sequence(items.dropFirst(), next, then) }
    }

    /// Greedy: one more time first (never an empty time past the minimum, which could loop), then stopping.
    private func repeated(
        _ item: Node, _ minimum: Int, _ maximum: Int?, done: Int, _ at: Int, _ then: (Int) throws -> Bool
    ) throws -> Bool {
        if done < minimum {
            return try match(item, at) { next in
                try self.repeated(item, minimum, maximum, done: done + 1, next, then)
            }
        }
        if maximum.map({ done < $0 }) ?? true {
            let more = try match(item, at) { next in
                try next != at && self.repeated(item, minimum, maximum, done: done + 1, next, then)
            }
            if more { return true }
        }
        return try then(at)
    }

    // The reader: the pattern is one `RegexProgram` accepted, so it keeps to the subset and is well formed.

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func alternation() -> Node {
        var branches = [sequence()]
        while current == "|" {
            position += 1
            branches.append(sequence())
        }
        return branches.count == 1 ? branches[0] : .either(branches)
    }

    private func sequence() -> Node {
        var items: [Node] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            var item = atom()
            if let (minimum, maximum) = quantifier() {
                item = .repeated(item, minimum: minimum, maximum: maximum)
            }
            items.append(item)
        }
        return .sequence(items)
    }

    private func atom() -> Node {
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case "(":
            if current == "?" { position += 2 }
            let inner = alternation()
            position += 1
            return inner
        case ".": return .scalars(ranges: [], negated: true)
        case "^": return .start
        case "$": return .end
        case "[":
            var negated = false
            if current == "^" {
                negated = true
                position += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            repeat {
                let low = member()
                if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    ranges.append(low...member())
                } else {
                    ranges.append(low...low)
                }
            } while current != "]"
            position += 1
            return .scalars(ranges: ranges, negated: negated)
        case "\\":
            let next = scalars[position]
            position += 1
            if next == "A" { return .start }
            let value = Self.escaped(next)
            return .scalars(ranges: [value...value], negated: false)
        default: return .scalars(ranges: [scalar.value...scalar.value], negated: false)
        }
    }

    private func member() -> UInt32 {
        let scalar = scalars[position]
        position += 1
        guard scalar == "\\" else { return scalar.value }
        position += 1
        return Self.escaped(scalars[position - 1])
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> UInt32 {
        switch scalar {
        case "n": 0x0A
        case "t": 0x09
        case "r": 0x0D
        case "f": 0x0C
        default: scalar.value
        }
    }

    private func quantifier() -> (Int, Int?)? {
        let bounds: (Int, Int?)
        switch current {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            var text = ""
            position += 1
            while let scalar = current, scalar != "}" {
                text.unicodeScalars.append(scalar)
                position += 1
            }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let low = Int(parts[0]) ?? 0
            bounds = parts.count == 1 ? (low, low) : (low, parts[1].isEmpty ? nil : Int(parts[1]))
        default: return nil
        }
        position += 1
        if current == "?" { position += 1 }
        return bounds
    }
}
