import Foundation
import Testing

/// `lasso hook add|list|show|edit|rm|export` on the real binary, in a temp folder (docs/hook-configs.md).
@Suite("hook commands")
struct HookCommandTests {
    /// The example table of the RJEventTracking write-up, byte for byte.
    static let exampleTable = """
        {
          "version": "0.1.0",
          "tracking": [
            {"class": "RJMainViewController",
             "event": {"rj_main_tracking": ["tripTypeViewChangedWithIndex:", "tripLabClickWithLabKey:"],
                       "user_fp_slide_click": "clickNavLeftBtn",
                       "user_fp_reflocate_click": "clickLocationBtn"}},
            {"class": "RJTripHistoryViewModel",
             "event": {"user_mytrip_show": "tableView:didSelectRowAtIndexPath:"}},
            {"class": "RJTripViewController",
             "event": {"rj_trip_tracking": "callServiceEvent"}}
          ]
        }

        """

    /// `hook add` with the app and the folder every call here uses.
    static func add(_ arguments: [String], in folder: String) throws -> CLI.Outcome {
        try CLI.run(["hook", "add", "--app-key", "rj-ios", "--configs", "cfg"] + arguments, in: folder)
    }

    /// Adds the configs behind the example table, in the order a team would have added them.
    static func addExample(in folder: String) throws {
        let adds: [[String]] = [
            [
                "--class", "RJTripViewController", "--selector", "callServiceEvent", "--impl-name", "rj_trip_tracking",
                "--rule", "dataManager.orderType == 1 && dataManager.orderStatus == 1 => user_inbook_psgservice_click",
                "--rule",
                "dataManager.orderType == 1 && dataManager.orderStatus == 2 => user_finishbook_psgservice_click",
                "--rule", "dataManager.orderType != 1 => user_psgservice_click", "--value",
                "orderId=dataManager.orderId",
                "--value", "labKey=$args[0]", "--from", "3.1.0", "--note", "contact customer service",
            ],
            [
                "--class", "RJMainViewController", "--selector", "tripTypeViewChangedWithIndex:", "--selector",
                "tripLabClickWithLabKey:", "--impl-name", "rj_main_tracking", "--rule",
                "$args[0].tag in [0, 1] => user_order_all_click",
            ],
            ["--class", "RJMainViewController", "--selector", "clickNavLeftBtn", "--event", "user_fp_slide_click"],
            [
                "--class", "RJMainViewController", "--selector", "clickLocationBtn", "--event",
                "user_fp_reflocate_click",
            ],
            [
                "--class", "RJTripHistoryViewModel", "--selector", "tableView:didSelectRowAtIndexPath:", "--event",
                "user_mytrip_show",
            ],
        ]
        for arguments in adds {
            let outcome = try add(arguments, in: folder)
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
    }

    @Test("the example table: made with hook add alone, exported byte for byte, what it cannot say on stderr")
    func exportExample() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try Self.addExample(in: folder)
        let export = try CLI.run(
            [
                "hook", "export", "--configs", "cfg", "--format", "rjeventtracking", "--table-version", "0.1.0",
                "--app-version", "3.2.0",
            ], in: folder)
        #expect(export.status == 0)
        #expect(export.stdout == Self.exampleTable)
        let notes = CLI.lines(export.stderr)
        #expect(notes.count == 3, "\(export.stderr)")
        #expect(notes.contains { $0.contains("impl class named rj_trip_tracking") })
        #expect(notes.contains { $0.contains("values (orderId, labKey)") })
        let old = try CLI.run(
            [
                "hook", "export", "--configs", "cfg", "--format", "rjeventtracking", "--table-version", "0.1.0",
                "--app-version", "3.0.0", "--output", "table.json",
            ], in: folder)
        #expect(old.status == 0)
        let written = try String(contentsOfFile: folder + "/table.json", encoding: .utf8)
        #expect(!written.contains("RJTripViewController") && written.contains("RJTripHistoryViewModel"))
        let own = try CLI.run(["hook", "export", "--configs", "cfg", "--format", "lasso"], in: folder)
        let hooks = try #require(try CLI.object(own)["hooks"] as? [[String: Any]])
        #expect(hooks.count == 5)
        #expect(hooks.contains { ($0["rules"] as? [Any])?.count == 3 && ($0["values"] as? [String: Any])?.count == 2 })
        // --json: the document and what the table cannot say, as data (nothing on stderr).
        let reported = try CLI.run(
            [
                "hook", "export", "--configs", "cfg", "--format", "rjeventtracking", "--table-version", "0.1.0",
                "--app-version", "3.2.0", "--json",
            ], in: folder)
        #expect(reported.status == 0 && reported.stderr.isEmpty, "\(reported.stderr)")
        let report = try CLI.object(reported)
        #expect(report.string("format") == "rjeventtracking" && (report["notInTable"] as? [String])?.count == 3)
        #expect((report["document"] as? [String: Any])?["version"] as? String == "0.1.0")
        #expect(report["file"] is NSNull)
    }

    @Test("list, show, edit and rm; --json; conflicts and bad input refused with one message")
    func lifecycle() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let made = try Self.add(
            [
                "--class", "ProductCell", "--selector", "addToCart:", "--event", "add_to_cart", "--value",
                "sku=model.sku",
                "--from", "2.0", "--json",
            ],
            in: folder)
        let object = try CLI.object(made)
        let id = try #require(object.string("id"))
        let file = try #require(object.string("file"))
        #expect(file == "cfg/rj-ios/hooks/ProductCell-\(id.prefix(8)).json")
        let listed = try CLI.run(["hook", "list", "--configs", "cfg"], in: folder)
        #expect(listed.stdout.contains("ProductCell\taddToCart:\tadd_to_cart"))
        let listJSON = try CLI.objects(try CLI.run(["hook", "list", "--configs", "cfg", "--json"], in: folder))
        #expect(listJSON.count == 1 && listJSON[0].string("event") == "add_to_cart")
        let shown = try CLI.run(["hook", "show", String(id.prefix(6)), "--configs", "cfg"], in: folder)
        #expect(shown.stdout == (try String(contentsOfFile: folder + "/" + file, encoding: .utf8)))

        let clash = try Self.add(
            ["--class", "ProductCell", "--selector", "addToCart:", "--event", "other"], in: folder)
        #expect(clash.status == 3 && clash.stderr.contains("conflict") && clash.stdout.isEmpty)
        let disjoint = try Self.add(
            ["--class", "ProductCell", "--selector", "addToCart:", "--event", "other", "--until", "2.0"], in: folder)
        #expect(disjoint.status == 0)
        for (bad, flag) in [
            (["--class", "ProductCell", "--selector", "add to cart", "--event", "e"], "--selector"),
            (["--class", "ProductCell", "--selector", "x"], "--event or --rule"),
            (["--class", "ProductCell", "--selector", "x", "--rule", "model.sku >= 3 => e"], "--rule"),
            (["--class", "ProductCell", "--selector", "x", "--rule", "=> a", "--rule", "=> b"], "--rule"),
            (["--class", "ProductCell", "--selector", "x", "--event", "e", "--value", "sku"], "--value"),
            (["--class", "ProductCell", "--selector", "x", "--event", "e", "--from", "soon"], "--from"),
        ] {
            let refused = try Self.add(bad, in: folder)
            CLI.expectCleanError(refused, status: 64, file: flag)
        }
        #expect(CLI.files(under: folder + "/cfg").count == 2)

        let edited = try CLI.run(
            [
                "hook", "edit", String(id.prefix(8)), "--configs", "cfg", "--rule", "model.stock == 0 => add_sold_out",
                "--rule", "=> add_to_cart", "--impl-name", "cart_tracking",
            ],
            in: folder)
        #expect(edited.status == 0, "\(edited.stderr)")
        let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
        #expect(
            text.contains("\"implName\": \"cart_tracking\"")
                && !text.contains("\"event\": \"add_to_cart\",\n  \"implName\""))
        #expect(text.contains("\"id\": \"\(id)\"") && text.contains("\"sku\": \"model.sku\""))
        let removed = try CLI.run(["hook", "rm", id, "--configs", "cfg"], in: folder)
        #expect(removed.status == 0 && !FileManager.default.fileExists(atPath: folder + "/" + file))
        let broken = try CLI.write("{\"id\": 3}", to: "cfg/rj-ios/hooks/Broken-00000000.json", in: folder)
        let strict = try CLI.run(["hook", "list", "--configs", "cfg"], in: folder)
        CLI.expectCleanError(strict, status: 65, file: broken, mentions: ["$.id"])
    }
}
