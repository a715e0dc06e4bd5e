/// A line the UI says to the person, with its kind, so that drawing and tests never read meaning back from the words.
public struct Message: Sendable, Equatable {
    /// How the message is meant: news, a caution, a save the rules refused, or something that failed.
    public enum Kind: Sendable, Equatable {
        case info, warning, refusal, error
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    public static func info(_ text: String) -> Message { Message(.info, text) }
    public static func warning(_ text: String) -> Message { Message(.warning, text) }
    public static func refusal(_ text: String) -> Message { Message(.refusal, text) }
    public static func error(_ text: String) -> Message { Message(.error, text) }
}
