import LassoDocuments

/// The first line as a definition's regex, the rest as a value: `RegexProgram` compiles it or refuses it in
/// words, `RegexMatcher` matches the whole value, and on the value's first 24 characters gives the verdict of
/// `BacktrackingReference`, a plain backtracking matcher of the same subset (compared only when it finishes
/// within its step budget).
enum RegexTarget {
    static func run(_ bytes: [UInt8]) {
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let pattern = String(decoding: bytes[..<newline], as: UTF8.self)
        let value = newline < bytes.count ? Array(bytes[(newline + 1)...]) : []
        let program: RegexProgram
        do {
            program = try RegexProgram(pattern: pattern)
        } catch {
            guard !error.text.isEmpty, ContentCondition.regexProblem(pattern) == error.text else {
                broken("a refusal without words, or other words from the definition check", bytes)
            }
            return
        }
        guard program.size <= RegexProgram.maximumSize + 1 else { broken("a program over the limit", bytes) }
        let matcher = RegexMatcher(program)
        _ = value.withUnsafeBufferPointer { matcher.matches($0) }
        let text = String(decoding: value, as: UTF8.self)
        let short = String(String.UnicodeScalarView(text.unicodeScalars.prefix(24)))
        let reference = BacktrackingReference(pattern: pattern)
        guard let expected = reference.search(Array(short.unicodeScalars).map(\.value)) else { return }
        let small = RegexMatcher(program, maximumStates: 3)
        guard matcher.matches(short) == expected, small.matches(short) == expected else {
            broken(
                "the engine says \(!expected) where backtracking says \(expected) on \(short.debugDescription)", bytes)
        }
    }
}
