import Foundation
import LassoSnapshot
import Synchronization

/// Writes lasso's output and messages: human-readable text with its control characters escaped (never a terminal
/// command), JSON exactly; once the reader of standard output has gone away, output ends quietly and the command goes on
/// with its other work (a pull still writes its files), while a command whose only work is printing asks
/// `isOutputOpen` and stops.
enum Console {
    /// False after standard output refused a write (EPIPE when the reader closed it): later output is dropped.
    private static let outputOpen = Atomic<Bool>(true)

    /// False once standard output has refused a write: whatever is still to print has no reader.
    static var isOutputOpen: Bool { outputOpen.load(ordering: .relaxed) }

    /// A human-readable line (or lines), shown terminal-safe.
    static func print(_ text: String) {
        output(DisplayText.terminalSafe(text) + "\n")
    }

    /// Human-readable text without an added line feed (a large output written in chunks), shown terminal-safe.
    static func write(_ text: String) {
        output(DisplayText.terminalSafe(text))
    }

    /// Text that must reach standard output byte for byte (JSON, a config file's text).
    static func exact(_ text: String, terminator: String = "\n") {
        output(text + terminator)
    }

    /// UTF-8 that must reach standard output byte for byte, with a line feed added unless it ends with one (a
    /// snapshot's text: written as it is, with no copy into a `String`).
    static func exact(utf8 bytes: [UInt8]) {
        guard outputOpen.load(ordering: .relaxed) else { return }
        if DescriptorWrite.all(bytes, to: STDOUT_FILENO) != nil
            || (bytes.last != UInt8(ascii: "\n") && DescriptorWrite.all([UInt8(ascii: "\n")], to: STDOUT_FILENO) != nil)
        {
            outputOpen.store(false, ordering: .relaxed)
        }
    }

    /// One value inside a line of a table or a report, escaped whole: a line feed, a tab or any other control in it
    /// shows as `\n`, `\t`, `\u{…}`, never as a new row or column. Every cell of every table goes through here.
    static func cell(_ value: String) -> String {
        DisplayText.escaped(value)
    }

    /// A line of a tab-separated table, each of its cells through `cell`.
    static func row(_ cells: [String]) {
        output(cells.map(cell).joined(separator: "\t") + "\n")
    }

    static func json(_ value: JSONValue) {
        exact(JSONWriter.pretty(value))
    }

    /// A JSON array of `count` items written as `json` writes it, made and sent an item at a time (64 KB a write), so
    /// that a long array is never whole in memory and stops being made when the reader has gone.
    static func jsonArray(count: Int, item: (Int) -> JSONValue) {
        guard count > 0 else {
            exact("[]")
            return
        }
        var out = "["
        for index in 0..<count {
            out += index == 0 ? "\n  " : ",\n  "
            out += JSONWriter.pretty(item(index), level: 1)
            if out.utf8.count >= 1 << 16 {
                output(out)
                out = ""
                guard isOutputOpen else { return }
            }
        }
        exact(out + "\n]")
    }

    /// A message on standard error, after "lasso: ", shown terminal-safe.
    static func error(_ text: String) {
        _ = DescriptorWrite.all(Array(("lasso: " + DisplayText.terminalSafe(text) + "\n").utf8), to: STDERR_FILENO)
    }

    private static func output(_ text: String) {
        guard outputOpen.load(ordering: .relaxed) else { return }
        if DescriptorWrite.all(Array(text.utf8), to: STDOUT_FILENO) != nil {
            outputOpen.store(false, ordering: .relaxed)
        }
    }
}
