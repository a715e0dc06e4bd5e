import Foundation
import LassoSnapshot

/// Reads one reported value out of a record's `properties` object as text, the way every engine compares it
/// (docs/event-records.md, "Values are compared as text"): a string's characters, a number as written (`5`),
/// `true`/`false`; `null`, an object or an array is no value.
enum EventProperties {
    /// The value's UTF-8 bytes, given to `body` without copying when the line holds them as they are; nil when
    /// the key is missing or its value is no text.
    static func withValue<Result>(
        of key: [UInt8], in line: UnsafeBufferPointer<UInt8>, object: Range<Int>,
        _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        var scanner = ByteScanner(UnsafeBufferPointer(rebasing: line[..<object.upperBound]), at: object.lowerBound + 1)
        // The object was validated when the line was scanned; any fault here is treated as a missing key.
        do {
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "}") { return body(nil) }
            var found: UnsafeBufferPointer<UInt8>? = nil
            var decoded: [UInt8]? = nil
            while true {
                let name = try scanner.scanKeyAndColon()
                scanner.skipWhitespace()
                // The last of duplicate keys wins, as PostgreSQL's jsonb keeps it.
                if EventRecordScan.isNamed(name, key, in: scanner) {
                    found = nil
                    decoded = nil
                    switch scanner.peek() ?? 0 {
                    case UInt8(ascii: "\""):
                        let span = try scanner.scanString()
                        if span.escaped {
                            decoded = Array(scanner.decode(span).utf8)
                        } else {
                            found = UnsafeBufferPointer(rebasing: line[span.start..<span.end])
                        }
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        let range = try scanner.scanNumber()
                        found = UnsafeBufferPointer(rebasing: line[range])
                    case UInt8(ascii: "t"), UInt8(ascii: "f"):
                        let start = scanner.pos
                        _ = try scanner.scanLiteral()
                        found = UnsafeBufferPointer(rebasing: line[start..<scanner.pos])
                    default:
                        try scanner.skipValue(maxDepth: EventRecordScan.maxDepth)
                    }
                } else {
                    try scanner.skipValue(maxDepth: EventRecordScan.maxDepth)
                }
                scanner.skipWhitespace()
                guard scanner.peek() == UInt8(ascii: ",") else { break }
                scanner.pos += 1
            }
            if let decoded { return decoded.withUnsafeBufferPointer { body($0) } }
            return body(found)
        } catch {
            return body(nil)
        }
    }
}
