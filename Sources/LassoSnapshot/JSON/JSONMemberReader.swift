/// A reader that takes over the value of chosen object members while `JSONParser` parses a document, so that an
/// importer reads a dump's bulk in place instead of as `JSONValue`s.
package protocol JSONMemberReader {
    /// Whether the value of a member named `key` is read by `read`.
    func reads(_ key: String) -> Bool
    /// Reads the value at the cursor, nested `depth` levels deep, and gives what stands for it in the document.
    mutating func read(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> JSONValue
}

/// The reader of a plain parse: it takes over no member.
package struct NoMemberReader: JSONMemberReader {
    package init() {}
    @inline(__always) package func reads(_ key: String) -> Bool { false }
    package mutating func read(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> JSONValue {
        try JSONParser.parseValue(&scanner, depth: depth)
    }
}
