import Foundation
import LassoSnapshot
import Testing

/// Base64 read straight from a snapshot's bytes: the same bytes as Foundation's decoder, one array, a fault in words.
@Suite("base64")
struct Base64Tests {
    static func decode(_ text: String) -> Result<[UInt8], Base64.Fault> {
        var text = text
        return text.withUTF8 { Base64.decode($0) }
    }

    @Test("every length from 0 to 64 bytes round-trips as Foundation encodes it, with or without line breaks")
    func agreesWithFoundation() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 1...64 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Data(bytes).base64EncodedString()
            #expect(try Self.decode(text).get() == bytes, "\(length) bytes")
            let broken = Data(bytes).base64EncodedString(options: [.lineLength64Characters, .endLineWithCarriageReturn])
            #expect(try Self.decode(broken + "\n").get() == bytes, "\(length) bytes with line breaks")
            var copy = text
            let summary = try copy.withUTF8 { Base64.summary($0) }.get()
            #expect(summary.byteCount == length)
            #expect(summary.head == Array(bytes.prefix(12)))
        }
    }

    @Test(
        "text that is not base64 is refused with what is wrong and where",
        arguments: [
            ("iVBO%w0K", "the character '%' at byte 5"), ("iVBORw0", "7 digits and 0 '='"), ("", "no base64 digits"),
            ("iV==Rw0K", "a digit after the '=' padding"), ("i===", "'=' where no padding goes"),
            ("iVBO\u{0}w0K", "the byte 0x0 at byte 5"),
        ])
    func refused(text: String, fault: String) {
        guard case .failure(let found) = Self.decode(text) else {
            Issue.record("\(text.debugDescription) was accepted")
            return
        }
        #expect(found.description.contains(fault), "\(found)")
    }
}
