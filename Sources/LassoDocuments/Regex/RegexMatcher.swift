/// Runs a `RegexProgram` over values without backtracking: a search (unanchored unless the pattern anchors it)
/// that simulates the NFA on every position at once and remembers each set of NFA states it met as a state of a
/// DFA built lazily, so each character of the value costs one table look-up once its state is known, and at
/// most one pass over the program when it is not.
///
/// A match reads each character once, never goes back, and does not recurse: its time is linear in the value's
/// length (at most the program's size per character), whatever the pattern. The DFA's table is bounded
/// (`maximumStates`, and `memberBudget` NFA instructions held by its states); when full it is dropped and built
/// again, which costs time, never correctness. A matcher keeps its table between matches, so it is for one
/// thread: each counting thread makes its own.
///
/// Values are UTF-8; a byte that does not decode reads as U+FFFD, as `String(decoding:as:)` reads it.
public final class RegexMatcher {
    public let program: RegexProgram
    /// Work done so far: one per byte read, plus one per NFA instruction visited while building DFA states.
    /// For tests that check the work is linear.
    public private(set) var steps = 0

    private let instructions: [RegexProgram.Instruction]
    /// The scalar values where the intervals begin: the `cuts` between which no set of the program changes its
    /// mind. A character's interval is the index of the last cut at or below it.
    private let cuts: [UInt32]
    /// Each interval's class: intervals that every set of the program holds alike are one class (PostgreSQL's
    /// "colours"), so a class of 5,000 separate characters is a few classes, not 10,000 columns in each DFA state.
    private let intervalClasses: [Int32]
    private let asciiClasses: [Int32]
    /// Each set of the program as the ranges of intervals it holds (a set's ranges begin and end at cuts).
    private let setIntervals: [[ClosedRange<Int>]]
    /// An interval of each class: a set holds the class when it holds that interval.
    private let classIntervals: [Int]
    private let classCount: Int
    private let maximumStates: Int
    /// The most NFA instructions the DFA's states hold in all.
    static let memberBudget = 1 << 19

    /// The DFA: each state's NFA instructions (the characters it waits for, `match`, and `end` checks), its
    /// `Outcome`, whether it can match at the end of the value (0 not known yet, 1 no, 2 yes), and its
    /// transitions per class (-1 not known yet).
    private var states: RegexStateTable
    private var outcome: [UInt8] = []
    private var endVerdict: [UInt8] = []
    private var transitions: [Int32] = []
    /// Whether the search restarts at every position (false when every branch starts with `^` or `\A`), so an
    /// empty state means no match.
    private var restarts = true

    /// The first state's instructions: what the search waits for at the start of a value.
    private var firstMembers: [Int32] = []
    private var marks: [UInt32]
    private var generation: UInt32 = 0
    private var stack: [Int32] = []
    /// Room kept between transitions: the instructions a character leads to, and the closure made from them.
    private var startsRoom: [Int32] = []
    private var membersRoom: [Int32] = []
    /// The optional runs (`RegexProgram.optionalRun`) that already have a thread in the closure being made, by the
    /// closure's `generation`.
    private var runsSeen: [UInt32]

    /// - Parameter maximumStates: the most DFA states kept at once (tests make it small to check the dropping).
    public init(_ program: RegexProgram, maximumStates: Int? = nil) {
        self.program = program
        instructions = program.instructions
        var cuts: Set<UInt32> = [0]
        for set in program.sets {
            for range in set.ranges {
                cuts.insert(range.lowerBound)
                if range.upperBound < ScalarRanges.maximum { cuts.insert(range.upperBound + 1) }
            }
        }
        let sortedCuts = cuts.sorted()
        self.cuts = sortedCuts
        let setIntervals = program.sets.map { set in
            set.ranges.map {
                Self.intervalIndex($0.lowerBound, in: sortedCuts)...Self.intervalIndex($0.upperBound, in: sortedCuts)
            }
        }
        self.setIntervals = setIntervals
        let classes = CharacterClasses(intervalCount: sortedCuts.count, sets: setIntervals)
        intervalClasses = classes.intervalClasses
        classIntervals = classes.representatives
        classCount = classes.representatives.count
        asciiClasses = (0..<128).map { classes.intervalClasses[Self.intervalIndex(UInt32($0), in: sortedCuts)] }
        // About 4 MB of transitions at most, and never fewer than 16 states.
        let maximumStates = maximumStates ?? max(16, min(10_000, (1 << 20) / classCount))
        self.maximumStates = maximumStates
        states = RegexStateTable(capacity: maximumStates)
        marks = [UInt32](repeating: 0, count: program.instructions.count)
        runsSeen = [UInt32](repeating: 0, count: program.optionalRunCount)
        restarts = !Self.anchoredAtStart(program.instructions)
        closure(from: [0], atStart: true, into: &firstMembers)
        reset()
    }

    /// How many character classes the DFA's transitions tell apart (one column of its table each).
    public var characterClassCount: Int { classCount }

    /// Compiles `pattern` and makes its matcher.
    public convenience init(pattern: String) throws(RegexProblem) {
        self.init(try RegexProgram(pattern: pattern))
    }

    /// Whether the pattern matches somewhere in `text`.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }

    /// Whether the pattern matches somewhere in the UTF-8 `bytes`.
    public func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var state: Int32 = 0
        if outcome[0] == Outcome.matched { return true }
        var index = 0
        while true {
            // Runs over the table until a character whose transition is not known yet, or an outcome.
            let (reached, read, known) = transitions.withUnsafeBufferPointer { table in
                outcome.withUnsafeBufferPointer { outcome in
                    asciiClasses.withUnsafeBufferPointer { ascii in
                        run(bytes, from: index, state: state, table: table, outcome: outcome, ascii: ascii)
                    }
                }
            }
            steps += read - index
            index = read
            state = reached
            if !known {
                // `index` is past the character whose class is `pendingClass`.
                state = transition(from: state, on: pendingClass)
            }
            switch outcome[Int(state)] {
            case Outcome.matched: return true
            case Outcome.dead: return false
            default: if index >= bytes.count { return matchesAtEnd(state) }
            }
        }
    }

    /// The class of the character read last when `run` stopped at a transition not known yet.
    private var pendingClass = 0

    /// What a state means for the search: nothing yet, a match, or (when the search does not restart) no match.
    private enum Outcome {
        static let open: UInt8 = 0
        static let matched: UInt8 = 1
        static let dead: UInt8 = 2
    }

    /// Reads characters from `start` through known transitions: the state reached, the index after the last
    /// character whose transition was taken (or after the character whose transition is unknown), and whether it
    /// stopped on an unknown transition (false) or an outcome or the end (true).
    @inline(__always)
    private func run(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, state first: Int32, table: UnsafeBufferPointer<Int32>,
        outcome: UnsafeBufferPointer<UInt8>, ascii: UnsafeBufferPointer<Int32>
    ) -> (Int32, Int, Bool) {
        var state = first
        var index = start
        let count = bytes.count
        let classes = classCount
        while index < count {
            let byte = bytes[index]
            let characterClass: Int
            if byte < 0x80 {
                characterClass = Int(ascii[Int(byte)])
                index += 1
            } else {
                let (value, length) = Self.decode(bytes, at: index)
                index += length
                characterClass = classOf(value)
            }
            let next = table[Int(state) * classes + characterClass]
            if next < 0 {
                pendingClass = characterClass
                return (state, index, false)
            }
            state = next
            if outcome[Int(next)] != Outcome.open { return (state, index, true) }
        }
        return (state, index, true)
    }

    /// Drops every DFA state and makes the first one (the start of a value) again.
    private func reset() {
        states.removeAll()
        outcome.removeAll(keepingCapacity: true)
        endVerdict.removeAll(keepingCapacity: true)
        transitions.removeAll(keepingCapacity: true)
        // The first state is told apart from a later one with the same instructions: only there does `^` hold.
        _ = intern(firstMembers, hash: 0, findable: false)
    }

    private func intern(_ members: [Int32], hash: Int, findable: Bool) -> Int32 {
        let id = states.append(members, hash: hash, findable: findable)
        if members.contains(where: { instructions[Int($0)].operation == .match }) {
            outcome.append(Outcome.matched)
        } else {
            outcome.append(!restarts && members.isEmpty ? Outcome.dead : Outcome.open)
        }
        endVerdict.append(0)
        transitions.append(contentsOf: repeatElement(-1, count: classCount))
        return id
    }

    private func transition(from state: Int32, on characterClass: Int) -> Int32 {
        var starts: [Int32] = []
        swap(&starts, &startsRoom)
        starts.removeAll(keepingCapacity: true)
        let interval = classIntervals[characterClass]
        for position in states.range(of: state) {
            let member = states.members[position]
            let instruction = instructions[Int(member)]
            if instruction.operation == .scalars && setIntervals[Int(instruction.x)].sortedRangesContain(interval) {
                starts.append(member + 1)
            }
        }
        if restarts { starts.append(0) }
        var members: [Int32] = []
        swap(&members, &membersRoom)
        closure(from: starts, atStart: false, into: &members)
        swap(&starts, &startsRoom)
        defer { swap(&members, &membersRoom) }
        let hash = RegexStateTable.hash(members)
        let next: Int32
        if let known = states.find(members, hash: hash) {
            next = known
        } else if states.count >= maximumStates || states.members.count + members.count > Self.memberBudget {
            reset()
            return intern(members, hash: hash, findable: true)
        } else {
            next = intern(members, hash: hash, findable: true)
        }
        transitions[Int(state) * classCount + characterClass] = next
        return next
    }

    /// Whether `state` matches once the value ends: a `$` it waits at holds there.
    private func matchesAtEnd(_ state: Int32) -> Bool {
        let index = Int(state)
        if endVerdict[index] == 0 {
            let ends = states.members[states.range(of: state)].filter { instructions[Int($0)].operation == .end }
            var reached: [Int32] = []
            if !ends.isEmpty { closure(from: ends, atStart: state == 0, atEnd: true, into: &reached) }
            endVerdict[index] = reached.contains { instructions[Int($0)].operation == .match } ? 2 : 1
        }
        return endVerdict[index] == 2
    }

    /// Writes into `members` the instructions reached from `starts` without reading a character, that read one,
    /// match, or (unless `atEnd`) wait for the end; sorted, each once. An explicit stack: a loop of empty repeats ends as every
    /// instruction is visited at most once.
    private func closure(from starts: [Int32], atStart: Bool, atEnd: Bool = false, into members: inout [Int32]) {
        generation &+= 1
        if generation == 0 {
            for index in marks.indices { marks[index] = 0 }
            for index in runsSeen.indices { runsSeen[index] = 0 }
            generation = 1
        }
        // The loops work on local arrays (taken from the matcher and given back): a class's stored arrays would
        // be checked for exclusive access at every element.
        let generation = generation
        var marks: [UInt32] = []
        swap(&marks, &self.marks)
        var stack: [Int32] = []
        swap(&stack, &self.stack)
        var visited = 0
        members.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        stack.append(contentsOf: starts.reversed())
        while let counter = stack.popLast() {
            let index = Int(counter)
            if marks[index] == generation { continue }
            marks[index] = generation
            visited += 1
            let instruction = instructions[index]
            switch instruction.operation {
            case .scalars, .match: members.append(counter)
            case .end:
                if atEnd { stack.append(counter + 1) } else { members.append(counter) }
            case .start: if atStart { stack.append(counter + 1) }
            case .jump: stack.append(instruction.x)
            case .split:
                stack.append(instruction.y)
                stack.append(instruction.x)
            }
        }
        if members.count > 64 && members.count * 8 >= instructions.count {
            // Many members: in order by one pass over the marks, cheaper than sorting thousands.
            members.removeAll(keepingCapacity: true)
            for index in instructions.indices where marks[index] == generation {
                switch instructions[index].operation {
                case .scalars, .match: members.append(Int32(index))
                case .end where !atEnd: members.append(Int32(index))
                default: break
                }
            }
        } else {
            members.sort()
        }
        swap(&marks, &self.marks)
        swap(&stack, &self.stack)
        steps += visited
        guard !runsSeen.isEmpty else { return }
        // In each optional run, the thread that has read the fewest of its characters (the first instruction) does
        // all the others can: the rest are dropped, so a state holds one thread per run, not up to 255.
        var runsSeen: [UInt32] = []
        swap(&runsSeen, &self.runsSeen)
        let optionalRun = program.optionalRun
        members.removeAll { member in
            let run = optionalRun[Int(member)]
            guard run >= 0 else { return false }
            if runsSeen[Int(run)] == generation { return true }
            runsSeen[Int(run)] = generation
            return false
        }
        swap(&runsSeen, &self.runsSeen)
    }

    /// Whether no instruction that reads a character or matches is reached from the first without passing a
    /// `^`: then a search that has not matched at the start never will later.
    private static func anchoredAtStart(_ instructions: [RegexProgram.Instruction]) -> Bool {
        var seen = [Bool](repeating: false, count: instructions.count)
        var stack: [Int32] = [0]
        while let counter = stack.popLast() {
            let index = Int(counter)
            if seen[index] { continue }
            seen[index] = true
            let instruction = instructions[index]
            switch instruction.operation {
            case .scalars, .match, .end: return false
            case .start: break
            case .jump: stack.append(instruction.x)
            case .split: stack.append(contentsOf: [instruction.x, instruction.y])
            }
        }
        return true
    }

    private func classOf(_ value: UInt32) -> Int {
        Int(intervalClasses[Self.intervalIndex(value, in: cuts)])
    }

    /// The index of the last of `cuts` (sorted, starting at 0) at or below `value`.
    private static func intervalIndex(_ value: UInt32, in cuts: [UInt32]) -> Int {
        var low = 0
        var high = cuts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if cuts[middle] <= value { low = middle } else { high = middle }
        }
        return low
    }

    /// The scalar at `index` (its lead byte not ASCII) and its length; an ill-formed sequence is U+FFFD for its
    /// longest valid start (at least one byte), as Unicode recommends and `String(decoding:as:)` does.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        let count = bytes.count
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> UInt32? {
            guard index + offset < count else { return nil }
            let byte = bytes[index + offset]
            return byte >= low && byte <= high ? UInt32(byte & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard let first = continuation(1) else { return (0xFFFD, 1) }
            return (UInt32(lead & 0x1F) << 6 | first, 2)
        case 0xE0...0xEF:
            let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
            guard let first = continuation(1, low, high) else { return (0xFFFD, 1) }
            guard let second = continuation(2) else { return (0xFFFD, 2) }
            return (UInt32(lead & 0x0F) << 12 | first << 6 | second, 3)
        case 0xF0...0xF4:
            let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
            guard let first = continuation(1, low, high) else { return (0xFFFD, 1) }
            guard let second = continuation(2) else { return (0xFFFD, 2) }
            guard let third = continuation(3) else { return (0xFFFD, 3) }
            return (UInt32(lead & 0x07) << 18 | first << 12 | second << 6 | third, 4)
        default:
            return (0xFFFD, 1)
        }
    }
}
