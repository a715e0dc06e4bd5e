import LassoDocuments
import LassoSnapshot

/// Says in plain words what one index of the circle form's path means: this row only, any row of this list,
/// this one only, or any position here.
enum LocationWords {
    static func describe(_ form: CircleForm, cursor: Int) -> String {
        describe(exactPath: form.draft.exactPath, anyIndex: form.anyIndex, cursor: cursor)
    }

    /// The same for any location made of an exact path and its "any" toggles (the event form's too).
    static func describe(exactPath: ViewPath, anyIndex: [Bool], cursor: Int) -> String {
        let exact = exactPath.segments[cursor]
        let name = exact.label
        let toggle = KeyHint.toggleAny.key
        if cursor == 0 {
            return "▸ \(name): the page; it stays as it is"
        }
        switch (exact.index, anyIndex[cursor]) {
        case (.cell(_, let row), false):
            return "▸ \(name): this row only (row \(row.map(String.init) ?? "*"))  ·  \(toggle): any row of this list"
        case (.cell, true):
            return "▸ \(name): any row of this list  ·  \(toggle): this row only"
        case (.position(let index), false):
            return
                "▸ \(name): this one only (number \(index.map(String.init) ?? "*") here)  ·  \(toggle): any position here"
        case (.position, true):
            return "▸ \(name): any position here  ·  \(toggle): this one only"
        }
    }
}
