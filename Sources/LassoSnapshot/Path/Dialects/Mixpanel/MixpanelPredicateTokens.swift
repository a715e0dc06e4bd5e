/// Splits a predicate into words and signs, refusing the parts of `NSPredicate`'s format lasso does not evaluate.
enum MixpanelPredicateTokens {
    typealias Token = MixpanelPredicateParser.Token

    /// Words `NSPredicate` knows that lasso does not evaluate, with what they are.
    static let unsupportedWords: [String: String] = [
        "LIKE": "the LIKE operator", "MATCHES": "the MATCHES operator", "BETWEEN": "the BETWEEN operator",
        "ANY": "the ANY aggregate", "ALL": "the ALL aggregate", "SOME": "the SOME aggregate",
        "NONE": "the NONE aggregate", "SUBQUERY": "SUBQUERY", "FUNCTION": "FUNCTION", "SELF": "SELF",
        "FIRST": "FIRST", "LAST": "LAST", "SIZE": "SIZE", "CAST": "CAST", "UTI-CONFORMS-TO": "UTI-CONFORMS-TO",
    ]

    static func read(_ text: String) throws(MixpanelPredicateError) -> [Token] {
        let characters = Array(text)
        var tokens: [Token] = []
        var at = 0
        func fail(_ what: String) -> MixpanelPredicateError {
            MixpanelPredicateError(
                "at character \(at + 1): \(what) is not supported; lasso evaluates \(MixpanelPredicateParser.supported)"
            )
        }
        while at < characters.count {
            let start = at
            let character = characters[at]
            if character.isWhitespace {
                at += 1
                continue
            }
            func add(_ kind: Token.Kind, _ length: Int) {
                tokens.append(Token(kind: kind, offset: start, length: length))
                at = start + length
            }
            let next: Character? = at + 1 < characters.count ? characters[at + 1] : nil
            switch character {
            case "(": add(.open, 1)
            case ")": add(.close, 1)
            case "{": add(.openBrace, 1)
            case "}": add(.closeBrace, 1)
            case ",": add(.comma, 1)
            case "=":
                if next == "=" {
                    add(.comparison(.equal), 2)
                } else if next == "<" {
                    add(.comparison(.lessOrEqual), 2)
                } else if next == ">" {
                    add(.comparison(.greaterOrEqual), 2)
                } else {
                    add(.comparison(.equal), 1)
                }
            case "!":
                if next == "=" { add(.comparison(.notEqual), 2) } else { add(.not, 1) }
            case "<":
                if next == "=" {
                    add(.comparison(.lessOrEqual), 2)
                } else if next == ">" {
                    add(.comparison(.notEqual), 2)
                } else {
                    add(.comparison(.less), 1)
                }
            case ">":
                if next == "=" { add(.comparison(.greaterOrEqual), 2) } else { add(.comparison(.greater), 1) }
            case "&":
                guard next == "&" else { throw fail("a single &") }
                add(.and, 2)
            case "|":
                guard next == "|" else { throw fail("a single |") }
                add(.or, 2)
            case "\"", "'":
                at += 1
                var value = ""
                var closed = false
                while at < characters.count {
                    let c = characters[at]
                    if c == character {
                        closed = true
                        at += 1
                        break
                    }
                    if c == "\\", at + 1 < characters.count {
                        let escaped = characters[at + 1]
                        switch escaped {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        case "r": value.append("\r")
                        default: value.append(escaped)
                        }
                        at += 2
                        continue
                    }
                    value.append(c)
                    at += 1
                }
                guard closed else {
                    at = start
                    throw MixpanelPredicateError("at character \(start + 1): a quoted string is not closed")
                }
                tokens.append(Token(kind: .string(value), offset: start, length: at - start))
            case "$": throw fail("a $variable")
            case "%": throw fail("a %@ format argument")
            case "[": throw fail("an operator option such as [c] or [cd]")
            case "#": throw fail("a # reserved word")
            default:
                if character.isASCII && (character.isNumber || character == "-" || character == "+" || character == ".")
                {
                    var end = at + 1
                    while end < characters.count,
                        characters[end].isASCII
                            && (characters[end].isNumber || characters[end] == "." || characters[end] == "e"
                                || characters[end] == "E"
                                || ((characters[end] == "-" || characters[end] == "+")
                                    && (characters[end - 1] == "e" || characters[end - 1] == "E")))
                    {
                        end += 1
                    }
                    guard let number = Double(String(characters[at..<end])), number.isFinite else {
                        throw fail("the number \"\(String(characters[at..<end]))\"")
                    }
                    add(.number(number), end - at)
                } else if character.isLetter || character == "_" || character == "@" {
                    var end = at + 1
                    while end < characters.count,
                        characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
                            || characters[end] == "." || characters[end] == "@"
                    {
                        end += 1
                    }
                    let word = String(characters[at..<end])
                    switch word.uppercased() {
                    case "AND": add(.and, end - at)
                    case "OR": add(.or, end - at)
                    case "NOT": add(.not, end - at)
                    case "TRUEPREDICATE": add(.truePredicate, end - at)
                    case "FALSEPREDICATE": add(.falsePredicate, end - at)
                    case "TRUE", "YES": add(.number(1), end - at)
                    case "FALSE", "NO": add(.number(0), end - at)
                    case "NIL", "NULL": add(.null, end - at)
                    case "BEGINSWITH": add(.comparison(.beginsWith), end - at)
                    case "ENDSWITH": add(.comparison(.endsWith), end - at)
                    case "CONTAINS": add(.comparison(.contains), end - at)
                    case "IN": add(.comparison(.isIn), end - at)
                    case let upper:
                        if let what = unsupportedWords[upper] { throw fail(what) }
                        add(.keyPath(word), end - at)
                    }
                } else {
                    throw fail("the character \"\(character)\"")
                }
            }
        }
        return tokens
    }
}
