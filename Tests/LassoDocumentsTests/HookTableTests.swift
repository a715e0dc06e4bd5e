import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

@Suite("The hook table export (docs/hook-configs.md, \"Export\")")
struct HookTableTests {
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

    /// The configs behind the example table, made through the draft, one after another (the order they are added).
    static func exampleConfigs() throws -> [HookConfig] {
        let tabRule = HookRule(
            when: [HookCondition(source: HookSource("$args[0].tag")!, op: .equals, value: .int(0))],
            event: "user_order_all_click")
        let drafts = [
            HookDraft(
                appKey: "rj-ios", className: "RJTripViewController", selectors: ["callServiceEvent"],
                rules: [
                    HookRule(
                        when: [
                            HookCondition(source: HookSource("dataManager.orderType")!, op: .notEquals, value: .int(1))
                        ],
                        event: "user_psgservice_click")
                ], implName: "rj_trip_tracking", from: "3.1.0"),
            HookDraft(
                appKey: "rj-ios", className: "RJMainViewController",
                selectors: ["tripTypeViewChangedWithIndex:", "tripLabClickWithLabKey:"], rules: [tabRule],
                implName: "rj_main_tracking"),
            HookDraft(
                appKey: "rj-ios", className: "RJMainViewController", selectors: ["clickNavLeftBtn"],
                event: "user_fp_slide_click"),
            HookDraft(
                appKey: "rj-ios", className: "RJTripHistoryViewModel",
                selectors: ["tableView:didSelectRowAtIndexPath:"], event: "user_mytrip_show"),
            HookDraft(
                appKey: "rj-ios", className: "RJMainViewController", selectors: ["clickLocationBtn"],
                event: "user_fp_reflocate_click"),
        ]
        var configs: [HookConfig] = []
        // Made one after the other: each its own id, and an `added` time a millisecond after the one before.
        for (index, draft) in drafts.enumerated() {
            let stamp = DocumentStamp(
                id: "00000000-0000-4000-8000-" + String(repeating: "0", count: 11) + String(index),
                added: "2026-11-20T08:00:00.00\(index)Z")
            configs.append(try draft.build(stamp: stamp).get())
        }
        return configs
    }

    @Test("the example table, byte for byte, from configs made with lasso; the rules it cannot carry listed")
    func exampleBytes() throws {
        let table = HookTable(
            tableVersion: "0.1.0", configs: try Self.exampleConfigs().reversed(), appVersion: AppVersion("3.2.0"))
        #expect(table.text == Self.exampleTable)
        #expect(table.unexpressed.count == 2)
        #expect(table.unexpressed.contains { $0.contains("impl class named rj_trip_tracking") })
    }

    @Test("for an app version: only the configs that hold then; one class's configs with one event name merged")
    func versionsAndMerging() throws {
        let configs = try Self.exampleConfigs()
        let before = HookTable(tableVersion: "1", configs: configs, appVersion: AppVersion("3.0.0"))
        #expect(!before.text.contains("RJTripViewController"))
        let again = try HookDraft(
            appKey: "rj-ios", className: "RJMainViewController", selectors: ["clickNavRightBtn"],
            event: "user_fp_slide_click"
        ).build(stamp: .fresh()).get()
        let merged = HookTable(tableVersion: "1", configs: configs + [again], appVersion: nil)
        #expect(merged.text.contains(#""user_fp_slide_click": ["clickNavLeftBtn", "clickNavRightBtn"]"#))
        #expect(merged.unexpressed.contains { $0.hasPrefix("no --app-version") })
        let noImpl = try HookDraft(appKey: "rj-ios", className: "X", selectors: ["y"], rules: [HookRule(event: "z")])
            .build(stamp: .fresh()).get()
        let left = HookTable(tableVersion: "1", configs: [noImpl], appVersion: nil)
        #expect(left.classes.isEmpty && left.text == "{\n  \"version\": \"1\",\n  \"tracking\": []\n}\n")
        #expect(left.unexpressed.first?.contains("has no implName") == true)
    }
}
