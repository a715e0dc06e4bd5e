import Foundation

extension Condition {
    /// Parses comma-separated `KEY=VALUE` conditions as a person types them in one line (`title=OK, action=buy:`),
    /// skipping empty parts; fails on the first part that is not `KEY=VALUE`.
    public static func parseList(_ text: String) -> Result<[Condition], ConditionSyntaxError> {
        var result: [Condition] = []
        for part in text.split(separator: ",") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let condition = Condition(parsing: trimmed) else {
                return .failure(ConditionSyntaxError(text: trimmed))
            }
            result.append(condition)
        }
        return .success(result)
    }
}

/// A part of a condition list that is not `KEY=VALUE`.
public struct ConditionSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The part as typed, without surrounding spaces.
    public var text: String

    public init(text: String) { self.text = text }

    public var description: String { "a condition must be KEY=VALUE, not \"\(text)\"" }
}
