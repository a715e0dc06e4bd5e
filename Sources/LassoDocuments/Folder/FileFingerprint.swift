/// What a file held when lasso read it, in 64 bits (FNV-1a of its bytes) and its length: enough to tell that a config
/// file was changed on disk (by a git pull, an editor) since, without keeping its text.
public struct FileFingerprint: Sendable, Hashable, CustomStringConvertible {
    public let hash: UInt64
    public let length: Int

    public init(_ bytes: [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        self.hash = hash
        self.length = bytes.count
    }

    public var description: String { "\(length) bytes, fnv1a \(String(hash, radix: 16))" }
}
