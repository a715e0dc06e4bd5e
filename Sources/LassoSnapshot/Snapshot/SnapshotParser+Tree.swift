import Foundation

/// The view-tree half of the loader: views and their fields, with an explicit stack instead of recursion.
extension SnapshotParser {
    private struct OpenView {
        var index: Int32
        var start: Int
        var lastChild: Int32 = -1
    }

    /// Parses the root view (cursor on its `{`) and every view below it.
    mutating func parseTree() throws(Fault) {
        var open: [OpenView] = []
        var current = beginView(parent: nil)
        var firstMember = true
        while true {
            // Inside the object of `current`, before a member or its closing brace.
            scanner.skipWhitespace()
            var closed = false
            if firstMember, scanner.peek() == UInt8(ascii: "}") {
                scanner.pos += 1
                closed = true
            } else {
                let key = try inView(current.index, "") { (s: inout SnapshotParser) throws(ScanError) in
                    try s.scanner.scanKeyAndColon()
                }
                if keyIs(key, "children") {
                    if records[Int(current.index)].childCount > 0 || current.lastChild == -2 {
                        throw Fault(
                            offset: key.start - 1, node: current.index, field: ".children",
                            expected: "one \"children\" array", found: "a second one")
                    }
                    let opensChild = try inView(current.index, ".children") {
                        (s: inout SnapshotParser) throws(ScanError) -> Bool in
                        s.scanner.skipWhitespace()
                        if s.scanner.peek() == UInt8(ascii: "n"), case .null = try s.scanner.scanLiteral() {
                            return false
                        }
                        try s.scanner.expect(UInt8(ascii: "["), "an array of views")
                        s.scanner.skipWhitespace()
                        if s.scanner.peek() == UInt8(ascii: "]") {
                            s.scanner.pos += 1
                            return false
                        }
                        guard s.scanner.peek() == UInt8(ascii: "{") else { throw s.scanner.error("a view object") }
                        return true
                    }
                    if opensChild {
                        try stopAtLimit()
                        open.append(current)
                        current = beginView(parent: &open[open.count - 1])
                        firstMember = true
                        continue
                    }
                    current.lastChild = -2
                } else {
                    try parseField(key, of: current.index)
                }
                closed =
                    !(try inView(current.index, "") { (s: inout SnapshotParser) throws(ScanError) -> Bool in
                        try s.nextMemberOfView()
                    })
            }
            firstMember = false
            guard closed else { continue }
            // `current` is complete; climb while parents' children arrays close too.
            while true {
                try finishView(current)
                guard var parent = open.popLast() else { return }
                let next = try inView(parent.index, ".children") {
                    (s: inout SnapshotParser) throws(ScanError) -> Bool in
                    s.scanner.skipWhitespace()
                    guard let byte = s.scanner.peek() else { throw s.scanner.error("',' or ']'") }
                    if byte == UInt8(ascii: "]") {
                        s.scanner.pos += 1
                        return false
                    }
                    guard byte == UInt8(ascii: ",") else { throw s.scanner.error("',' or ']'") }
                    s.scanner.pos += 1
                    s.scanner.skipWhitespace()
                    guard s.scanner.peek() == UInt8(ascii: "{") else { throw s.scanner.error("a view object") }
                    return true
                }
                if next {
                    try stopAtLimit()
                    current = beginView(parent: &parent)
                    open.append(parent)
                    firstMember = true
                    break
                }
                // The parent's children array is closed: go on with the parent's remaining members.
                current = parent
                current.lastChild = -2
                let more = try inView(current.index, "") { (s: inout SnapshotParser) throws(ScanError) -> Bool in
                    try s.nextMemberOfView()
                }
                if more { break }
            }
        }
    }

    /// Stops the parse when `viewLimit` views are read (`loadFirstViews`).
    private func stopAtLimit() throws(Fault) {
        guard records.count >= viewLimit else { return }
        throw Fault(offset: scanner.pos, node: -1, field: "", expected: "", found: "", stopped: true)
    }

    private mutating func nextMemberOfView() throws(ScanError) -> Bool {
        scanner.skipWhitespace()
        guard let byte = scanner.peek() else { throw scanner.error("',' or '}'") }
        if byte == UInt8(ascii: ",") {
            scanner.pos += 1
            return true
        }
        if byte == UInt8(ascii: "}") {
            scanner.pos += 1
            return false
        }
        throw scanner.error("',' or '}'")
    }

    private mutating func beginView(parent: UnsafeMutablePointer<OpenView>?) -> OpenView {
        let index = Int32(records.count)
        var record = ViewRecord()
        if let parent {
            let parentIndex = Int(parent.pointee.index)
            record.parent = parent.pointee.index
            record.depth = records[parentIndex].depth + 1
            record.ordinal = records[parentIndex].childCount
            records[parentIndex].childCount += 1
            if parent.pointee.lastChild >= 0 { records[Int(parent.pointee.lastChild)].nextSibling = index }
            parent.pointee.lastChild = index
        }
        record.extrasStart = Int32(extras.count)
        records.append(record)
        let start = scanner.pos
        scanner.pos += 1  // the view's '{'
        return OpenView(index: index, start: start)
    }

    private mutating func beginView(parent: inout OpenView) -> OpenView {
        withUnsafeMutablePointer(to: &parent) { beginView(parent: $0) }
    }

    private mutating func finishView(_ view: OpenView) throws(Fault) {
        let index = Int(view.index)
        records[index].subtreeEnd = Int32(records.count)
        guard records[index].classID >= 0 else {
            throw Fault(
                offset: view.start, node: view.index, field: "", expected: "a \"class\" field in every view",
                found: "a view without one")
        }
    }

    /// Runs a scanner step inside view `node`, turning its fault into one at that view's `field`.
    mutating func inView<T>(
        _ node: Int32, _ field: @autoclosure () -> String, _ body: (inout SnapshotParser) throws(ScanError) -> T
    ) throws(Fault) -> T {
        do throws(ScanError) { return try body(&self) } catch {
            throw Fault(offset: error.offset, node: node, field: field(), expected: error.expected, found: error.found)
        }
    }

    func keyIs(_ span: StringSpan, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard span.end - span.start == length, !span.escaped else { return false }
        return memcmp(scanner.bytes.baseAddress! + span.start, word.utf8Start, length) == 0
    }
}
