import Foundation
import Testing

@testable import LassoSnapshot

/// Every JSON writer escapes by one rule: what a terminal would act on or show misleadingly is written as a `\u`
/// escape, the same text for JSON readers and inert on a screen.
@Suite("One JSON escaping rule for every writer")
struct JSONEscapingTests {
    /// The three writers' spelling of one string literal.
    static func spellings(_ text: String) -> [String] {
        var viaString = ""
        JSONWriter.writeString(text, into: &viaString)
        var bytes: [UInt8] = []
        JSONArrayWriter.writeString(text, into: &bytes)
        let capacity = text.utf8.count * 6 + 2
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { memory.deallocate() }
        var writer = JSONMemoryWriter(base: memory, capacity: capacity)
        writer.string(text)
        let fromMemory = String(decoding: UnsafeBufferPointer(start: memory, count: writer.count), as: UTF8.self)
        return [viaString, String(decoding: bytes, as: UTF8.self), fromMemory]
    }

    @Test(
        "controls are \\u escapes: C0, DEL, C1, bidi controls, line and paragraph separators",
        arguments: [
            ("\u{1B}[2J", #""\u001b[2J""#),
            ("a\u{7F}b", #""a\u007fb""#),
            ("\u{9B}31m", #""\u009b31m""#),
            ("x\u{80}\u{9F}y", #""x\u0080\u009fy""#),
            ("evil\u{202E}txt.exe", #""evil\u202etxt.exe""#),
            ("\u{202A}\u{202B}\u{202C}\u{202D}", #""\u202a\u202b\u202c\u202d""#),
            ("\u{2066}\u{2067}\u{2068}\u{2069}", #""\u2066\u2067\u2068\u2069""#),
            ("\u{200E}\u{200F}\u{061C}", #""\u200e\u200f\u061c""#),
            ("\u{2028}\u{2029}", #""\u2028\u2029""#),
            ("tab\there\nquote\"back\\", #""tab\there\nquote\"back\\""#),
        ])
    func escaped(_ text: String, _ expected: String) {
        #expect(Self.spellings(text) == [expected, expected, expected])
    }

    @Test("what is not a control stays as it is: CJK, emoji, Latin-1 letters, other punctuation in U+20xx")
    func plainStaysPlain() throws {
        for text in ["加入购物车", "¥129.00 · 好评97%", "café ©", "“quoted” — dash…", "👍🏽", "\u{A0}\u{AD}"] {
            #expect(Self.spellings(text) == Array(repeating: "\"" + text + "\"", count: 3))
        }
        // What is written reads back as the same text.
        let tricky = "a\u{9B}b\u{202E}c\u{1B}d加"
        let value = try JSONParser.parse(Array(Self.spellings(tricky)[0].utf8), file: "test")
        #expect(value.stringValue == tricky)
    }
}
