import Foundation
import Synchronization
import Testing

/// Event numbers on the real binary: given once at creation, kept in `events/numbers.txt`, never given again, and
/// `lasso lint` refusing a changed or reused one (docs/event-catalogue.md, "Numbers").
@Suite("event numbers")
struct EventNumberTests {
    static let events = "/cfg/shop-ios/events"

    /// Adds a definition with `key` (an exact row, so that two keys never count the same clicks); its number.
    static func add(_ folder: String, key: String, row: Int) throws -> Int? {
        try added(folder, key: key, row: row).int("number")
    }

    /// Adds a definition with `key` on the button of `row`; the saved definition as `--json` prints it.
    static func added(_ folder: String, key: String, row: Int) throws -> [String: Any] {
        let path = EventCommandTests.buttonPath.replacingOccurrences(of: "[0:*]", with: "[0:\(row)]")
        let outcome = try CLI.run(
            [
                "event", "add", "--configs", "cfg", "--app-key", "shop-ios", "--name", "加购 \(row)", "--key", key,
                "--event", "ButtonClick", "--path", path, "--json",
            ], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try CLI.object(outcome)
    }

    static func numberLine(_ file: String) throws -> Int? {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return object?["number"] as? Int
    }

    static func file(of key: String, in folder: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + events)
        return folder + events + "/" + (try #require(names.first { $0.hasPrefix(key + "-") }))
    }

    static func setNumber(_ number: Int?, in file: String) throws {
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"number\"") }
            .joined(separator: "\n")
        if let number {
            text = text.replacingOccurrences(of: "\"versions\"", with: "\"number\": \(number),\n  \"versions\"")
        }
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    @Test("numbers are given 1, 2, 3 in the order made; a removed definition's number is never given again")
    func givenOnce() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        #expect(try Self.add(folder, key: "cart_a", row: 0) == 1)
        let second = try Self.added(folder, key: "cart_b", row: 1)
        #expect(second.int("number") == 2)
        let removed = try CLI.run(["event", "rm", "--configs", "cfg", try #require(second.string("id"))], in: folder)
        #expect(removed.status == 0, "\(removed.stderr)")
        let third = try Self.added(folder, key: "cart_c", row: 2)
        #expect(third.int("number") == 3)
        let ledger = try String(contentsOfFile: folder + Self.events + "/numbers.txt", encoding: .utf8)
        let lines = ledger.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.map { $0.split(separator: " ")[0] } == ["1", "2", "3"], "\(ledger)")
        #expect(lines[1].hasSuffix(" cart_b"))
        // An edit keeps the number; a definition whose field was lost by hand gets its own back, not a new one.
        let edited = try CLI.run(
            ["event", "edit", "--configs", "cfg", try #require(third.string("id")), "--note", "n", "--json"], in: folder
        )
        #expect(try CLI.object(edited).int("number") == 3, "\(edited.stderr)")
        let file = try Self.file(of: "cart_c", in: folder)
        try Self.setNumber(nil, in: file)
        let fixed = try CLI.run(["lint", "--configs", "cfg", "--fix"], in: folder)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(try Self.numberLine(file) == 3)
        #expect(try CLI.run(["lint", "--configs", "cfg"], in: folder).stdout.contains("no findings"))
    }

    @Test("a changed number and a number given to a removed definition first are refused by lint, exit 1")
    func changedAndReused() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        let first = try Self.added(folder, key: "cart_a", row: 0)
        _ = try Self.add(folder, key: "cart_b", row: 1)
        _ = try CLI.run(["event", "rm", "--configs", "cfg", try #require(first.string("id"))], in: folder)
        _ = try Self.add(folder, key: "cart_c", row: 2)
        let file = try Self.file(of: "cart_b", in: folder)
        try Self.setNumber(7, in: file)
        var outcome = try CLI.run(["lint", "--configs", "cfg"], in: folder)
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains(
                ":6: number-changed: $.number: the number was given as 2 (cfg/shop-ios/events/numbers.txt"),
            "\(outcome.stdout)")
        // cart_c holds 3; cart_b taking 3 is a change, and cart_c keeps its own number without a finding.
        try Self.setNumber(3, in: file)
        outcome = try CLI.run(["lint", "--configs", "cfg", "--json"], in: folder)
        let rules = try CLI.objects(outcome).map { "\($0.string("rule") ?? "") \($0.string("file") ?? "")" }
        #expect(rules == ["number-changed cfg/shop-ios/events/" + (file as NSString).lastPathComponent], "\(rules)")
        // A new definition whose file is given number 1 by hand: 1 was cart_a's, which was removed.
        let fresh = try CLI.run(
            [
                "event", "add", "--configs", "cfg", "--app-key", "shop-ios", "--name", "d", "--key", "cart_d",
                "--event", "ButtonClick", "--path",
                EventCommandTests.buttonPath.replacingOccurrences(
                    of: "[0:*]", with: "[0:3]"),
            ], in: folder)
        #expect(fresh.status == 0)
        try Self.setNumber(2, in: file)
        let cartD = try Self.file(of: "cart_d", in: folder)
        let ledger = folder + Self.events + "/numbers.txt"
        // As a definition copied from another branch would be: its id in no ledger line.
        let kept = try String(contentsOfFile: ledger, encoding: .utf8).split(separator: "\n").filter {
            !$0.hasSuffix(" cart_d")
        }
        try (kept.joined(separator: "\n") + "\n").write(toFile: ledger, atomically: true, encoding: .utf8)
        try Self.setNumber(1, in: cartD)
        outcome = try CLI.run(["lint", "--configs", "cfg"], in: folder)
        #expect(outcome.status == 1)
        #expect(
            outcome.stdout.contains("number-reused: $.number: the number 1 is given to ")
                && outcome.stdout.contains("(cart_a) first (cfg/shop-ios/events/numbers.txt:2)"), "\(outcome.stdout)")
        // The way out the message gives: remove the number, lint --fix gives the next one never given.
        try Self.setNumber(nil, in: cartD)
        let fixed = try CLI.run(["lint", "--configs", "cfg", "--fix"], in: folder)
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(try Self.numberLine(cartD) == 4)
    }

    @Test("two branches that each added a definition: the merged folder's second holder of the number is refused")
    func mergedBranches() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        _ = try Self.add(folder, key: "cart_a", row: 0)
        // The other branch: the same folder as it was, where another definition was added and given number 1 too.
        let branch = folder + "/branch"
        try FileManager.default.createDirectory(atPath: branch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/cfg", toPath: branch + "/cfg")
        let names = try FileManager.default.contentsOfDirectory(atPath: branch + Self.events)
        for name in names { try FileManager.default.removeItem(atPath: branch + Self.events + "/" + name) }
        #expect(try Self.add(branch, key: "cart_b", row: 1) == 1)
        for name in try FileManager.default.contentsOfDirectory(atPath: branch + Self.events)
        where name.hasPrefix("cart_b-") {
            try FileManager.default.copyItem(
                atPath: branch + Self.events + "/" + name, toPath: folder + Self.events + "/" + name)
        }
        let outcome = try CLI.run(["lint", "--configs", "cfg"], in: folder)
        #expect(outcome.status == 1)
        let reused = outcome.stdout.split(separator: "\n").filter { $0.contains("number-reused") }
        #expect(
            reused.count == 1 && reused[0].contains("cart_b-") && reused[0].contains("the number 1 is also cfg/"),
            "\(outcome.stdout)")
        // Saving a third definition takes a number neither branch holds.
        #expect(try Self.add(folder, key: "cart_z", row: 3) == 2)
    }

    @Test("a ledger with Windows line ends (git's autocrlf) reads as one: a removed number is still never given again")
    func crlfLedger() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        _ = try Self.add(folder, key: "cart_a", row: 0)
        let second = try Self.added(folder, key: "cart_b", row: 1)
        _ = try CLI.run(["event", "rm", "--configs", "cfg", try #require(second.string("id"))], in: folder)
        let ledger = folder + Self.events + "/numbers.txt"
        let text = try String(contentsOfFile: ledger, encoding: .utf8)
        try text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: ledger, atomically: true, encoding: .utf8)
        #expect(try Self.add(folder, key: "cart_c", row: 2) == 3)
        #expect(try CLI.run(["lint", "--configs", "cfg"], in: folder).stdout.contains("no findings"))
    }

    @Test("when the largest number was given, event add refuses and writes nothing")
    func usedUp() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        _ = try Self.add(folder, key: "cart_a", row: 0)
        let ledger = folder + Self.events + "/numbers.txt"
        try
            (try String(contentsOfFile: ledger, encoding: .utf8)
            + "2147483647 bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb max\n")
            .write(toFile: ledger, atomically: true, encoding: .utf8)
        let refused = try CLI.run(
            [
                "event", "add", "--configs", "cfg", "--app-key", "shop-ios", "--name", "b", "--key", "cart_b",
                "--event", "ButtonClick", "--path",
                EventCommandTests.buttonPath.replacingOccurrences(
                    of: "[0:*]", with: "[0:1]"),
            ], in: folder)
        #expect(refused.status == 65 && refused.stderr.contains("event numbers are used up"), "\(refused.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + Self.events)
        #expect(!names.contains { $0.hasPrefix("cart_b-") })
    }

    @Test("eight event adds at once get eight different numbers")
    func concurrentAdds() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        let numbers = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { row in
            if let number = try? Self.add(folder, key: "cart_\(row)", row: row) {
                numbers.withLock { $0.append(number) }
            }
        }
        #expect(numbers.withLock { $0.sorted() } == Array(1...8))
    }

    @Test("a ledger line that does not read is one lint finding with its line; event add refuses in words")
    func brokenLedger() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        _ = try Self.add(folder, key: "cart_a", row: 0)
        let ledger = folder + Self.events + "/numbers.txt"
        try (try String(contentsOfFile: ledger, encoding: .utf8) + "x y\n").write(
            toFile: ledger, atomically: true, encoding: .utf8)
        let linted = try CLI.run(["lint", "--configs", "cfg"], in: folder)
        #expect(linted.status == 1)
        #expect(
            linted.stdout.contains("numbers.txt:3: unreadable: $: ")
                && linted.stdout.contains("expected a number, an id and a key"), "\(linted.stdout)")
        let refused = try CLI.run(
            [
                "event", "add", "--configs", "cfg", "--app-key", "shop-ios", "--name", "b", "--key", "cart_b",
                "--event", "ButtonClick", "--path", EventCommandTests.buttonPath,
            ], in: folder)
        #expect(
            refused.status == 65 && refused.stderr.contains("numbers.txt:3: expected a number"), "\(refused.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + Self.events)
        #expect(!names.contains { $0.hasPrefix("cart_b-") })
    }
}
