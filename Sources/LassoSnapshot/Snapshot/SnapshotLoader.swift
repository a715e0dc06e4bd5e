/// Turns a file, or bytes, into a `Snapshot`, or into one clear message saying where and why it is not valid.
public enum SnapshotLoader {
    public static func load(path: String) throws -> Snapshot {
        let bytes = try FileBytes.read(path)
        return try load(bytes: bytes, file: path)
    }

    public static func load(bytes: [UInt8], file: String) throws(InputError) -> Snapshot {
        let outcome: Result<SnapshotParser, InputError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = SnapshotParser(buffer)
            do throws(SnapshotParser.Fault) {
                try parser.parseDocument()
                return .success(parser)
            } catch {
                return .failure(describe(error, parser: parser, buffer: buffer, file: file))
            }
        }
        return Snapshot(file: file, bytes: bytes, parser: try outcome.get())
    }

    /// The first `views` views of the snapshot whose first bytes are `bytes` (the start of a bigger file), as a
    /// snapshot of their own: what the terminal UI shows while the rest loads. Views still open where it stopped
    /// end there (their subtree is what was read). Nil when it cannot be shown alone: the document ends before
    /// `views` views (then the whole of it is the snapshot), is not valid in what was read, or an open view has not
    /// said its class yet.
    public static func loadFirstViews(bytes: [UInt8], file: String, views: Int) -> Snapshot? {
        let parsed: SnapshotParser? = bytes.withUnsafeBufferPointer { buffer in
            var parser = SnapshotParser(buffer)
            parser.viewLimit = views
            do throws(SnapshotParser.Fault) {
                try parser.parseDocument()
                return nil
            } catch {
                guard error.stopped, parser.format != nil else { return nil }
                return parser
            }
        }
        guard var parser = parsed, !parser.records.isEmpty else { return nil }
        let count = Int32(parser.records.count)
        for index in parser.records.indices where parser.records[index].subtreeEnd == 0 {
            guard parser.records[index].classID >= 0 else { return nil }
            parser.records[index].subtreeEnd = count
        }
        return Snapshot(file: file, bytes: bytes, parser: parser)
    }

    private static func describe(
        _ fault: SnapshotParser.Fault, parser: SnapshotParser, buffer: UnsafeBufferPointer<UInt8>, file: String
    ) -> InputError {
        let (line, column) = SourcePosition.lineAndColumn(of: fault.offset, in: buffer)
        var path = fault.field
        if fault.node >= 0 { path = jsonPath(of: Int(fault.node), in: parser.records) + fault.field }
        return InputError(
            file: file, line: line, column: column, jsonPath: path, expected: fault.expected, found: fault.found)
    }

    /// `$.root.children[2].children[0]`, shortened in the middle when the view is very deep.
    static func jsonPath(of node: Int, in records: [ViewRecord]) -> String {
        var steps: [Int32] = []
        var current = node
        while records[current].parent >= 0 {
            steps.append(records[current].ordinal)
            current = Int(records[current].parent)
        }
        steps.reverse()
        let shown = 6
        var text = "$.root"
        if steps.count > shown * 2 {
            for step in steps.prefix(shown) { text += ".children[\(step)]" }
            text += "…(\(steps.count - shown * 2) more levels)…"
            for step in steps.suffix(shown) { text += ".children[\(step)]" }
        } else {
            for step in steps { text += ".children[\(step)]" }
        }
        return text
    }
}
