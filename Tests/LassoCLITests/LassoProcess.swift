import Foundation
import Synchronization
import Testing
import _LassoTestSupport

/// Runs the real `lasso` binary that `swift build` made, capturing its output and exit status.
struct LassoProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root.
    static var packageRoot: URL { LassoBinary.packageRoot }

    /// The samples folder of the package.
    static func sample(_ name: String) -> String { packageRoot.appendingPathComponent("Snapshots/\(name)").path }

    /// The binary: `LASSO_BIN`, else `lasso` beside the test bundle (the build's products folder).
    static var binary: String { LassoBinary.path }

    /// Runs `lasso ARGS` in `directory` with `stdin` as input; never waits more than `timeout` seconds. With a
    /// `wrapper` (`["/usr/bin/prlimit", "--as=…"]`), lasso runs under that command.
    @discardableResult
    static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        timeout: TimeInterval = 120, wrapper: [String] = []
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrapper.first ?? binary)
        process.arguments = wrapper.isEmpty ? arguments : Array(wrapper.dropFirst()) + [binary] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it.
        let outData = LockedData()
        let errData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(out, outData), (err, errData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("lasso \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        group.wait()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData.get(), as: UTF8.self),
            stderr: String(decoding: errData.get(), as: UTF8.self))
    }

    /// A fresh empty folder for one test.
    static func temporaryFolder() throws -> String {
        let path = TestRunFolder.fresh("lasso-test-")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Parses standard output as JSON.
    static func json(_ outcome: Outcome) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8), options: [.fragmentsAllowed])
    }
}

/// A Data box that two threads can hand over safely.
final class LockedData: Sendable {
    private let data = Mutex(Data())
    func set(_ value: Data) { data.withLock { $0 = value } }
    func get() -> Data { data.withLock { $0 } }
}
