/// Why a pattern is not a regular expression lasso matches: one sentence naming the construct and its place.
public struct RegexProblem: Error, Sendable, Equatable {
    public let text: String

    init(_ text: String) {
        self.text = text
    }
}
