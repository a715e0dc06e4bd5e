import CZlib
import Foundation
import LassoCore

/// One event log file read as a stream of bytes, plain or gzip (told by its first two bytes, 1f 8b), in pieces of
/// a fixed size: what it takes in memory does not grow with the file.
final class LogInput {
    let path: String
    /// The file's size in bytes, as stored (compressed for gzip).
    let size: Int64
    /// Bytes of the file read so far, as stored.
    private(set) var consumed: Int64 = 0
    private let handle: FileHandle
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
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LassoError(.noInput, "\(DisplayText.escaped(path)): cannot open the event log")
        }
        self.handle = handle
        size = Int64(status.st_size)
        let head = try readStored(2)
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
        try? handle.close()
    }

    /// Bytes read before knowing the file was plain, given back first.
    private var pending: [UInt8] = []

    /// Appends up to `count` bytes of the log (decompressed) to `buffer`; returns how many, 0 at the end.
    func read(into buffer: inout [UInt8], upTo count: Int) throws(LassoError) -> Int {
        if var gzip {
            defer { self.gzip = gzip }
            return try gzip.inflate(into: &buffer, upTo: count) { () throws(LassoError) -> [UInt8] in
                try readStored(Self.readSize)
            }
        }
        if !pending.isEmpty {
            let taken = min(count, pending.count)
            buffer.append(contentsOf: pending[..<taken])
            pending.removeFirst(taken)
            return taken
        }
        let bytes = try readStored(count)
        buffer.append(contentsOf: bytes)
        return bytes.count
    }

    private func readStored(_ count: Int) throws(LassoError) -> [UInt8] {
        guard !atEnd else { return [] }
        let data: Data?
        do {
            data = try handle.read(upToCount: count)
        } catch {
            throw LassoError(.io, "\(DisplayText.escaped(path)): cannot read: \(error.localizedDescription)")
        }
        guard let data, !data.isEmpty else {
            atEnd = true
            return []
        }
        consumed += Int64(data.count)
        return [UInt8](data)
    }
}
