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

    /// The top-level members of a document that starts with `head`, with `head` appended to `store` (the bytes a built
    /// table points into) and their byte references moved to where it lies there.
    package static func appending(documentHead head: [UInt8], to store: inout [UInt8], file: String)
        throws(InputError) -> TopLevelFields
    {
        guard store.count + head.count <= FileBytes.maxSize else {
            throw InputError(
                file: file, line: 1, column: 1, expected: "a dump whose snapshot is at most 2 GiB",
                found: "one whose texts and values take \(store.count + head.count) bytes")
        }
        var top = try read(documentHead: head, file: file)
        let offset = UInt32(store.count)
        store.append(contentsOf: head)
        if let data = top.screenshot?.data { top.screenshot?.data = data.shifted(by: offset) }
        if let text = top.screenshot?.fileText { top.screenshot?.fileText = text.shifted(by: offset) }
        top.extras = top.extras.map { ExtraField(key: $0.key, value: $0.value.shifted(by: offset)) }
        return top
    }
}
