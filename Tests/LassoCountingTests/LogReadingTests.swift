import Foundation
import LassoCounting
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

@Suite("Event logs read as streams: plain, gzip, several members, bad files (docs/event-records.md)")
struct LogReadingTests {
    let folder: URL

    init() throws {
        folder = URL(fileURLWithPath: TestRunFolder.fresh("lasso-logs-"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    static let definition = EventDefinition(
        appKey: "app", name: "tap", key: "tap", viewEvent: "ButtonClick",
        viewPath: try! PathNotation.parse("P[0]/B[*]"),
        content: [ContentCondition(key: "t", .equals("热"))])

    func line(_ index: Int) -> String {
        #"{"event":"ButtonClick","appKey":"app","appVersion":"1.0","viewPath":"P[0]/B[\#(index % 7)]","properties":{"t":"\#(index % 3 == 0 ? "热" : "冷")"}}"#
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func gzip(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-kf", path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return path + ".gz"
    }

    func count(_ files: [String], threads: Int = 2) throws(LassoError) -> [EventLogCounting.FileCount] {
        try EventLogCounting.count(files: files, plan: EventCountPlan(definitions: [Self.definition]), threads: threads)
    }

    @Test("a log bigger than several blocks counts the same plain, gzip, on one thread or two")
    func bigLog() throws {
        let lines = (0..<60_000).map(line)
        var text = lines.joined(separator: "\n") + "\n"
        text += "garbage line\n"
        let plain = try write("big.jsonl", text)
        let zipped = try gzip(plain)
        let expected = (0..<60_000).filter { $0 % 3 == 0 }.count
        for threads in [1, 2] {
            for file in [plain, zipped] {
                let result = try count([file], threads: threads)
                #expect(result[0].tally.counts == [expected])
                #expect(result[0].tally.malformed == 1)
                #expect(result[0].tally.malformedSamples.first?.line == 60_001)
            }
        }
    }

    @Test("gzip members one after another read as one stream; a last line without newline counts")
    func members() throws {
        let first = try gzip(try write("a.jsonl", line(0) + "\n" + line(3) + "\n"))
        let second = try gzip(try write("b.jsonl", line(6)))
        let joined = folder.appendingPathComponent("joined.jsonl.gz").path
        try (Data(contentsOf: URL(fileURLWithPath: first)) + Data(contentsOf: URL(fileURLWithPath: second)))
            .write(to: URL(fileURLWithPath: joined))
        #expect(try count([joined])[0].tally.counts == [3])
    }

    @Test("a truncated gzip, a .gz that is not gzip, and a missing file are each one clear error")
    func badFiles() throws {
        let zipped = try gzip(try write("t.jsonl", (0..<20_000).map(line).joined(separator: "\n")))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: zipped))
        let truncated = folder.appendingPathComponent("truncated.jsonl.gz").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        #expect {
            _ = try count([truncated])
        } throws: { error in
            (error as? LassoError)?.kind == .badInput && "\(error)".contains("truncated")
                && "\(error)".contains("truncated.jsonl.gz")
        }
        let fake = try write("fake.jsonl.gz", line(0))
        #expect {
            _ = try count([fake])
        } throws: { error in
            (error as? LassoError)?.kind == .badInput && "\(error)".contains("expected gzip data")
        }
        #expect {
            _ = try count([folder.appendingPathComponent("missing.jsonl").path])
        } throws: { error in
            (error as? LassoError)?.kind == .noInput
        }
    }

    @Test("a line longer than a block is one malformed line, skipped; the lines around it count")
    func overlong() throws {
        let long = #"{"event":"ButtonClick","x":""# + String(repeating: "a", count: 10 << 20) + #""}"#
        let file = try write("long.jsonl", line(0) + "\n" + long + "\n" + line(3) + "\n")
        let tally = try count([file])[0].tally
        #expect(tally.counts == [2])
        #expect(tally.malformed == 1)
        #expect(tally.malformedSamples.first?.line == 2)
        #expect(tally.malformedSamples.first?.reason.contains("longer than") == true)
    }

    @Test("the longest line read is 4 MiB exactly (its line feed not counted): one byte more is skipped, as it says")
    func blockBoundary() throws {
        /// A record of exactly `size` bytes that the definition counts.
        func record(_ size: Int) -> String {
            let start =
                #"{"event":"ButtonClick","appKey":"app","appVersion":"1.0","viewPath":"P[0]/B[1]","properties":{"t":"热"},"pad":""#
            let end = #""}"#
            return start + String(repeating: "p", count: size - start.utf8.count - end.utf8.count) + end
        }
        let limit = EventLogCounting.blockSize
        #expect(limit == 4 << 20)
        for (name, text, counted) in [
            ("at.jsonl", line(0) + "\n" + record(limit) + "\n" + line(3) + "\n", 3),
            ("at-end.jsonl", line(0) + "\n" + record(limit), 2),
        ] {
            let tally = try count([try write(name, text)])[0].tally
            #expect(tally.counts == [counted], "\(name)")
            #expect(tally.malformed == 0, "\(name): \(tally.malformedSamples)")
        }
        let over = try count([try write("over.jsonl", line(0) + "\n" + record(limit + 1) + "\n" + line(3) + "\n")])[0]
            .tally
        #expect(over.counts == [2])
        #expect(over.malformed == 1)
        #expect(over.malformedSamples.first?.line == 2)
        #expect(over.malformedSamples.first?.reason == "a line longer than 4 MiB (4194304 bytes), skipped unread")
    }
}
