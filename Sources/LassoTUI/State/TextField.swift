/// A one-line text input with a cursor, as the search prompt and the form's text fields use it.
public struct TextField: Sendable, Equatable {
    public var text: String
    /// The cursor as a character offset into `text`.
    public var cursor: Int

    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    public mutating func insert(_ character: Character) {
        let index = text.index(text.startIndex, offsetBy: cursor)
        text.insert(character, at: index)
        cursor += 1
    }

    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
        cursor -= 1
    }

    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: text.index(text.startIndex, offsetBy: cursor))
    }

    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    public mutating func moveRight() { cursor = min(text.count, cursor + 1) }
    public mutating func moveHome() { cursor = 0 }
    public mutating func moveEnd() { cursor = text.count }

    public mutating func set(_ value: String) {
        text = value
        cursor = value.count
    }
}
