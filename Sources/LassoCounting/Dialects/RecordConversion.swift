import Foundation
import LassoSnapshot

/// Another SDK's record files rewritten as lasso's records (`lasso event convert`), so that lasso's records table,
/// its load and its queries count them on a warehouse (docs/event-records.md, "Records of other SDKs"): each line as
/// the in-process counter rewrites it, a line that is not the SDK's record left out and said.
public enum RecordConversion {
    /// What a conversion wrote and left out.
    public struct Summary: Sendable {
        public var records = 0
        public var malformed = 0
        /// The first few lines left out: file, line number, reason.
        public var samples: [(file: String, line: Int, reason: String)] = []
    }

    /// Reads each file (plain or gzip) line by line and hands `write` the lasso record lines, each with its newline,
    /// in pieces of about a megabyte.
    public static func convert(
        files: [String], format: RecordFormat, appKey: String, write: ([UInt8]) throws -> Void
    ) throws -> Summary {
        var summary = Summary()
        var out: [UInt8] = []
        for file in files {
            let input = try LogInput(path: file)
            var pending: [UInt8] = []
            var number = 0
            func take(_ line: ArraySlice<UInt8>) {
                number += 1
                guard line.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0D) }) else { return }
                let translated = line.withUnsafeBufferPointer { bytes in
                    Result { () throws(ForeignRecord.Malformed) in
                        try ForeignRecord.translate(bytes, format: format, appKey: appKey)
                    }
                }
                switch translated {
                case .success(let record):
                    out += record
                    out.append(0x0A)
                    summary.records += 1
                case .failure(let error):
                    summary.malformed += 1
                    if summary.samples.count < 5 { summary.samples.append((file, number, error.reason)) }
                }
            }
            while try input.read(into: &pending, upTo: LogInput.readSize) > 0 {
                var start = 0
                while let newline = pending[start...].firstIndex(of: 0x0A) {
                    take(pending[start..<newline])
                    start = newline + 1
                }
                pending.removeFirst(start)
                if out.count >= 1 << 20 {
                    try write(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            if !pending.isEmpty { take(pending[...]) }
        }
        if !out.isEmpty { try write(out) }
        return summary
    }
}
