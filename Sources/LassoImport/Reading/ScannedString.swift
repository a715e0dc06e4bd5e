import LassoSnapshot

/// A scanned JSON string written again as compact JSON, spelled as `JSONArrayWriter` spells its decoded text: a plain
/// string's bytes are escaped as they are, one with escapes is decoded first.
enum ScannedString {
    static func append(_ span: StringSpan, of bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let content = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
        if span.escaped {
            var text = ByteScanner.unescape(content)
            text.withUTF8 { JSONEscaping.appendLiteral($0, to: &out) }
        } else {
            JSONEscaping.appendLiteral(content, to: &out)
        }
    }
}
