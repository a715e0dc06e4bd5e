/// One fault in an input file, told the way a person can act on it: the file, the place, what was expected and what was found.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// Where in the document, as a JSON path (`$.root.children[2].frame`), when known.
    public var jsonPath: String?
    public var expected: String
    public var found: String

    public init(
        file: String, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, expected: String, found: String
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.expected = expected
        self.found = found
    }

    public var description: String {
        // A file name or a key may hold a tab or an escape sequence: shown as an escape, never as itself.
        var place = DisplayText.escaped(file)
        if let line, let column { place += ":\(line):\(column)" }
        if let jsonPath { place += ": " + DisplayText.escaped(jsonPath) }
        return "\(place): expected \(expected), found \(found)"
    }
}

/// Finds the line and column (both from 1, the column counted in characters) of a byte offset.
package enum SourcePosition {
    package static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int)
    {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var index = 0
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        index = lineStart
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (line, column)
    }
}
