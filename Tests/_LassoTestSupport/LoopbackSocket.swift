import Foundation

#if canImport(Glibc)
    import Glibc

    private func systemClose(_ descriptor: Int32) { _ = Glibc.close(descriptor) }
    private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    }
    private func systemSocket() -> Int32 { Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) }
#elseif canImport(Darwin)
    import Darwin

    private func systemClose(_ descriptor: Int32) { _ = Darwin.close(descriptor) }
    private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        Darwin.send(descriptor, bytes.baseAddress, bytes.count, 0)
    }
    private func systemSocket() -> Int32 { Darwin.socket(AF_INET, SOCK_STREAM, 0) }
#endif

/// A plain TCP socket to 127.0.0.1 for tests that misbehave as clients: connect and stay idle, send half a request,
/// or wait a bounded time for an answer or for the server to close.
public final class LoopbackSocket {
    public private(set) var descriptor: Int32

    /// Connects to 127.0.0.1:`port` (blocking; the connect itself is bounded by the kernel's loopback handshake).
    public init(port: Int) throws {
        descriptor = try Self.socket()
        var address = Self.address(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            systemClose(descriptor)
            throw LoopbackSocketError(description: "connect to 127.0.0.1:\(port): errno \(code)")
        }
    }

    deinit { close() }

    /// Sends all of `text`.
    public func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { systemSend(descriptor, $0) }
            guard count > 0 else { throw LoopbackSocketError(description: "send: errno \(errno)") }
            sent += count
        }
    }

    /// What the server sends until it closes the connection or `timeout` passes; `closed` tells which.
    public func read(for timeout: Duration) -> (text: String, closed: Bool) {
        var data: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero, waitReadable(left) else { return (String(decoding: data, as: UTF8.self), false) }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                data += buffer[..<count]
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                return (String(decoding: data, as: UTF8.self), true)
            }
        }
    }

    /// True when the server closed the connection within `timeout` (the socket reads end-of-file or a reset).
    public func isClosedByServer(within timeout: Duration) -> Bool { read(for: timeout).closed }

    /// Closes the socket (once).
    public func close() {
        if descriptor >= 0 {
            systemClose(descriptor)
            descriptor = -1
        }
    }

    private func waitReadable(_ timeout: Duration) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(1, min(Double(Int32.max), timeout / .milliseconds(1))))
        return poll(&entry, 1, milliseconds) > 0
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
}

/// A loopback socket call failed.
public struct LoopbackSocketError: Error, CustomStringConvertible {
    public var description: String
}

extension LoopbackSocket {
    /// Sends `GET path` on a fresh connection and returns the answer and how long it took, giving up after `timeout`.
    public static func get(_ path: String, port: Int, timeout: Duration) throws -> (text: String, took: Duration) {
        let start = ContinuousClock.now
        let socket = try LoopbackSocket(port: port)
        try socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let answer = socket.read(for: timeout)
        return (answer.text, ContinuousClock.now - start)
    }
}
