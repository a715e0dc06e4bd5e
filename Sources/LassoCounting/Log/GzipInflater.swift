import CZlib
import LassoSnapshot

/// Decompresses a gzip stream piece by piece with the system's zlib; several gzip members one after another (as
/// `cat a.gz b.gz` makes) read as one stream.
struct GzipInflater {
    private let path: String
    private var stream: UnsafeMutablePointer<z_stream>
    private var input: [UInt8]
    private var inputOffset = 0
    private var inputEnded = false
    private var memberEnded = false
    private var total: Int64 = 0

    init(path: String, first: [UInt8]) throws(LassoError) {
        self.path = path
        input = first
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard lasso_inflate_init_gzip(stream) == Z_OK else {
            stream.deallocate()
            throw LassoError(.io, "\(DisplayText.escaped(path)): zlib would not start")
        }
    }

    /// Frees zlib's state; called once the stream is no longer read.
    func close() {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Writes up to `output.count` decompressed bytes to the start of `output`, reading stored bytes with `more`
    /// when needed; returns how many, 0 at the end of the stream.
    mutating func inflate(
        into output: UnsafeMutableBufferPointer<UInt8>, more: () throws(LassoError) -> [UInt8]
    ) throws(LassoError) -> Int {
        let count = output.count
        var produced = 0
        while produced < count {
            if inputOffset == input.count && !inputEnded {
                input = try more()
                inputOffset = 0
                if input.isEmpty { inputEnded = true }
            }
            if memberEnded {
                // Another member follows, or the stream is done.
                guard inputOffset < input.count else { break }
                guard inflateReset(stream) == Z_OK else {
                    throw LassoError(.io, "\(DisplayText.escaped(path)): zlib would not read the next gzip member")
                }
                memberEnded = false
            }
            if inputOffset == input.count && inputEnded {
                throw LassoError(
                    .badInput,
                    "\(DisplayText.escaped(path)): expected the rest of the gzip stream, found the end of the file (truncated after \(total) bytes of records)"
                )
            }
            let wanted = count - produced
            let (status, used, made) = input.withUnsafeMutableBufferPointer { input in
                stream.pointee.next_in = input.baseAddress! + inputOffset
                stream.pointee.avail_in = UInt32(input.count - inputOffset)
                stream.pointee.next_out = output.baseAddress! + produced
                stream.pointee.avail_out = UInt32(wanted)
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                return (
                    status, input.count - inputOffset - Int(stream.pointee.avail_in),
                    wanted - Int(stream.pointee.avail_out)
                )
            }
            inputOffset += used
            produced += made
            total += Int64(made)
            switch status {
            case Z_OK: continue
            case Z_STREAM_END: memberEnded = true
            case Z_BUF_ERROR: continue
            default:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
                throw LassoError(
                    .badInput,
                    "\(DisplayText.escaped(path)): expected gzip data, found data zlib cannot read (\(reason)) after \(total) bytes of records"
                )
            }
        }
        return produced
    }
}
