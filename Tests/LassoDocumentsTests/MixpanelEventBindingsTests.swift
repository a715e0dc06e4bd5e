import Foundation
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

/// Mixpanel's codeless `event_bindings`: the binding worked out for a view on the sample screen, the config field
/// that keeps it, and the document read back by a reader that follows the iOS SDK's parsing (v3.9.2) rule by rule.
@Suite("Mixpanel event bindings, made from lasso's configs")
struct MixpanelEventBindingsTests {
    /// shop-home's cart button in the third row, its row, the table, the search field, a banner cell, a price label.
    static let button = 34
    static let row = 28
    static let table = 27
    static let searchField = 14
    static let banner = 17
    static let price = 32

    static func dialect() throws -> MixpanelDialect {
        MixpanelDialect(try SnapshotFixtures.sample("shop-home").snapshot)
    }

    /// A config in the Mixpanel profile on `node`, written as `config add --profile mixpanel` writes it.
    static func config(_ keyName: String, event: String, node: Int, conditions: [Condition] = []) throws -> KVCConfig {
        let dialect = try dialect()
        let text = try #require(dialect.location(of: node)?.path)
        var config = KVCConfig(
            appKey: "shop-ios", versions: VersionRanges([VersionInterval(from: AppVersion("5.0.0"))]),
            viewEvent: event, pattern: try MixpanelDialect.read(text), profile: .mixpanel, conditions: conditions,
            keyPath: "currentTitle", keyName: keyName)
        config.mixpanel = MixpanelFields.make(event: event, node: node, dialect: dialect)
        return config
    }

    /// What the iOS SDK keeps of one element of `event_bindings` (`MPEventBinding bindingWithJSONObject:`), or nil
    /// where it drops it; it crashes (here: a test failure) where the SDK would call a number's method on a string.
    struct ReadBinding: Equatable {
        var type: String
        var name: String
        var path: String
        var controlEvent: UInt32 = 0
        var verifyEvent: UInt32 = 0
        var delegate: String?
    }

    static func sdkRead(_ object: [String: Any]) -> ReadBinding? {
        // MPEventBinding.m L23-39: the subclass by event_type, ui_control for anything else.
        let type = (object["event_type"] as? String) == "ui_table_view" ? "ui_table_view" : "ui_control"
        // L40-50: a non-empty string path and event_name, else dropped.
        guard let path = object["path"] as? String, !path.isEmpty, let name = object["event_name"] as? String,
            !name.isEmpty
        else { return nil }
        var read = ReadBinding(type: type, name: name, path: path)
        if type == "ui_table_view" {
            // MPUITableViewBinding.m L37-41: NSClassFromString(table_delegate) must resolve.
            guard let delegate = object["table_delegate"] as? String, !delegate.isEmpty else { return nil }
            read.delegate = delegate
            return read
        }
        // MPUIControlBinding.m L51-56: -unsignedIntegerValue on the values: a string is an unrecognized selector.
        for key in ["control_event", "verify_event"] where object[key] != nil {
            #expect(object[key] is NSNumber && !(object[key] is String), "\(key) would crash the SDK")
        }
        read.controlEvent = UInt32(truncatingIfNeeded: (object["control_event"] as? NSNumber)?.uint64Value ?? 0)
        guard read.controlEvent != 0 else { return nil }
        read.verifyEvent = UInt32(truncatingIfNeeded: (object["verify_event"] as? NSNumber)?.uint64Value ?? 0)
        // L86-93: the default verify event.
        if read.verifyEvent == 0 {
            if read.controlEvent & 0xFFF != 0 {
                read.verifyEvent = 1
            } else if read.controlEvent & 0xF_0000 != 0 {
                read.verifyEvent = 65536
            }
        }
        return read
    }

    @Test("a button's tap, a value change, a field's Return and a table row each take their binding")
    func bindings() throws {
        let dialect = try Self.dialect()
        #expect(
            MixpanelFields.make(event: "ButtonClick", node: Self.button, dialect: dialect).binding
                == .control(controlEvent: 64, verifyEvent: 1))
        #expect(
            MixpanelFields.make(event: "ValueChanged", node: Self.button, dialect: dialect).binding
                == .control(controlEvent: 4096, verifyEvent: 0))
        #expect(
            MixpanelFields.make(event: "SearchSubmit", node: Self.searchField, dialect: dialect).binding
                == .control(controlEvent: 524288, verifyEvent: 65536))
        let table = try #require(dialect.location(of: Self.table)?.path)
        for node in [Self.row, Self.button] {
            #expect(
                MixpanelFields.make(event: "ListItemClick", node: node, dialect: dialect).binding
                    == .tableRow(tablePath: table, tableDelegate: "ShopApp.HomeViewController"))
        }
        // The table's own selector selects the table, as the SDK's strict check of the table needs.
        #expect(dialect.select(try MixpanelDialect.read(table)) == [Self.table])
    }

    @Test("no binding, with the reason: a label's tap, a collection's row, a long press, a page view")
    func unbound() throws {
        let dialect = try Self.dialect()
        for (event, node, words) in [
            ("ButtonClick", Self.price, "UILabel is no UIControl"),
            ("ListItemClick", Self.banner, "not of a UICollectionView"),
            ("LongPress", Self.button, "not LongPress"), ("PageView", Self.button, "not PageView"),
            ("SearchSubmit", Self.button, "is no UITextField"),
        ] {
            guard case .none(let reason) = MixpanelFields.make(event: event, node: node, dialect: dialect).binding
            else {
                Issue.record("\(event) on #\(node) was bound")
                continue
            }
            #expect(reason.contains(words), "\(reason)")
        }
    }

    @Test("the document as the SDK reads it: every binding kept, its selector naming the circled view")
    func readBySDK() throws {
        let dialect = try Self.dialect()
        let configs = [
            try Self.config("add_to_cart", event: "ButtonClick", node: Self.button),
            try Self.config("add_to_cart", event: "ButtonClick", node: Self.button),
            try Self.config("pick_product", event: "ListItemClick", node: Self.row),
            try Self.config("search", event: "SearchSubmit", node: Self.searchField),
        ]
        let made = MixpanelEventBindings.make(configs: configs, version: nil)
        #expect(made.unsent.isEmpty)
        #expect(made.bindings == 3, "the same binding twice is made once")
        let data = Data(JSONWriter.compact(made.document).utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let objects = try #require(document["event_bindings"] as? [[String: Any]])
        let read = objects.compactMap(Self.sdkRead)
        #expect(read.count == objects.count, "the SDK drops none")
        let byName = Dictionary(uniqueKeysWithValues: read.map { ($0.name, $0) })
        #expect(byName["add_to_cart"]?.controlEvent == 64)
        #expect(byName["add_to_cart"]?.verifyEvent == 1)
        #expect(byName["search"]?.verifyEvent == 65536)
        #expect(byName["pick_product"]?.type == "ui_table_view")
        #expect(byName["pick_product"]?.delegate == "ShopApp.HomeViewController")
        // Each selector, evaluated as the SDK evaluates it, names the view circled (the table for a row).
        for (name, node) in [("add_to_cart", Self.button), ("pick_product", Self.table), ("search", Self.searchField)] {
            let path = try #require(byName[name]?.path)
            #expect(dialect.select(try MixpanelDialect.read(path)).contains(node), "\(name): \(path)")
        }
    }

    @Test("named as not sent: no binding, conditions, a flag, lasso's paths, none kept; closed intervals left out")
    func unsent() throws {
        var flagged = try Self.config("flagged", event: "ButtonClick", node: Self.button)
        flagged.viewPathText += "(unique)"
        var old = try Self.config("old", event: "ButtonClick", node: Self.button)
        old.mixpanel = nil
        var closed = try Self.config("closed", event: "ButtonClick", node: Self.button)
        closed.versions = VersionRanges([VersionInterval(from: AppVersion("5.0.0"), until: AppVersion("5.1.0"))])
        let lasso = KVCConfig(
            appKey: "shop-ios", viewEvent: "ButtonClick",
            viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]/UIButton[0]"), keyPath: "currentTitle",
            keyName: "lasso")
        let configs = [
            try Self.config("label", event: "ButtonClick", node: Self.price),
            try Self.config(
                "on", event: "ButtonClick", node: Self.button, conditions: [Condition(key: "title", value: "x")]),
            flagged, old, lasso, closed,
        ]
        let made = MixpanelEventBindings.make(configs: configs, version: nil)
        #expect(made.bindings == 0)
        let reasons = Dictionary(uniqueKeysWithValues: made.unsent.map { ($0.config.keyName, $0.reason) })
        #expect(reasons.keys.sorted() == ["flagged", "label", "lasso", "old", "on"])
        #expect(reasons["label"]?.contains("no UIControl") == true)
        #expect(reasons["on"]?.contains("conditions (title") == true)
        #expect(reasons["flagged"]?.contains("(unique)") == true)
        #expect(reasons["old"]?.contains("save it again on a screen") == true)
        #expect(reasons["lasso"]?.contains("lasso's dialect") == true)
        // The closed config holds in 5.0.5: given that version it is carried.
        #expect(MixpanelEventBindings.make(configs: [closed], version: AppVersion("5.0.5")).bindings == 1)
    }

    static func decode(_ text: String) throws -> KVCConfig {
        try ConfigCodec.decode(try JSONParser.parse(Array(text.utf8), file: "c.json"), file: "c.json")
    }

    @Test("the config's mixpanel field: written and read back; a wrong one named at its key")
    func field() throws {
        for node in [Self.button, Self.row, Self.price] {
            let event = node == Self.row ? "ListItemClick" : "ButtonClick"
            let config = try Self.config("v", event: event, node: node)
            let text = JSONWriter.pretty(ConfigCodec.json(config))
            #expect(try Self.decode(text) == config)
        }
        let good = try Self.config("v", event: "ButtonClick", node: Self.button)
        let base = JSONWriter.pretty(ConfigCodec.json(good))
        for (from, to, place) in [
            (#""controlEvent": 64"#, #""controlEvent": "64""#, "mixpanel.controlEvent"),
            (#""binding": "ui_control""#, #""binding": "ui_button""#, "mixpanel.binding"),
            (#""controlEvent": 64"#, #""controlEvent": 0"#, "mixpanel.controlEvent"),
        ] {
            let text = base.replacingOccurrences(of: from, with: to)
            #expect(text != base)
            do {
                _ = try Self.decode(text)
                Issue.record("\(place): read")
            } catch {
                #expect("\(error)".contains(place), "\(error)")
            }
        }
    }
}
