/// Reading the members outside the view tree from the start of a document, for importers that build the view table
/// themselves and write only the document's head as JSON.
extension TopLevelFields {
    /// The top-level members of a document that starts with `head` (everything before the root view's object), read
    /// by the loader from the head and a stand-in root.
    package static func read(documentHead head: [UInt8], file: String) throws(InputError) -> TopLevelFields {
        let document = head + Array("{\"class\":\"UIView\"}\n}\n".utf8)
        return try document.withUnsafeBufferPointer { buffer throws(InputError) in
            var parser = SnapshotParser(buffer)
            do throws(SnapshotParser.Fault) {
                try parser.parseDocument()
            } catch {
                throw InputError(
                    file: file, line: 1, column: 1, jsonPath: error.field, expected: error.expected, found: error.found)
            }
            return parser.top
        }
    }
}
