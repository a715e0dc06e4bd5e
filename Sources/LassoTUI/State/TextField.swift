/// A one-line text input with a cursor, as the search prompt and the form's text fields use it.
///
/// The text is kept as the characters typed, with the cursor an offset into them, so that typing at the end, moving
/// the cursor and reading the length take the same time however long the text is (a paste of many thousands of
/// characters is as many cheap steps, not a walk of the text per character). A field holds at most
/// `maximumLength` characters. A field can start with an offered text (a guess the person checks): the first character
/// typed replaces it whole, while moving the cursor or deleting takes it to be edited.
public struct TextField: Sendable, Equatable {
    /// The most characters a field holds (128 Ki): far more than any path, key path, query or note needs, so that a
    /// paste of 100 KB goes in whole, and few enough that a field stays small.
    public static let maximumLength = 131_072

    /// The characters as typed, in order; a combining mark typed alone stays a character of its own here.
    public private(set) var characters: [Character]
    /// The cursor: how many characters come before it, from 0 to `count`.
    public private(set) var cursor: Int
    /// How many characters the last typing left out because the field was full; 0 when all went in.
    public private(set) var refused = 0
    /// True while the text is an offer nothing has been done to yet: typing replaces it rather than adding to it.
    public private(set) var offered = false

    public init(_ text: String = "") {
        characters = Array(text.prefix(Self.maximumLength))
        cursor = characters.count
    }

    /// A field holding `text` as an offer: typing replaces it, any other edit or move keeps it to be edited. An empty
    /// offer is an empty field.
    public init(offering text: String) {
        self.init(text)
        offered = !characters.isEmpty
    }

    /// The field's text.
    public var text: String { String(characters) }
    /// How many characters the field holds.
    public var count: Int { characters.count }
    public var isEmpty: Bool { characters.isEmpty }
    /// How many more characters fit.
    public var room: Int { Self.maximumLength - characters.count }

    /// Types `character` at the cursor; does nothing when the field is full.
    public mutating func insert(_ character: Character) {
        guard room > 0 else {
            refused = 1
            return
        }
        refused = 0
        if cursor == characters.count {
            characters.append(character)
        } else {
            characters.insert(character, at: cursor)
        }
        cursor += 1
    }

    /// Types `text` at the cursor, as far as it fits; returns how many of its characters did not fit.
    @discardableResult
    public mutating func insert(contentsOf text: String) -> Int {
        var left = 0
        var typed: [Character] = []
        for character in text {
            if typed.count < room { typed.append(character) } else { left += 1 }
        }
        if cursor == characters.count {
            characters.append(contentsOf: typed)
        } else {
            characters.insert(contentsOf: typed, at: cursor)
        }
        cursor += typed.count
        refused = left
        return left
    }

    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        if cursor == characters.count {
            characters.removeLast()
        } else {
            characters.remove(at: cursor - 1)
        }
        cursor -= 1
    }

    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    public mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    public mutating func moveHome() { cursor = 0 }
    public mutating func moveEnd() { cursor = characters.count }

    /// Puts the cursor `position` characters in, kept within the text.
    public mutating func moveCursor(to position: Int) { cursor = min(max(0, position), characters.count) }

    public mutating func set(_ value: String) {
        characters = Array(value.prefix(Self.maximumLength))
        cursor = characters.count
        offered = false
    }

    /// Does `action` when it types, deletes, clears or moves the cursor; any other action leaves the text as it is.
    /// Whatever is not typing forgets that the last typing was refused.
    public mutating func apply(_ action: Action) {
        if offered {
            switch action {
            case .insert, .insertText: set("")
            case .deleteBackward, .deleteForward, .clearField, .cursorLeft, .cursorRight, .cursorHome, .cursorEnd:
                offered = false
            default: break
            }
        }
        switch action {
        case .insert(let character): insert(character)
        case .insertText(let text): insert(contentsOf: text)
        default:
            refused = 0
            switch action {
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
    }

    /// True for the actions that type characters.
    public static func types(_ action: Action) -> Bool {
        switch action {
        case .insert, .insertText: true
        default: false
        }
    }

    /// True for the actions that edit a field's text (typing, deleting, clearing), which mark a form changed.
    public static func edits(_ action: Action) -> Bool {
        switch action {
        case .insert, .insertText, .deleteBackward, .deleteForward, .clearField: true
        default: false
        }
    }
}
