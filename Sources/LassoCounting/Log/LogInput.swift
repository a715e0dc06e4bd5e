import CZlib
import Foundation
import LassoSnapshot

/// One event log file read as a stream of bytes, plain or gzip (told by its first two bytes, 1f 8b), in pieces of
/// a fixed size: what it takes in memory does not grow with the file.
final class LogInput {
    let path: String
    /// The file's size in bytes, as stored (compressed for gzip).
    let size: Int64
    /// Bytes of the file read so far, as stored.
    private(set) var consumed: Int64 = 0
    private let descriptor: Int32
    private var gzip: GzipInflater?
    private var atEnd = false

    /// How much of the stored file is read at once.
    static let readSize = 1 << 18

    init(path: String) throws(LassoError) {
        self.path = path
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            throw LassoError(
                .noInput, "\(DisplayText.escaped(path)): expected an event log file, found none that reads (\(reason))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw LassoError(
                .badInput,
                "\(DisplayText.escaped(path)): expected an event log file, found a directory or other non-file")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            throw LassoError(
                .noInput, "\(DisplayText.escaped(path)): expected an event log file, found none that opens (\(reason))")
        }
        self.descriptor = descriptor
        size = Int64(status.st_size)
        var head: [UInt8] = []
        _ = try readStored(into: &head, upTo: 2)
        if head == [0x1F, 0x8B] {
            gzip = try GzipInflater(path: path, first: head)
        } else {
            if path.hasSuffix(".gz") {
                throw LassoError(
                    .badInput,
                    "\(DisplayText.escaped(path)): expected gzip data (the name ends in .gz), found \(head.isEmpty ? "an empty file" : "no gzip header (the first bytes are not 1f 8b)")"
                )
            }
            pending = head
        }
    }

    deinit {
        gzip?.close()
        close(descriptor)
    }

    /// Bytes read before knowing the file was plain, given back first.
    private var pending: [UInt8] = []

    /// Appends up to `count` bytes of the log (decompressed) to `buffer`; returns how many, 0 at the end.
    func read(into buffer: inout [UInt8], upTo count: Int) throws(LassoError) -> Int {
        try Self.append(upTo: count, to: &buffer) { target throws(LassoError) in try read(into: target) }
    }

    /// Writes up to `target.count` bytes of the log (decompressed) to the start of `target`, memory that need not
    /// be initialized; returns how many, 0 at the end.
    func read(into target: UnsafeMutableBufferPointer<UInt8>) throws(LassoError) -> Int {
        guard target.count > 0 else { return 0 }
        if var gzip {
            defer { self.gzip = gzip }
            return try gzip.inflate(into: target) { () throws(LassoError) -> [UInt8] in
                var stored: [UInt8] = []
                _ = try readStored(into: &stored, upTo: Self.readSize)
                return stored
            }
        }
        if !pending.isEmpty {
            let taken = min(target.count, pending.count)
            _ = target.initialize(from: pending[..<taken])
            pending.removeFirst(taken)
            return taken
        }
        return try readStored(into: target)
    }

    /// Appends up to `count` stored bytes to `buffer`; 0 at the end of the file.
    private func readStored(into buffer: inout [UInt8], upTo count: Int) throws(LassoError) -> Int {
        try Self.append(upTo: count, to: &buffer) { target throws(LassoError) in try readStored(into: target) }
    }

    /// Appends to `buffer` what `fill` writes into `count` bytes of room made at its end; returns how many it wrote.
    private static func append(
        upTo count: Int, to buffer: inout [UInt8],
        _ fill: (UnsafeMutableBufferPointer<UInt8>) throws(LassoError) -> Int
    ) throws(LassoError) -> Int {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        var wrote = 0
        let outcome = buffer.withUnsafeMutableBufferPointer { bytes -> Result<Int, LassoError> in
            do throws(LassoError) {
                return .success(try fill(UnsafeMutableBufferPointer(rebasing: bytes[start...])))
            } catch {
                return .failure(error)
            }
        }
        if case .success(let got) = outcome { wrote = got }
        buffer.removeLast(count - wrote)
        return try outcome.get()
    }

    /// Reads up to `target.count` stored bytes straight into `target`; 0 at the end of the file.
    private func readStored(into target: UnsafeMutableBufferPointer<UInt8>) throws(LassoError) -> Int {
        guard !atEnd, target.count > 0, let base = target.baseAddress else { return 0 }
        var got = 0
        while got < target.count {
            let read = Foundation.read(descriptor, base + got, target.count - got)
            if read < 0 {
                if errno == EINTR { continue }
                throw LassoError(
                    .io, "\(DisplayText.escaped(path)): cannot read: \(String(cString: strerror(errno)).lowercased())")
            }
            if read == 0 {
                atEnd = true
                break
            }
            got += read
        }
        consumed += Int64(got)
        return got
    }
}
