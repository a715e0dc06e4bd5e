import CByteScan
import Testing

@testable import LassoSnapshot

/// The loader's sixteen-bytes-at-a-time string scan agrees with the byte-by-byte rule on every byte in every place.
@Suite("plain string words")
struct PlainWordTests {
    static func plainByte(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x80 && byte != 0x22 && byte != 0x5C }

    @Test("strings with quotes, escapes and multi-byte characters past the eighth byte still scan exactly")
    func strings() throws {
        let json = #"{"a":"abcdefghijklmnop\"q","b":"abcdefghijk商品lmnop","c":"abcdefgh"}"#
        let value = try JSONParser.parse(Array(json.utf8), file: "t.json")
        #expect(value["a"] == .string("abcdefghijklmnop\"q"))
        #expect(value["b"] == .string("abcdefghijk商品lmnop"))
        #expect(value["c"] == .string("abcdefgh"))
        let control = "{\"a\":\"abcdefghij\u{01}k\"}"
        #expect(throws: InputError.self) { try JSONParser.parse(Array(control.utf8), file: "t.json") }
    }

    @Test("the sixteen-bytes-at-a-time run ends where the byte rule says, at every length and every place of the byte")
    func vectorRun() {
        var generator = SystemRandomNumberGenerator()
        let special: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x0A, 0x80, 0xC3, 0xE5, 0xFF, 0x7F, 0x20, 0x21, 0x5B, 0x7E]
        for length in 0...70 {
            for _ in 0..<200 {
                var bytes = (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
                // None, one, or a few bytes from the edges of the rule, anywhere.
                for _ in 0..<Int.random(in: 0...3, using: &generator) where length > 0 {
                    bytes[Int.random(in: 0..<length, using: &generator)] = special.randomElement(using: &generator)!
                }
                let expected = bytes.firstIndex { !Self.plainByte($0) } ?? length
                let found = bytes.withUnsafeBufferPointer { lasso_string_run($0.baseAddress, $0.count) }
                #expect(found == expected, "\(bytes)")
            }
        }
        for byte in 0...255 {
            for place in 0..<40 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
                bytes[place] = UInt8(byte)
                let found = bytes.withUnsafeBufferPointer { lasso_string_run($0.baseAddress, $0.count) }
                #expect(found == (Self.plainByte(UInt8(byte)) ? 40 : place), "byte \(byte) at \(place)")
            }
        }
    }
}
