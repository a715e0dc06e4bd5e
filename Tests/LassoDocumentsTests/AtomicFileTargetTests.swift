import Foundation
import LassoDocuments
import LassoSnapshot
import Synchronization
import Testing

/// `AtomicFile.write` never replaces what is not a regular file: a device or a FIFO is written through, a symlink's
/// target is written and the link kept, a folder or a socket is refused; the saves of the configs folder, `lasso.json`
/// and the token store keep a symlinked file a link.
@Suite("AtomicFile on what is already at the path")
struct AtomicFileTargetTests {
    static func folder() throws -> String {
        let root = NSTemporaryDirectory() + "lasso-atomic-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test("a character device (a private /dev/null made with mknod) is written through and stays a device")
    func characterDevice() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let device = root + "/null"
        // The null device, 1:3 on Linux (makedev(1, 3) is 0x103); made here so the real /dev/null is never at stake.
        try #require(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0, "mknod needs root: \(errno)")
        try AtomicFile.write("{\"a\": 1}\n", to: device)
        #expect(Self.kind(device) == S_IFCHR)
        // A link to the device (as /dev/stdout is a link to a terminal or a pipe) is written through too.
        #expect(symlink("null", root + "/link") == 0)
        try AtomicFile.write("{}\n", to: root + "/link")
        #expect(Self.kind(root + "/link") == S_IFLNK)
        #expect(Self.kind(device) == S_IFCHR)
        let left = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        #expect(left == ["link", "null"], "no temporary file beside them: \(left)")
    }

    @Test("a FIFO with a reader gets the bytes in place and stays a FIFO")
    func fifoWithReader() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fifo = root + "/pipe"
        try #require(mkfifo(fifo, 0o600) == 0)
        let received = ReadResult()
        let reading = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            reading.signal()
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while descriptor >= 0 {
                let got = read(descriptor, &chunk, chunk.count)
                if got <= 0 { break }
                bytes += chunk[0..<got]
            }
            close(descriptor)
            received.set(bytes)
            done.signal()
        }
        reader.start()
        // The reader's open waits for a writer: open one end for writing ourselves once it is there.
        let text = String(repeating: "row\n", count: 50_000)
        var written = false
        for _ in 0..<200 where !written {
            do {
                try AtomicFile.write(text, to: fifo)
                written = true
            } catch {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        #expect(written)
        #expect(reading.wait(timeout: .now() + 10) == .success)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(received.get() == Array(text.utf8))
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test("a FIFO nobody reads is refused at once, in words, not waited on")
    func fifoWithoutReader() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fifo = root + "/pipe"
        try #require(mkfifo(fifo, 0o600) == 0)
        let start = Date()
        let error = try #require(throws: LassoError.self) { try AtomicFile.write("x", to: fifo) }
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(error.message == fifo + ": cannot write: the named pipe (FIFO) has no reader; nothing was written")
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test(
        "a symlink (relative, through a chain, or to a file not made yet): the final target is written, the links stay")
    func symlinks() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try "old".write(toFile: root + "/elsewhere/real.json", atomically: false, encoding: .utf8)
        #expect(symlink("elsewhere/real.json", root + "/middle") == 0)
        #expect(symlink("middle", root + "/out.json") == 0)
        try AtomicFile.write("new\n", to: root + "/out.json")
        #expect(Self.kind(root + "/out.json") == S_IFLNK)
        #expect(Self.kind(root + "/middle") == S_IFLNK)
        #expect(Self.text(root + "/elsewhere/real.json") == "new\n")
        #expect(symlink(root + "/elsewhere/later.json", root + "/dangling") == 0)
        try AtomicFile.write("made\n", to: root + "/dangling")
        #expect(Self.kind(root + "/dangling") == S_IFLNK)
        #expect(Self.text(root + "/elsewhere/later.json") == "made\n")
    }

    @Test("a folder or a socket is refused in words and left as it was")
    func refused() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/dir", withIntermediateDirectories: true)
        let folderError = try #require(throws: LassoError.self) { try AtomicFile.write("x", to: root + "/dir") }
        #expect(
            folderError.message
                == root
                + "/dir: expected a regular file, a character device or a named pipe to write to, found a directory; nothing was written"
        )
        #expect(Self.kind(root + "/dir") == S_IFDIR)
        let socketPath = root + "/sock"
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        let socketError = try #require(throws: LassoError.self) { try AtomicFile.write("x", to: socketPath) }
        #expect(socketError.message.hasSuffix("found a socket; nothing was written"))
        #expect(Self.kind(socketPath) == S_IFSOCK)
    }

    @Test(
        "a symlinked config file saved again keeps its link inside the configs folder, and is refused through one out of it; lasso.json and the token store keep theirs"
    )
    func savesKeepLinks() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = ConfigDirectory(root: root + "/kvc-configs")
        let config = KVCConfig(
            appKey: "shop-ios", viewEvent: "ViewTap", viewPath: try PathNotation.parse("A[0]/B[0]"),
            keyPath: "text", keyName: "title")
        let file = try directory.save(config, replacing: [])
        // The config moves elsewhere in the configs folder; its name is a link to it.
        let kept = root + "/kvc-configs/shop-ios/title.real"
        try FileManager.default.moveItem(atPath: file, toPath: kept)
        #expect(symlink(kept, file) == 0)
        var edited = try #require(try directory.load().first).config
        edited.note = "now with a note"
        #expect(try directory.save(edited, replacing: try directory.load()) == file)
        #expect(Self.kind(file) == S_IFLNK)
        #expect(Self.text(kept)?.contains("now with a note") == true)
        // A link out of the configs folder: a checked-out repository cannot steer a save into another file.
        try FileManager.default.createDirectory(atPath: root + "/shared", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: kept, toPath: root + "/shared/config.json")
        unlink(file)
        #expect(symlink(root + "/shared/config.json", file) == 0)
        edited.note = "through a link out"
        let refused = try #require(throws: LassoError.self) {
            try directory.save(edited, replacing: try directory.load())
        }
        #expect(refused.message.contains("outside it; nothing was written"), "\(refused.message)")
        #expect(Self.text(root + "/shared/config.json")?.contains("through a link out") == false)

        try "{}\n".write(toFile: root + "/shared/lasso.json", atomically: false, encoding: .utf8)
        #expect(symlink(root + "/shared/lasso.json", root + "/lasso.json") == 0)
        _ = try SettingsFile.setAppKey("shop-ios", in: root + "/lasso.json")
        #expect(Self.kind(root + "/lasso.json") == S_IFLNK)
        #expect(Self.text(root + "/shared/lasso.json")?.contains("shop-ios") == true)

        try "{}\n".write(toFile: root + "/shared/tokens.json", atomically: false, encoding: .utf8)
        #expect(symlink(root + "/shared/tokens.json", root + "/tokens.json") == 0)
        try TokenStore(file: root + "/tokens.json").save("secret", for: "http://127.0.0.1:1")
        #expect(Self.kind(root + "/tokens.json") == S_IFLNK)
        #expect(TokenStore(file: root + "/tokens.json").token(for: "http://127.0.0.1:1") == "secret")
    }
}

/// The bytes a reader thread got, handed back to the test.
private final class ReadResult: Sendable {
    private let bytes = Mutex<[UInt8]>([])
    func set(_ value: [UInt8]) { bytes.withLock { $0 = value } }
    func get() -> [UInt8] { bytes.withLock { $0 } }
}
