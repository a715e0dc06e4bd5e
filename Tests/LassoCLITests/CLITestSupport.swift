import Foundation
import Testing

/// Small helpers shared by the end-to-end tests: temp folders, JSON views of the output,
/// digests made by an independent tool, and the checks every bad-input message must pass.
enum CLI {
    typealias Outcome = LassoProcess.Outcome

    /// Runs lasso in `folder`; every test passes its own temp folder so that no `lasso.json`
    /// of the package (or of the test runner's folder) changes what the command does.
    @discardableResult
    static func run(_ arguments: [String], in folder: String, timeout: TimeInterval = 120) throws -> Outcome {
        try LassoProcess.run(arguments, in: folder, timeout: timeout)
    }

    /// A fresh temp folder, removed by `cleanUp`.
    static func folder() throws -> String { try LassoProcess.temporaryFolder() }

    static func cleanUp(_ folder: String) { try? FileManager.default.removeItem(atPath: folder) }

    static func sample(_ name: String) -> String { LassoProcess.sample(name) }

    /// Standard output as an array of JSON objects.
    static func objects(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]]
    {
        try #require(
            try LassoProcess.json(outcome) as? [[String: Any]],
            "stdout is not a JSON array of objects: \(outcome.stdout.prefix(300))", sourceLocation: sourceLocation)
    }

    /// Standard output as one JSON object.
    static func object(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(
            try LassoProcess.json(outcome) as? [String: Any],
            "stdout is not a JSON object: \(outcome.stdout.prefix(300))", sourceLocation: sourceLocation)
    }

    /// The non-empty lines of a text.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Writes `text` (UTF-8) to `folder/name` and returns the full path.
    @discardableResult
    static func write(_ text: String, to name: String, in folder: String) throws -> String {
        try write(Data(text.utf8), to: name, in: folder)
    }

    @discardableResult
    static func write(_ data: Data, to name: String, in folder: String) throws -> String {
        let path = (folder as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The regular files below `folder`, as paths relative to it, sorted.
    static func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let item = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: (folder as NSString).appendingPathComponent(item), isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append(item)
            }
        }
        return found.sorted()
    }

    // MARK: digests made by another tool than lasso's own code

    /// MD5 of `text` as 32 lowercase hex digits, made by `md5sum` (or macOS `md5 -q`).
    static func md5(_ text: String) throws -> String {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/md5sum") {
            return try digest("/usr/bin/md5sum", [], text)
        }
        return try digest("/sbin/md5", ["-q"], text)
    }

    /// SHA-256 of `text` as 64 lowercase hex digits, made by `sha256sum` (or `shasum -a 256`).
    static func sha256(_ text: String) throws -> String {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") {
            return try digest("/usr/bin/sha256sum", [], text)
        }
        return try digest("/usr/bin/shasum", ["-a", "256"], text)
    }

    private static func digest(_ tool: String, _ arguments: [String], _ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The digest tools read all of their input before writing, so writing first cannot block on output.
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self)
        return String(line.prefix(while: { $0.isHexDigit }))
    }

    static func isLowercaseHex(_ text: String, length: Int) -> Bool {
        text.count == length && text.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// `line:column` (both 1-based, column in bytes) of the first occurrence of `needle` in `text`.
    static func place(of needle: String, in text: String) -> String? {
        let bytes = Array(text.utf8)
        let wanted = Array(needle.utf8)
        guard !wanted.isEmpty, bytes.count >= wanted.count else { return nil }
        var line = 1
        var column = 1
        for start in 0...(bytes.count - wanted.count) {
            if Array(bytes[start..<start + wanted.count]) == wanted { return "\(line):\(column)" }
            if bytes[start] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return nil
    }

    // MARK: the checks of bad input

    /// A bad-input failure: the status, exactly one stderr line that starts with "lasso: ",
    /// names the file and every given place, says expected/found when asked; no crash text;
    /// nothing on stdout.
    static func expectCleanError(
        _ outcome: Outcome, status: Int32, file: String, mentions: [String] = [],
        expectedFound: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard outcome.status == status else {
            Issue.record(
                "expected exit status \(status), got \(outcome.status); stderr: \(outcome.stderr.prefix(1000)); stdout: \(outcome.stdout.prefix(300))",
                sourceLocation: sourceLocation)
            return
        }
        let errorLines = lines(outcome.stderr)
        #expect(
            errorLines.count == 1, "expected one stderr line, got \(errorLines.count): \(outcome.stderr.prefix(2000))",
            sourceLocation: sourceLocation)
        let message = errorLines.first ?? ""
        #expect(message.hasPrefix("lasso: "), "message: \(message)", sourceLocation: sourceLocation)
        #expect(
            message.contains((file as NSString).lastPathComponent), "the message should name \(file): \(message)",
            sourceLocation: sourceLocation)
        for mention in mentions {
            #expect(
                message.contains(mention), "the message should contain \(mention): \(message)",
                sourceLocation: sourceLocation)
        }
        if expectedFound {
            #expect(
                message.contains("expected") && message.contains("found"),
                "the message should say what was expected and found: \(message)", sourceLocation: sourceLocation)
        }
        for crash in [
            "Fatal error", "fatal error", "Stack dump", "Backtrace", "backtrace", "Segmentation", "Illegal instruction",
        ] {
            #expect(!outcome.stderr.contains(crash), "crash text \(crash) in stderr", sourceLocation: sourceLocation)
        }
        #expect(
            outcome.stdout.isEmpty, "stdout should be empty on failure: \(outcome.stdout.prefix(300))",
            sourceLocation: sourceLocation)
    }

    /// Runs `body` and returns how long it took, in seconds.
    static func timed<T>(_ body: () throws -> T) rethrows -> (T, TimeInterval) {
        let start = Date()
        let value = try body()
        return (value, Date().timeIntervalSince(start))
    }
}

extension Dictionary where Key == String, Value == Any {
    func string(_ key: String) -> String? { self[key] as? String }
    func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
}
