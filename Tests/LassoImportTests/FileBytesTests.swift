import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// Files are read whole, or their first bytes only (`FileBytes.head`, to recognize a format), with the same refusals.
@Suite("file bytes")
struct FileBytesTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "lasso-mapped-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a file larger than one reading step reads back byte for byte; its head is its first bytes")
    func reads() throws {
        let bytes = (0..<(20 << 20) + 12_345).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try FileBytes.head(path, count: 100) == Array(bytes.prefix(100)))
        #expect(try FileBytes.head(path, count: bytes.count + 10) == bytes)
        #expect(try FileBytes.read(path) == bytes)
    }

    @Test("a file read in two pieces at once reads back byte for byte, at sizes around the split and odd lengths")
    func readsInPieces() throws {
        let split = FileBytes.splitSize
        let whole = (0..<split * 2 + 7).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 11) }
        for size in [split - 1, split, split + 1, split * 2 + 7] {
            let bytes = Array(whole.prefix(size))
            let path = try Self.temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let read = try FileBytes.read(path)
            #expect(read.count == size)
            #expect(read == bytes, "size \(size)")
        }
    }

    @Test("an empty file reads as no bytes; a missing file, a directory and a FIFO are refused, head or whole")
    func refusals() throws {
        let empty = try Self.temporaryFile([])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(try FileBytes.head(empty, count: 64).isEmpty)
        #expect(try FileBytes.read(empty).isEmpty)
        #expect(throws: LassoError(.noInput, "/nonexistent/x.txt: cannot open: no such file or directory")) {
            try FileBytes.head("/nonexistent/x.txt", count: 64)
        }
        #expect(throws: LassoError(.noInput, "/tmp: expected a regular file, found a directory")) {
            try FileBytes.head("/tmp", count: 64)
        }
        let fifo = NSTemporaryDirectory() + "lasso-fifo-\(UUID().uuidString)"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        #expect(throws: LassoError(.noInput, "\(fifo): expected a regular file, found a named pipe (FIFO)")) {
            try FileBytes.head(fifo, count: 64)
        }
    }

    @Test("a text dump's odd texts and numbers come through the byte writer exactly")
    func exactValues() throws {
        let text =
            "<UIWindow: 0x7f01; frame = (0 0; 390 844)>\n   | <UILabel: 0x7f02; frame = (0.1 -0 ; 1e-05 123456789012345678); text = 'tab\there \"quoted\" back\\slash \u{7F} \u{2028}x'; tag = 0.30000000000000004; note = YES>\n"
        let path = try Self.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (snapshot, _) = try SnapshotReader.read(path: path)
        #expect(snapshot.text(of: 1) == "tab\there \"quoted\" back\\slash \u{7F} \u{2028}x")
        #expect(snapshot.frame(of: 1) == Rect(x: 0.1, y: 0, width: 1e-05, height: 123_456_789_012_345_678))
        #expect(snapshot.properties(of: 1)?["tag"]?.doubleValue == 0.30000000000000004)
        #expect(snapshot.properties(of: 1)?["note"] == .bool(true))
    }

    @Test("a dump whose JSON is several times its size (texts of control characters) is written whole")
    func expandingText() throws {
        let control = String(repeating: "\u{01}\u{1F}", count: 60_000)
        let text = "<UIWindow: 0x7f01; frame = (0 0; 390 844)>\n   | <UILabel: 0x7f02; text = '\(control)'>\n"
        let (snapshot, _) = try SnapshotReader.read(bytes: Array(text.utf8), file: "control.txt")
        #expect(snapshot.text(of: 1) == control)
        let imported = try SnapshotReader.importDump(
            bytes: Array(text.utf8), file: "control.txt", format: .uikitText, options: ImportOptions())
        #expect(imported.utf8.count > 6 * control.utf8.count)
    }
}
