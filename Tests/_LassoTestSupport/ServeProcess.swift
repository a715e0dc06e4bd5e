import Foundation

/// A real `lasso serve --port 0 --db FILE` child process, started and waited for until it names its port.
public final class ServeProcess {
    public let process: Process
    public let port: Int
    /// What the server wrote to standard error before it listened (warnings, the "listening on" line).
    public let startMessages: String
    /// Whether it answers HTTPS (`--tls-cert`).
    public let secure: Bool
    /// The port of `--metrics-port`, when it was given.
    public let metricsPort: Int?
    public var url: String { "\(secure ? "https" : "http")://127.0.0.1:\(port)" }
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Starts the server on the SQLite file `db` with `token` as its admin token, more `arguments`, and with
    /// `fileLimit` its open-file limit (`ulimit -n`) when given; its standard output (the access log) goes to the file
    /// `output` when given.
    public init(
        db: String, token: String, arguments: [String] = [], fileLimit: Int? = nil, output: String? = nil
    ) throws {
        let process = Process()
        let serve = ["serve", "--port", "0", "--db", db] + arguments
        if let fileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", LassoBinary.path] + serve
        } else {
            process.executableURL = URL(fileURLWithPath: LassoBinary.path)
            process.arguments = serve
        }
        var environment = ProcessInfo.processInfo.environment
        environment["LASSO_ADMIN_TOKEN"] = token
        environment["LOG_LEVEL"] = "error"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        if let output {
            FileManager.default.createFile(atPath: output, contents: nil)
            process.standardOutput = FileHandle(forWritingAtPath: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        try process.run()
        var seen = ""
        var found: Int?
        var secure = false
        let deadline = Date().addingTimeInterval(60)
        let metricsLine = #"metrics on http://127\.0\.0\.1:(\d+)"#
        let wantsMetrics = arguments.contains("--metrics-port")
        while found == nil || (wantsMetrics && seen.range(of: metricsLine, options: .regularExpression) == nil),
            Date() < deadline
        {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            if let range = seen.range(of: #"listening on https?://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                found = Int(seen[range].split(separator: ":").last ?? "")
                secure = seen[range].contains("https")
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
        self.secure = secure
        self.startMessages = seen
        metricsPort = seen.range(of: metricsLine, options: .regularExpression).flatMap {
            Int(seen[$0].split(separator: ":").last ?? "")
        }
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
