import Foundation
import LassoCore
import Testing

/// Files are mapped rather than read (`FileBytes.map`), with the same refusals as reading them.
@Suite("mapped files")
struct MappedFileTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "lasso-mapped-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a file larger than one copying step maps and copies back byte for byte; its head is its first bytes")
    func copies() throws {
        let bytes = (0..<(20 << 20) + 12_345).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mapped = try FileBytes.map(path)
        #expect(mapped.count == bytes.count)
        #expect(mapped.head(100) == Array(bytes.prefix(100)))
        #expect(mapped.copyBytes() == bytes)
        #expect(mapped.withBytes { $0[bytes.count - 1] } == bytes[bytes.count - 1], "still readable after the copy")
    }

    @Test("an empty file maps to no bytes; a missing file, a directory and a FIFO are refused as when read")
    func refusals() throws {
        let empty = try Self.temporaryFile([])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(try FileBytes.map(empty).count == 0)
        #expect(try FileBytes.map(empty).copyBytes() == [])
        #expect(throws: LassoError(.noInput, "/nonexistent/x.txt: cannot open: no such file or directory")) {
            try FileBytes.map("/nonexistent/x.txt")
        }
        #expect(throws: LassoError(.noInput, "/tmp: expected a regular file, found a directory")) {
            try FileBytes.map("/tmp")
        }
        let fifo = NSTemporaryDirectory() + "lasso-fifo-\(UUID().uuidString)"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        #expect(throws: LassoError(.noInput, "\(fifo): expected a regular file, found a named pipe (FIFO)")) {
            try FileBytes.map(fifo)
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
