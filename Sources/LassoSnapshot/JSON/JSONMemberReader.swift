/// A reader that takes over the value of chosen object members while `JSONParser` parses a document, so that an
/// importer reads a dump's bulk in place instead of as `JSONValue`s. A class: the parser asks it at each member of
/// the objects it parses itself, through one reference.
package protocol JSONMemberReader: AnyObject {
    /// Whether the value of a member named `key` is read by `read`.
    func reads(_ key: String) -> Bool
    /// Reads the value at the cursor, nested `depth` levels deep, and gives what stands for it in the document.
    func read(_ scanner: inout ByteScanner, depth: Int) throws(ScanError) -> JSONValue
}
