import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc

    private func systemClose(_ descriptor: Int32) { _ = Glibc.close(descriptor) }
    private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    }
    private func systemSocket() -> Int32 { Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) }
    private func systemPoll(_ entries: UnsafeMutableBufferPointer<pollfd>, _ milliseconds: Int32) -> Int32 {
        Glibc.poll(entries.baseAddress, nfds_t(entries.count), milliseconds)
    }
#elseif canImport(Darwin)
    import Darwin

    private func systemClose(_ descriptor: Int32) { _ = Darwin.close(descriptor) }
    private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        Darwin.send(descriptor, bytes.baseAddress, bytes.count, 0)
    }
    private func systemSocket() -> Int32 { Darwin.socket(AF_INET, SOCK_STREAM, 0) }
    private func systemPoll(_ entries: UnsafeMutableBufferPointer<pollfd>, _ milliseconds: Int32) -> Int32 {
        Darwin.poll(entries.baseAddress, nfds_t(entries.count), milliseconds)
    }
#endif

/// A plain TCP socket to 127.0.0.1 for tests that misbehave as clients: connect and stay idle, send half a request,
/// or wait a bounded time for an answer or for the server to close. Its calls block: run them off the task pool
/// (``offThePool(_:)``).
public final class LoopbackSocket: Sendable {
    /// The descriptor, -1 once closed.
    private let descriptor: Mutex<Int32>

    /// Connects to 127.0.0.1:`port`, waiting at most 5 s (a loopback connect completes in the kernel's backlog,
    /// accepted or not).
    public init(port: Int) throws {
        let socket = try Self.socket()
        // A connect to a server whose backlog is full waits for SYN retries: bound it (Linux applies the send timeout).
        var limit = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = Self.address(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            systemClose(socket)
            throw LoopbackSocketError(description: "connect to 127.0.0.1:\(port): errno \(code)")
        }
        descriptor = Mutex(socket)
    }

    deinit { close() }

    private var fd: Int32 { descriptor.withLock { $0 } }

    /// Sends all of `text`.
    public func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { systemSend(fd, $0) }
            guard count > 0 else { throw LoopbackSocketError(description: "send: errno \(errno)") }
            sent += count
        }
    }

    /// What the server sends until it closes the connection or `timeout` passes; `closed` tells which.
    public func read(for timeout: Duration) -> (text: String, closed: Bool) {
        var data: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero, Self.poll([fd], timeout: left).first == true else {
                return (String(decoding: data, as: UTF8.self), false)
            }
            switch receive() {
            case .data(let bytes): data += bytes
            case .closed: return (String(decoding: data, as: UTF8.self), true)
            case .nothing: continue
            }
        }
    }

    /// What the server sends until `done` holds for it, the server closes the connection, or `timeout` passes.
    public func read(until done: (String) -> Bool, within timeout: Duration) -> (text: String, closed: Bool) {
        var data: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        while !done(String(decoding: data, as: UTF8.self)) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero, Self.poll([fd], timeout: left).first == true else { break }
            switch receive() {
            case .data(let bytes): data += bytes
            case .closed: return (String(decoding: data, as: UTF8.self), true)
            case .nothing: continue
            }
        }
        return (String(decoding: data, as: UTF8.self), false)
    }

    /// What the server sends until `count` bytes have come, the server closes the connection, or `timeout` passes.
    public func read(bytes count: Int, within timeout: Duration) -> (text: String, closed: Bool) {
        var data: [UInt8] = []
        data.reserveCapacity(count)
        let deadline = ContinuousClock.now + timeout
        while data.count < count {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero, Self.poll([fd], timeout: left).first == true else { break }
            switch receive() {
            case .data(let bytes): data += bytes
            case .closed: return (String(decoding: data, as: UTF8.self), true)
            case .nothing: continue
            }
        }
        return (String(decoding: data, as: UTF8.self), false)
    }

    /// Closes the socket (once).
    public func close() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 { systemClose(descriptor) }
            descriptor = -1
        }
    }

    private enum Received {
        case data([UInt8])
        case closed
        case nothing
    }

    private func receive() -> Received {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { return .data(Array(buffer[..<count])) }
        if count == 0 || (errno != EINTR && errno != EAGAIN) { return .closed }
        return .nothing
    }

    /// Which of `descriptors` have something to read (or were closed) within `timeout`.
    private static func poll(_ descriptors: [Int32], timeout: Duration) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let milliseconds = Int32(max(0, min(Double(Int32.max), timeout / .milliseconds(1))))
        guard entries.withUnsafeMutableBufferPointer({ systemPoll($0, milliseconds) }) > 0
        else { return descriptors.map { _ in false } }
        return entries.map { $0.revents != 0 }
    }

    /// How many of `sockets` the server closed within `timeout`, reading and dropping whatever else they get.
    public static func countClosedByServer(_ sockets: [LoopbackSocket], within timeout: Duration) -> Int {
        var open = sockets
        var closed = 0
        let deadline = ContinuousClock.now + timeout
        while !open.isEmpty {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            let ready = poll(open.map(\.fd), timeout: left)
            var still: [LoopbackSocket] = []
            for (socket, isReady) in zip(open, ready) {
                if isReady, case .closed = socket.receive() { closed += 1 } else { still.append(socket) }
            }
            open = still
        }
        return closed
    }

    private static func socket() throws -> Int32 {
        let descriptor = systemSocket()
        guard descriptor >= 0 else { throw LoopbackSocketError(description: "socket: errno \(errno)") }
        return descriptor
    }

    private static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// A loopback port nothing listens on: one the kernel just handed out for a socket that is closed again.
    public static func unusedPort() throws -> Int {
        let descriptor = try socket()
        defer { systemClose(descriptor) }
        var address = address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw LoopbackSocketError(description: "bind: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Sends `GET path` on a fresh connection and returns the answer and how long it took, giving up after `timeout`.
    public static func get(_ path: String, port: Int, timeout: Duration) throws -> (text: String, took: Duration) {
        let start = ContinuousClock.now
        let socket = try LoopbackSocket(port: port)
        try socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let answer = socket.read(for: timeout)
        return (answer.text, ContinuousClock.now - start)
    }
}

/// A loopback socket call failed.
public struct LoopbackSocketError: Error, CustomStringConvertible {
    public var description: String
}

/// Runs blocking work (socket calls) on a thread of its own, so it never holds up the tasks of a server under test.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
