import Foundation

/// A real `lasso serve --port 0 --db FILE` child process, started and waited for until it names its port.
public final class ServeProcess {
    public let process: Process
    public let port: Int
    public var url: String { "http://127.0.0.1:\(port)" }
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Starts the server on the SQLite file `db` with `token` as its admin token.
    public init(db: String, token: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LassoBinary.path)
        process.arguments = ["serve", "--port", "0", "--db", db]
        var environment = ProcessInfo.processInfo.environment
        environment["LASSO_ADMIN_TOKEN"] = token
        environment["LOG_LEVEL"] = "error"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = ""
        var found: Int?
        let deadline = Date().addingTimeInterval(60)
        while found == nil, Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            if let range = seen.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                found = Int(seen[range].split(separator: ":").last ?? "")
            }
        }
        guard let found else {
            process.terminate()
            throw ServeProcessError(description: "lasso serve: expected a \"listening on\" line, found: \(seen)")
        }
        // Keep draining standard error so the server never blocks on a full pipe.
        let handle = errors.fileHandleForReading
        DispatchQueue.global().async { while !handle.availableData.isEmpty {} }
        self.process = process
        self.port = found
    }

    /// Stops the server (SIGTERM) and waits for it.
    public func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// The server did not start as expected.
public struct ServeProcessError: Error, CustomStringConvertible {
    public var description: String
}
