import LassoSnapshot

/// Decompresses gzip bytes held in memory (an SDK's `gzip_payload`) with the system's zlib, refusing to make more than
/// a limit: a small upload that would inflate past it (a gzip bomb) costs no more than the limit.
public enum Gunzip {
    /// What stopped a decompression: the bytes are not gzip, end early, or inflate past the limit.
    public enum Failure: Error, Sendable, Equatable {
        case notGzip(String)
        case tooLarge(limit: Int)
    }

    /// The decompressed bytes of `bytes`, at most `limit` of them.
    public static func inflate(_ bytes: [UInt8], limit: Int) -> Result<[UInt8], Failure> {
        guard bytes.count >= 2, bytes[0] == 0x1f, bytes[1] == 0x8b else {
            return .failure(.notGzip("the bytes do not start as gzip does (1f 8b)"))
        }
        let inflater: GzipInflater
        do { inflater = try GzipInflater(path: "gzip", first: bytes) } catch {
            return .failure(.notGzip(error.description))
        }
        var inflating = inflater
        defer { inflating.close() }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let made: Int
            do {
                made = try chunk.withUnsafeMutableBufferPointer { buffer throws(LassoError) in
                    try inflating.inflate(into: buffer) { () throws(LassoError) in [] }
                }
            } catch {
                return .failure(.notGzip(error.description))
            }
            if made == 0 { return .success(output) }
            guard output.count + made <= limit else { return .failure(.tooLarge(limit: limit)) }
            output.append(contentsOf: chunk[0..<made])
        }
    }
}
