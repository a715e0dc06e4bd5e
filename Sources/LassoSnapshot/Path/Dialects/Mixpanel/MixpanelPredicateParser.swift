/// Reads the `NSPredicate` format subset of Mixpanel selectors in one pass over the text, naming any construct it
/// does not evaluate; nesting (parentheses and `NOT`) is capped at `maximumNesting` so that no input runs deep.
public struct MixpanelPredicateParser {
    /// How deeply parentheses and `NOT` may nest.
    public static let maximumNesting = 32
    /// What lasso evaluates, for the messages that name something else.
    static let supported =
        "==, =, !=, <>, <, >, <=, >=, AND (&&), OR (||), NOT (!), BEGINSWITH, CONTAINS, ENDSWITH, IN, TRUEPREDICATE, "
        + "FALSEPREDICATE, parentheses, quoted strings, numbers, true/false/YES/NO, nil, {aggregates} and key paths"

    private let text: String
    private let tokens: [Token]
    private var position = 0
    private var nesting = 0

    /// Parses `text`, or throws a sentence saying where and what is wrong.
    public static func parse(_ text: String) throws(MixpanelPredicateError) -> MixpanelPredicate {
        var parser = MixpanelPredicateParser(text: text, tokens: try MixpanelPredicateTokens.read(text))
        guard !parser.tokens.isEmpty else { throw MixpanelPredicateError("the predicate is empty") }
        let predicate = try parser.disjunction()
        if parser.position < parser.tokens.count {
            throw parser.unexpected(parser.tokens[parser.position], expected: "AND, OR or the end of the predicate")
        }
        return predicate
    }

    private init(text: String, tokens: [Token]) {
        self.text = text
        self.tokens = tokens
    }

    private var current: Token? { position < tokens.count ? tokens[position] : nil }

    private mutating func take(_ kinds: Token.Kind...) -> Token? {
        guard let token = current, kinds.contains(token.kind) else { return nil }
        position += 1
        return token
    }

    private mutating func disjunction() throws(MixpanelPredicateError) -> MixpanelPredicate {
        var parts = [try conjunction()]
        while take(.or) != nil { parts.append(try conjunction()) }
        return parts.count == 1 ? parts[0] : .any(parts)
    }

    private mutating func conjunction() throws(MixpanelPredicateError) -> MixpanelPredicate {
        var parts = [try negation()]
        while take(.and) != nil { parts.append(try negation()) }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    private mutating func negation() throws(MixpanelPredicateError) -> MixpanelPredicate {
        guard take(.not) != nil else { return try primary() }
        try enter()
        defer { nesting -= 1 }
        return .not(try negation())
    }

    private mutating func enter() throws(MixpanelPredicateError) {
        nesting += 1
        if nesting > Self.maximumNesting {
            throw MixpanelPredicateError(
                "the predicate nests parentheses and NOT more than \(Self.maximumNesting) deep, which lasso does not read"
            )
        }
    }

    private mutating func primary() throws(MixpanelPredicateError) -> MixpanelPredicate {
        guard let token = current else {
            throw MixpanelPredicateError("the predicate ends where a comparison should follow")
        }
        switch token.kind {
        case .open:
            position += 1
            try enter()
            let inner = try disjunction()
            nesting -= 1
            guard take(.close) != nil else {
                throw current.map { unexpected($0, expected: ")") }
                    ?? MixpanelPredicateError("the predicate ends before the ) that closes a (")
            }
            return inner
        case .truePredicate:
            position += 1
            return .constant(true)
        case .falsePredicate:
            position += 1
            return .constant(false)
        default:
            let left = try operand()
            guard let op = current, case .comparison(let comparison) = op.kind else {
                throw current.map { unexpected($0, expected: "a comparison such as == or CONTAINS") }
                    ?? MixpanelPredicateError("the predicate ends where a comparison such as == should follow")
            }
            position += 1
            return .compare(left, comparison, try operand())
        }
    }

    private mutating func operand() throws(MixpanelPredicateError) -> MixpanelOperand {
        guard let token = current else {
            throw MixpanelPredicateError("the predicate ends where a value should follow")
        }
        position += 1
        switch token.kind {
        case .keyPath(let path): return .keyPath(path)
        case .string(let value): return .string(value)
        case .number(let value): return .number(value)
        case .null: return .null
        case .openBrace:
            var items: [MixpanelOperand] = []
            if take(.closeBrace) != nil { return .list(items) }
            repeat {
                let item = try operand()
                if case .keyPath = item {
                    throw MixpanelPredicateError("an aggregate {…} holds literals only, found a key path")
                }
                items.append(item)
            } while take(.comma) != nil
            guard take(.closeBrace) != nil else {
                throw current.map { unexpected($0, expected: ", or }") }
                    ?? MixpanelPredicateError("the predicate ends before the } that closes an aggregate")
            }
            return .list(items)
        default:
            throw unexpected(token, expected: "a key path, a quoted string or a number")
        }
    }

    private func unexpected(_ token: Token, expected: String) -> MixpanelPredicateError {
        MixpanelPredicateError(
            "at character \(token.offset + 1): expected \(expected), found \(token.describe(in: text))")
    }

    /// One word or sign of a predicate and where it starts (in characters).
    struct Token {
        enum Kind: Equatable {
            case keyPath(String)
            case string(String)
            case number(Double)
            case null
            case comparison(MixpanelComparison)
            case and, or, not, truePredicate, falsePredicate
            case open, close, openBrace, closeBrace, comma
        }
        var kind: Kind
        var offset: Int
        var length: Int

        func describe(in text: String) -> String {
            let characters = Array(text)
            return "\"" + String(characters[offset..<min(characters.count, offset + length)]) + "\""
        }
    }
}

/// Why a predicate cannot be read: one sentence.
public struct MixpanelPredicateError: Error, Sendable, Equatable {
    public var reason: String
    init(_ reason: String) { self.reason = reason }
}
