import Foundation
import LassoSnapshot

/// Walks the lines of a debugger dump's UTF-8 bytes, giving its view descriptions one at a time (with their nesting
/// level) and keeping its controllers; descriptions that a line break cuts (a label's text with a newline) are joined
/// back together.
struct UIKitTextListing {
    /// A view's description: its nesting level, the line it starts on, and where it is in the text.
    struct Found {
        var level: Int
        var line: Int
        var range: Range<Int>
        var view: DebugLine.View
    }

    let text: UnsafeBufferPointer<UInt8>
    let file: String
    /// Whether nesting is told by `|` marks (else by indentation).
    let usesMarks: Bool
    /// Whether any line break is (or has) a `\r`.
    let carriageReturns: Bool
    /// The members of the last view found.
    private(set) var members: [DebugLine.Member] = []
    private(set) var controllers: [(controller: DebugLine.Controller, presented: Bool)] = []
    private(set) var views = 0
    private(set) var layers = 0
    private(set) var skipped = 0
    private(set) var firstSkipped = ""
    private(set) var firstLine: (number: Int, text: String)?
    private var position = 0
    private var number = 0

    /// How many following lines a description may run over (a label's text with line breaks).
    static let longestContinuation = 200

    init(text: UnsafeBufferPointer<UInt8>, file: String) {
        self.text = text
        self.file = file
        carriageReturns = Self.hasCarriageReturns(text)
        usesMarks = Self.usesMarks(text, carriageReturns: carriageReturns)
        members.reserveCapacity(32)
    }

    /// Whether any line has `|` or `+` marks before a description that is not a view controller's: the marks of
    /// `_printHierarchy` lines say nothing of how the views are nested.
    private static func usesMarks(_ text: UnsafeBufferPointer<UInt8>, carriageReturns: Bool) -> Bool {
        var start = 0
        var members: [DebugLine.Member] = []
        while start < text.count {
            let end = lineEnd(text, from: start, carriageReturns: carriageReturns)
            let prefix = DebugLine.prefix(text, start..<end)
            if prefix.marks > 0, prefix.rest < end, text[prefix.rest] == UInt8(ascii: "<") {
                if case .controller = DebugLine.parse(text, prefix.rest..<end, members: &members) {
                } else {
                    return true
                }
            }
            start = nextLine(text, after: end)
        }
        return false
    }

    /// Where the line that starts at `start` ends (at its line break, or the end of the text); `carriageReturns` says
    /// whether the text has any `\r`, without which `memchr` finds the end.
    static func lineEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int, carriageReturns: Bool = true) -> Int {
        let count = text.count
        guard start < count, let base = text.baseAddress else { return count }
        if !carriageReturns {
            guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start) else { return count }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        var index = start
        while index < count {
            let byte = text[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return index }
            index += 1
        }
        return count
    }

    /// Whether the text has a carriage return anywhere (Windows or classic Mac line breaks).
    private static func hasCarriageReturns(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress, !text.isEmpty else { return false }
        return memchr(base, Int32(UInt8(ascii: "\r")), text.count) != nil
    }

    /// Where the next line starts, past the line break at `end` (`\n`, `\r\n` or `\r`).
    static func nextLine(_ text: UnsafeBufferPointer<UInt8>, after end: Int) -> Int {
        guard end < text.count else { return end + 1 }
        if text[end] == UInt8(ascii: "\r"), end + 1 < text.count, text[end + 1] == UInt8(ascii: "\n") { return end + 2 }
        return end + 1
    }

    /// The next view description, or nil at the end of the text; controllers, layers and other lines on the way are
    /// counted or kept.
    mutating func next() throws(InputError) -> Found? {
        // A text that ends in a line break has an empty last line after it, as splitting the text gives.
        while position <= text.count {
            let lineStart = position
            var end = Self.lineEnd(text, from: lineStart, carriageReturns: carriageReturns)
            position = Self.nextLine(text, after: end)
            number += 1
            let prefix = DebugLine.prefix(text, lineStart..<end)
            if prefix.rest == end { continue }
            if firstLine == nil {
                firstLine = (number, ByteText.string(text, prefix.rest..<min(end, prefix.rest + 400)))
            }
            var parsed = DebugLine.parse(text, prefix.rest..<end, members: &members)
            var extra = 0
            while case .incomplete = parsed {
                guard position <= text.count, extra < Self.longestContinuation else {
                    throw InputError(
                        file: file, line: number - extra, column: prefix.indent + prefix.marks + 1,
                        expected: "the '>' that ends the description of this view",
                        found: position > text.count
                            ? "the end of the file: the dump is cut short" : "\(extra) lines without it")
                }
                end = Self.lineEnd(text, from: position, carriageReturns: carriageReturns)
                position = Self.nextLine(text, after: end)
                number += 1
                extra += 1
                parsed = DebugLine.parse(text, prefix.rest..<end, members: &members)
            }
            let level = usesMarks ? prefix.marks : prefix.indent
            switch parsed {
            case .view(let view):
                views += 1
                return Found(level: level, line: number - extra, range: prefix.rest..<end, view: view)
            case .controller(let controller): controllers.append((controller, prefix.presented))
            case .layer: layers += 1
            case .other, .incomplete:
                if end == text.count, text[prefix.rest] == UInt8(ascii: "<"), views > 0 {
                    // A last line that starts a description and stops: the file was cut in the middle of it.
                    let rest = ByteText.string(text, prefix.rest..<min(end, prefix.rest + 160))
                    throw InputError(
                        file: file, line: number, column: prefix.indent + prefix.marks + 1,
                        expected: "a view description such as <UIView: 0x7f8e4bc0b2a0; frame = (0 0; 375 667); …>",
                        found:
                            "\"\(DisplayText.escaped(String(rest.prefix(40))))\" and the end of the file: the dump is cut short"
                    )
                }
                if skipped == 0 { firstSkipped = ByteText.string(text, prefix.rest..<min(end, prefix.rest + 400)) }
                skipped += 1
            }
        }
        return nil
    }
}
