/// Tells an answer to lasso's own questions to the terminal (``TerminalQuestions``) from keys, when it arrives after
/// the wait, over a slow link, and curses hands it over as an Escape followed by its characters: `ESC [ ? 62 ; 4 c`
/// would otherwise be Escape, `[`, `?` (help), `6`, … The characters after the Escape are judged as they come.
enum LateAnswer {
    /// What the characters read after an Escape are.
    enum Verdict: Equatable {
        /// A whole answer: drop them, and the Escape.
        case answer
        /// The start of one: read on.
        case maybe
        /// Keys: give them, after the Escape, as typed.
        case keys
    }

    /// The longest answer taken (kitty's graphics answer with a long message): past it, what was read is keys.
    static let longest = 256

    /// Judges the characters read after an Escape (Unicode scalars' values): the device attributes
    /// (`[?64;4c`), xterm's graphics attributes (`[?2;0;1000;1000S`), the cell size (`[6;20;10t`) or kitty's
    /// graphics answer (`_Gi=31;OK ESC \`).
    static func judge(_ characters: [UInt32]) -> Verdict {
        guard let first = characters.first, characters.count <= longest else { return .keys }
        switch first {
        case ascii("["): return control(characters.dropFirst())
        case ascii("_"): return kitty(characters.dropFirst())
        default: return .keys
        }
    }

    /// `? digits-and-semicolons c|S`, or `6 ; digits-and-semicolons t`.
    private static func control(_ rest: ArraySlice<UInt32>) -> Verdict {
        guard let lead = rest.first else { return .maybe }
        let final: Set<UInt32>
        var body = rest.dropFirst()
        switch lead {
        case ascii("?"):
            final = [ascii("c"), ascii("S")]
        case ascii("6"):
            guard let semicolon = body.first else { return .maybe }
            guard semicolon == ascii(";") else { return .keys }
            body = body.dropFirst()
            final = [ascii("t")]
        default:
            return .keys
        }
        for (offset, character) in body.enumerated() {
            if isDigit(character) || character == ascii(";") { continue }
            // An answer has numbers before its final character, and nothing after it.
            return final.contains(character) && offset > 0 && offset == body.count - 1 ? .answer : .keys
        }
        return .maybe
    }

    /// `G …` ending with the string terminator `ESC \`.
    private static func kitty(_ rest: ArraySlice<UInt32>) -> Verdict {
        guard let lead = rest.first else { return .maybe }
        guard lead == ascii("G") else { return .keys }
        let body = Array(rest.dropFirst())
        for index in body.indices where body[index] == 27 {
            guard index + 1 < body.count else { return .maybe }
            return body[index + 1] == ascii("\\") && index + 2 == body.count ? .answer : .keys
        }
        return .maybe
    }

    private static func ascii(_ character: Unicode.Scalar) -> UInt32 { character.value }

    private static func isDigit(_ character: UInt32) -> Bool { character >= 0x30 && character <= 0x39 }
}
