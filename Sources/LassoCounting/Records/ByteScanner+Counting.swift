import LassoSnapshot

/// The scanner's two smallest steps compiled into this module: the counter takes them between every two tokens of
/// every record, and `LassoSnapshot`'s own copies are called, not inlined, from here (`objdump` of a release build).
extension ByteScanner {
    /// `skipWhitespace`.
    @inline(__always)
    mutating func skipSpace() {
        while pos < bytes.count, bytes[pos] <= UInt8(ascii: " "),
            bytes[pos] == UInt8(ascii: " ") || bytes[pos] == UInt8(ascii: "\n") || bytes[pos] == UInt8(ascii: "\r")
                || bytes[pos] == UInt8(ascii: "\t")
        {
            pos += 1
        }
    }

    /// `peek`.
    @inline(__always)
    var next: UInt8? { pos < bytes.count ? bytes[pos] : nil }
}
