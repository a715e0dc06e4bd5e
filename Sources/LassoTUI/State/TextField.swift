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

    /// Does `action` when it types, deletes, clears or moves the cursor; any other action leaves the field as it is.
    public mutating func apply(_ action: Action) {
        switch action {
        case .insert(let character): insert(character)
        case .deleteBackward: deleteBackward()
        case .deleteForward: deleteForward()
        case .clearField: set("")
        case .cursorLeft: moveLeft()
        case .cursorRight: moveRight()
        case .cursorHome: moveHome()
        case .cursorEnd: moveEnd()
        default: break
        }
    }

    /// True for the actions that edit a field's text (typing, deleting, clearing), which mark a form changed.
    public static func edits(_ action: Action) -> Bool {
        switch action {
        case .insert, .deleteBackward, .deleteForward, .clearField: true
        default: false
        }
    }
}
