import Foundation
import LassoSnapshot

/// The text encoding a dump is read in when its bytes do not say (`--encoding`): UTF-8, or the GB18030 of Chinese
/// Windows machines, which many tools there write whatever their output declares.
public enum SourceEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    /// GB18030, which also reads GBK and GB2312 text.
    case gb18030

    /// The UTF-8 of `bytes` in this encoding; for UTF-8, nil (the bytes are read as they are).
    func utf8(of bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> [UInt8]? {
        switch self {
        case .utf8: return nil
        case .gb18030: return Self.declaringUTF8(try GB18030Text.utf8(of: bytes, file: file))
        }
    }

    /// Converted text that starts with an XML declaration says UTF-8 where it named the encoding it was in
    /// (`encoding="GB18030"`): the bytes are UTF-8 now, and the declaration is what the XML reader goes by.
    static func declaringUTF8(_ bytes: [UInt8]) -> [UInt8] {
        // The declaration, in the first kilobyte as the encoding check reads it, ends at the first `>`: cut there,
        // the head holds whole characters.
        guard let close = bytes.prefix(1024).firstIndex(of: UInt8(ascii: ">")) else { return bytes }
        let headLength = close + 1
        var head = String(decoding: bytes[..<headLength], as: UTF8.self)
        let names = SourceText.declaredXMLEncodingRanges(head)
        guard !names.isEmpty else { return bytes }
        for name in names.reversed() { head.replaceSubrange(name, with: "UTF-8") }
        return Array(head.utf8) + bytes[headLength...]
    }
}

/// GB18030 text turned into UTF-8 with the system's iconv, and a judgement of whether bytes that are not UTF-8 are GB.
enum GB18030Text {
    /// The UTF-8 of GB18030 `bytes`, or a message naming the first byte that is not GB18030.
    static func utf8(of bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> [UInt8] {
        switch convert(bytes) {
        case .success(let text): return text
        case .failure(.unsupported):
            throw LassoError(.io, "\(file): cannot read GB18030: this system's iconv has no GB18030 converter")
        case .failure(.invalid(let offset)):
            let (line, column) = SourcePosition.lineAndColumn(of: offset, in: bytes)
            throw InputError(
                file: file, line: line, column: column, expected: "GB18030 text (as --encoding gb18030 says)",
                found: fault(in: bytes, at: offset))
        }
    }

    /// What is wrong with the GB18030 character at `offset`, in words. A character is one byte 0x00–0x7F; or a lead
    /// byte 0x81–0xFE then 0x40–0x7E or 0x80–0xFE; or a lead byte, 0x30–0x39, 0x81–0xFE, 0x30–0x39.
    static func fault(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        func hex(_ byte: UInt8) -> String { "0x" + String(byte, radix: 16, uppercase: true) }
        let lead = bytes[offset]
        guard (0x81...0xFE).contains(lead) else {
            return "the byte \(hex(lead)), which does not start a GB18030 character (lead bytes are 0x81–0xFE)"
        }
        let following = Array(bytes[(offset + 1)..<min(bytes.count, offset + 4)])
        guard let second = following.first else {
            return "the lead byte \(hex(lead)) at the end of the text: its character is cut short"
        }
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second) else {
            return
                "the lead byte \(hex(lead)) followed by \(hex(second)), which no GB18030 character has second (0x40–0x7E or 0x80–0xFE, or 0x30–0x39 for a four-byte one)"
        }
        let shown = ([lead] + following).map(hex).joined(separator: " ")
        guard following.count == 3 else {
            return "the bytes \(shown) at the end of the text: a four-byte GB18030 character cut short"
        }
        guard (0x81...0xFE).contains(following[1]), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(following[2])
        else {
            return
                "the bytes \(shown), which are no four-byte GB18030 character (a lead byte, 0x30–0x39, 0x81–0xFE, 0x30–0x39)"
        }
        return "the bytes \(shown), a four-byte sequence GB18030 gives no character"
    }

    enum Failure: Error {
        case unsupported
        /// The offset of the first byte that is not (or does not finish) a GB18030 character.
        case invalid(Int)
    }

    static func convert(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], Failure> {
        let converter = iconv_open("UTF-8", "GB18030")
        guard let converter, Int(bitPattern: converter) != -1 else { return .failure(.unsupported) }
        defer { iconv_close(converter) }
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .success([]) }
        // A GB18030 character of 2 bytes becomes at most 3 of UTF-8, one of 4 at most 4, ASCII stays one byte.
        var output = [UInt8](repeating: 0, count: bytes.count + bytes.count / 2 + 16)
        var produced = 0
        var input = UnsafeMutablePointer<CChar>(mutating: UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self))
        var inputLeft = bytes.count
        while inputLeft > 0 {
            let (result, failure): (Int, Int32) = output.withUnsafeMutableBytes { buffer in
                var outputPointer: UnsafeMutablePointer<CChar>? =
                    (buffer.baseAddress! + produced).assumingMemoryBound(to: CChar.self)
                var outputLeft = buffer.count - produced
                var inputPointer: UnsafeMutablePointer<CChar>? = input
                let result = iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
                let failure = errno
                produced = buffer.count - outputLeft
                input = inputPointer!
                return (result, failure)
            }
            if result != -1 { break }
            switch failure {
            case E2BIG: output.append(contentsOf: repeatElement(0, count: output.count / 2 + 16))
            case EILSEQ, EINVAL:
                return .failure(.invalid(UnsafeRawPointer(input) - UnsafeRawPointer(base)))
            default: return .failure(.invalid(UnsafeRawPointer(input) - UnsafeRawPointer(base)))
            }
        }
        output.removeSubrange(produced...)
        return .success(output)
    }

    /// Whether the text around `offset` (the first byte that is not UTF-8) reads as GB18030 holding Chinese characters,
    /// so that a message can suggest `--encoding gb18030`.
    static func looksLikeGB(_ bytes: UnsafeBufferPointer<UInt8>, near offset: Int) -> Bool {
        var start = offset
        while start > 0, offset - start < 2048, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        if bytes[start] >= 0x80 && start != offset { start = offset }
        var end = min(bytes.count, offset + 4096)
        // Stop at ASCII, so that the window does not end inside a character.
        if end < bytes.count {
            while end > offset + 1, bytes[end - 1] >= 0x80 { end -= 1 }
        }
        guard case .success(let text) = convert(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return false }
        return String(decoding: text, as: UTF8.self).unicodeScalars.contains {
            (0x4E00...0x9FFF).contains($0.value) || (0x3400...0x4DBF).contains($0.value)
        }
    }
}
