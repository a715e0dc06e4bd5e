/// `If-None-Match` against an answer's entity tag, compared byte by byte without allocating (RFC 9110 §13.1.2): the
/// header is a comma-separated list of tags, each weak (`W/"…"`) or strong, or `*`; weak comparison applies.
enum EntityTag {
    /// True when `header` names `etag` (a quoted tag, `"0c5e…"`) or is `*`.
    static func noneMatchHolds(_ header: Substring.UTF8View, etag: String.UTF8View) -> Bool {
        var index = header.startIndex
        while index < header.endIndex {
            // One list member: skip blanks, an optional W/, take the text up to the next comma, trim blanks.
            while index < header.endIndex, header[index] == UInt8(ascii: " ") || header[index] == UInt8(ascii: "\t") {
                index = header.index(after: index)
            }
            var end = header[index...].firstIndex(of: UInt8(ascii: ",")) ?? header.endIndex
            let next = end < header.endIndex ? header.index(after: end) : end
            while end > index {
                let last = header[header.index(before: end)]
                guard last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") else { break }
                end = header.index(before: end)
            }
            var tag = header[index..<end]
            if tag.starts(with: weakPrefix) { tag = tag.dropFirst(2) }
            if tag.elementsEqual(etag) || tag.elementsEqual(star) { return true }
            index = next
        }
        return false
    }

    private static let weakPrefix = "W/".utf8
    private static let star = "*".utf8
}
