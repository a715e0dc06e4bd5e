import Crypto

/// The name a reported value is counted under in a `--by` breakdown: the value itself up to `limit` bytes, else its
/// first `keptCharacters` characters, `…`, `#` and the first 8 hex digits of its SHA-256 (`Home banner…#a1b2c3d4`),
/// so that a log of huge distinct values costs a breakdown a few hundred bytes each, never the values themselves.
public enum BreakdownValue {
    /// The longest value, in UTF-8 bytes, counted as it is.
    public static let limit = 256
    /// How many characters of a longer value its name keeps.
    public static let keptCharacters = 200

    /// The name `bytes` (a value's UTF-8) is counted under, and whether it was shortened.
    static func name(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, shortened: Bool) {
        guard bytes.count > limit else { return (String(decoding: bytes, as: UTF8.self), false) }
        // The first characters are read from at most 4 bytes a scalar, cut on a scalar's start so no half of one is
        // shown.
        var end = min(bytes.count, keptCharacters * 4)
        while end < bytes.count && end > 0 && (bytes[end] & 0xC0) == 0x80 { end -= 1 }
        let head = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        let digest = SHA256.hash(data: UnsafeRawBufferPointer(bytes))
        let hex = digest.prefix(4).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
        return (String(head.prefix(keptCharacters)) + "…#" + hex, true)
    }
}
