/// A portable regular expression compiled to a Thompson NFA: instructions that match one character, branch,
/// jump, or check the start or the end of the value, with every counted repeat written out.
///
/// Compiling refuses what is not portable (`PortableRegex`), what does not compile (`RegexParser`), and a program
/// of more than `maximumSize` instructions, which bounds both the work per character of the value and the
/// memory a match takes. `RegexMatcher` runs it.
public struct RegexProgram: Sendable {
    /// The most instructions a pattern may compile to, its counted repeats written out: `[0-9]{1,255}` takes
    /// about 510, `(a{255}){255}` about 65,000.
    public static let maximumSize = 10_000

    /// What an instruction does; all but `split`, `jump` and `match` go on to the next instruction.
    enum Operation: UInt8, Sendable {
        /// Consume one character that is in `sets[x]`.
        case scalars
        /// Go on at both `x` and `y`.
        case split
        /// Go on at `x`.
        case jump
        /// Hold only at the start of the value.
        case start
        /// Hold only at the end of the value.
        case end
        /// The pattern has matched.
        case match
    }

    /// One instruction.
    struct Instruction: Sendable {
        var operation: Operation
        var x: Int32 = 0
        var y: Int32 = 0
    }

    public let pattern: String
    let instructions: [Instruction]
    let sets: [ScalarRanges]
    /// For each instruction, the optional part of a counted repeat of one character (`.{0,255}`, the last 254 of
    /// `[0-9]{1,255}`) whose character it reads, numbered from 0; -1 for every other instruction. Of two threads
    /// waiting in one such part, the one that has read fewer of its characters can do all the other can (read the
    /// same characters, leave at any point, and read more), so a matcher keeps only that one.
    let optionalRun: [Int32]
    /// The number of optional parts of counted repeats of one character.
    let optionalRunCount: Int

    /// The number of instructions.
    public var size: Int { instructions.count }

    /// Compiles `pattern`, or says why it cannot be: the construct and its character position, or the limit it
    /// passes.
    public init(pattern: String) throws(RegexProblem) {
        if let problem = PortableRegex.problem(in: pattern) { throw RegexProblem(problem) }
        let tree = try RegexParser.parse(pattern)
        guard Self.fitsNestedRepeats(tree, budget: Self.nestedRepeatBudget) else {
            throw RegexProblem(
                "counted repeats nested to more than \(Self.nestedRepeatBudget) repetitions in all, which RE2 (ClickHouse, DuckDB) refuses: (a{31}){33} is 1,023; write smaller counts"
            )
        }
        let size = Self.size(of: tree)
        if size > Self.maximumSize {
            throw RegexProblem(
                "a pattern that compiles to more than \(Self.maximumSize) instructions once its counted repeats are written out (lasso's limit; write smaller counts)"
            )
        }
        var compiler = Compiler()
        compiler.instructions.reserveCapacity(size)
        compiler.emit(tree)
        compiler.append(Instruction(operation: .match))
        self.pattern = pattern
        instructions = compiler.instructions
        sets = compiler.sets
        optionalRun = compiler.optionalRun + [-1]
        optionalRunCount = compiler.optionalRunCount
    }

    /// RE2's limit on nested counted repeats: the budget divided, from the outermost repeat in, by each repeat's
    /// largest count (its least when it has none) must not reach 0.
    static let nestedRepeatBudget = 1_000

    /// Whether the counted repeats in `node` keep within `budget` as RE2 counts them (its `RepetitionWalker`).
    static func fitsNestedRepeats(_ node: RegexNode, budget: Int) -> Bool {
        switch node {
        case .empty, .scalars, .start, .end: return true
        case .sequence(let items), .either(let items): return items.allSatisfy { fitsNestedRepeats($0, budget: budget) }
        case .repeated(let item, let minimum, let maximum):
            let count = maximum ?? minimum
            let left = count > 0 ? budget / count : budget
            return left > 0 && fitsNestedRepeats(item, budget: left)
        }
    }

    /// The instructions `node` compiles to, at most `maximumSize + 1` (counts past the limit are not told apart).
    static func size(of node: RegexNode) -> Int {
        let cap = maximumSize + 1
        switch node {
        case .empty: return 0
        case .scalars, .start, .end: return 1
        case .sequence(let items): return min(cap, items.reduce(0) { min(cap, $0 + size(of: $1)) })
        case .either(let branches):
            return min(cap, branches.reduce(2 * (branches.count - 1)) { min(cap, $0 + size(of: $1)) })
        case .repeated(let item, let minimum, let maximum):
            let one = size(of: item)
            let optional = maximum.map { ($0 - minimum) * (one + 1) } ?? (one + 2)
            return min(cap, minimum * one + optional)
        }
    }

    /// Emits instructions, sharing equal sets.
    private struct Compiler {
        var instructions: [Instruction] = []
        var sets: [ScalarRanges] = []
        var setIndex: [ScalarRanges: Int32] = [:]
        var optionalRun: [Int32] = []
        var optionalRunCount = 0

        @discardableResult
        mutating func append(_ instruction: Instruction) -> Int {
            instructions.append(instruction)
            optionalRun.append(-1)
            return instructions.count - 1
        }

        var next: Int32 { Int32(instructions.count) }

        mutating func emit(_ node: RegexNode) {
            switch node {
            case .empty: break
            case .scalars(let set):
                let index: Int32
                if let known = setIndex[set] {
                    index = known
                } else {
                    index = Int32(sets.count)
                    sets.append(set)
                    setIndex[set] = index
                }
                append(Instruction(operation: .scalars, x: index))
            case .start: append(Instruction(operation: .start))
            case .end: append(Instruction(operation: .end))
            case .sequence(let items): for item in items { emit(item) }
            case .either(let branches):
                var jumps: [Int] = []
                for branch in branches.dropLast() {
                    let split = append(Instruction(operation: .split, x: next + 1))
                    emit(branch)
                    jumps.append(append(Instruction(operation: .jump)))
                    instructions[split].y = next
                }
                if let last = branches.last { emit(last) }
                for jump in jumps { instructions[jump].x = next }
            case .repeated(let item, let minimum, let maximum):
                for _ in 0..<minimum { emit(item) }
                if let maximum {
                    var splits: [Int] = []
                    let oneCharacter: Bool
                    if case .scalars(_) = item, maximum - minimum > 1 {
                        oneCharacter = true
                    } else {
                        oneCharacter = false
                    }
                    for _ in minimum..<max(minimum, maximum) {
                        splits.append(append(Instruction(operation: .split, x: next + 1)))
                        emit(item)
                        if oneCharacter { optionalRun[instructions.count - 1] = Int32(optionalRunCount) }
                    }
                    if oneCharacter { optionalRunCount += 1 }
                    for split in splits { instructions[split].y = next }
                } else {
                    let split = append(Instruction(operation: .split, x: next + 1))
                    emit(item)
                    append(Instruction(operation: .jump, x: Int32(split)))
                    instructions[split].y = next
                }
            }
        }
    }
}
