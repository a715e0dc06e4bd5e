import LassoSnapshot
import LassoTUI

/// The UI's text field (`TextField`) under edits: each byte is an edit (typing a character, a paste, deleting,
/// moving, clearing), and after each one the field must agree with a plain model of the same edits (an array of the
/// characters typed and a cursor), hold no more than its limit and keep its cursor within its text; at the end it is
/// the model's text, and drawn on a grid no control character reaches a cell.
enum TextFieldTarget {
    /// The characters typed: plain, wide, a combining mark alone, ESC, a line feed, a flag's halves, an emoji.
    static let alphabet: [Character] = [
        "a", "e", "\u{301}", "中", "\u{1B}", "\n", "\u{1F1EF}", "\u{1F1F5}", "👍", "\u{200E}", " ", "\r",
    ]

    static func run(_ bytes: [UInt8]) {
        var field = TextField()
        var model: [Character] = []
        var cursor = 0
        var position = 0
        var filled = false
        func next() -> Int {
            defer { position += 1 }
            return position < bytes.count ? Int(bytes[position]) : 0
        }
        while position < bytes.count {
            let operation = next()
            switch operation % 10 {
            case 0, 1, 2:
                let character = alphabet[next() % alphabet.count]
                field.apply(.insert(character))
                if model.count < TextField.maximumLength {
                    model.insert(character, at: cursor)
                    cursor += 1
                }
            case 3:
                // A paste: up to 255 characters, or, once an input, a long run that may fill the field.
                let long = operation % 80 == 3 && !filled
                filled = filled || long
                let length = long ? next() * 520 : next()
                let text = String((0..<length).map { alphabet[($0 * 7 + operation) % alphabet.count] })
                field.apply(.insertText(text))
                let typed = Array(text).prefix(TextField.maximumLength - model.count)
                model.insert(contentsOf: typed, at: cursor)
                cursor += typed.count
            case 4:
                field.apply(.deleteBackward)
                if cursor > 0 {
                    model.remove(at: cursor - 1)
                    cursor -= 1
                }
            case 5:
                field.apply(.deleteForward)
                if cursor < model.count { model.remove(at: cursor) }
            case 6:
                field.apply(.cursorLeft)
                cursor = max(0, cursor - 1)
            case 7:
                field.apply(.cursorRight)
                cursor = min(model.count, cursor + 1)
            case 8:
                field.apply(operation % 20 == 8 ? .cursorHome : .cursorEnd)
                cursor = operation % 20 == 8 ? 0 : model.count
            default:
                field.apply(.clearField)
                model = []
                cursor = 0
            }
            // The whole text is compared while it is short, its length and cursor always, the whole text at the end.
            guard field.count == model.count, field.cursor == cursor, field.count <= TextField.maximumLength,
                (0...field.count).contains(field.cursor), model.count > 4_096 || field.characters == model
            else {
                broken(
                    "the field (\(field.count) characters, cursor \(field.cursor)) is not the model (\(model.count), cursor \(cursor))",
                    bytes)
            }
        }
        guard field.characters == model, field.text == String(model) else {
            broken("the field's text is not the model's", bytes)
        }
        var grid = Grid(width: 24, height: 1)
        let end = grid.put(String(field.text.suffix(200)), x: 0, y: 0, style: .input)
        guard end <= 24 else { broken("a field drawn 24 wide ends at column \(end)", bytes) }
        for x in 0..<grid.width where grid[x, 0].text.unicodeScalars.contains(where: DisplayText.isEscaped) {
            broken("a control character reached the grid at column \(x)", bytes)
        }
    }
}
