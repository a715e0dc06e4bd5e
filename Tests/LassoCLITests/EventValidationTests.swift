import Foundation
import Testing

/// `lasso validate` and `lasso check` on named event definitions: the location must match a view, and each content
/// key must be reported by a config there (docs/event-definitions.md, docs/release-check.md).
@Suite("event definitions in validate and check")
struct EventValidationTests {
    static let buttonPath = EventCommandTests.buttonPath

    /// The productId config on the add-to-cart buttons, and three definitions: fed, unfed (price) and lost.
    static func setUp() throws -> String {
        let folder = try EventCommandTests.folderWithConfig()
        for (key, path, content) in [
            ("cart_p1003", buttonPath, "productId=P1003"), ("cart_cheap", buttonPath, "price=¥59"),
            ("lost", "HomeViewController[0]/UIView[0]/Gone[0]", "title=x"),
        ] {
            let added = try CLI.run(
                [
                    "event", "add", "--configs", "cfg", "--app-key", "shop-ios", "--name", key, "--key", key,
                    "--event", "ButtonClick", "--path", path, "--content", content, "--from", "5.0", "--force",
                ], in: folder)
            #expect(added.status == 0, "\(added.stderr)")
        }
        return folder
    }

    @Test("validate: ok, unfed with the config add line that feeds it, no-match naming the definition; exit 1")
    func validate() throws {
        let folder = try Self.setUp()
        defer { CLI.cleanUp(folder) }
        let snapshot = CLI.sample("shop-home.json")
        let text = try CLI.run(["validate", "--configs", "cfg", snapshot], in: folder)
        #expect(text.status == 1, "\(text.stdout)\(text.stderr)")
        let lines = CLI.lines(text.stdout)
        #expect(lines.contains { $0.hasPrefix("  ok        event ") && $0.contains("cart_p1003 (6 views)") })
        #expect(lines.contains { $0.hasPrefix("  no-match  event ") && $0.contains("lost") })
        #expect(lines.contains { $0.hasPrefix("  unfed     event ") && $0.contains("reports \"price\"") })
        let add = try #require(lines.first { $0.contains("lasso config add") }).trimmingCharacters(in: .whitespaces)
        #expect(add.contains("--node 34 --event ButtonClick") && add.hasSuffix("--key-name price"), "\(add)")
        #expect(text.stdout.hasSuffix("2 broken\n"))
        let report = try CLI.objects(try CLI.run(["validate", "--configs", "cfg", snapshot, "--json"], in: folder))
        let events = try #require(report.first?["events"] as? [[String: Any]])
        #expect(Set(events.compactMap { $0.string("status") }) == ["ok", "unfed", "no-match"])
        let unfed = try #require(events.first { $0.string("key") == "cart_cheap" })
        #expect(unfed["unfedKeys"] as? [String] == ["price"])
        // The line it gives is a command that works: run it, and the definition is fed.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c", add.replacingOccurrences(of: "lasso config add", with: "\"$LASSO\" config add") + " --configs cfg",
        ]
        shell.currentDirectoryURL = URL(fileURLWithPath: folder)
        shell.environment = ProcessInfo.processInfo.environment.merging(["LASSO": LassoProcess.binary]) { $1 }
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let after = try CLI.run(["validate", "--configs", "cfg", snapshot], in: folder)
        #expect(
            after.stdout.contains("cart_cheap (6 views)") && after.stdout.hasSuffix("1 broken\n"), "\(after.stdout)")
    }

    @Test(
        "check: definitions of the new version that match nothing or that no config feeds are broken (exit 1, JSON events)"
    )
    func releaseCheck() throws {
        let folder = try Self.setUp()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["check", "--configs", "cfg", CLI.sample("shop-home.json"), "--json"], in: folder)
        #expect(outcome.status == 1, "\(outcome.stderr)")
        let object = try CLI.object(outcome)
        let events = try #require(object["events"] as? [[String: Any]])
        let status = Dictionary(
            uniqueKeysWithValues: events.map { ($0.string("key") ?? "", $0.string("status") ?? "") })
        #expect(status == ["cart_p1003": "ok", "cart_cheap": "unfed", "lost": "no-match"])
        #expect(object["eventsBroken"] as? Int == 2)
        let text = try CLI.run(["check", "--configs", "cfg", CLI.sample("shop-home.json")], in: folder)
        #expect(text.stdout.contains("event definitions of 5.3.0: 3, 2 broken"), "\(text.stdout)")
        // A definition that ended before the version is not the release's concern.
        for id in events.compactMap({ $0.string("id") })
        where events.first(where: { $0.string("id") == id })?.string("status") != "ok" {
            let edit = try CLI.run(
                ["event", "edit", id, "--configs", "cfg", "--until", "5.3.0", "--force"], in: folder)
            #expect(edit.status == 0, "\(edit.stderr)")
        }
        let fixed = try CLI.run(["check", "--configs", "cfg", CLI.sample("shop-home.json"), "--json"], in: folder)
        #expect(fixed.status == 0, "\(fixed.stdout)")
    }
}
