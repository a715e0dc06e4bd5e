import Foundation
import Testing

@testable import LassoImport
@testable import LassoSnapshot

/// Opening an SDK snapshot, a Maestro or dumpsys dump, or an XML dump builds its snapshot straight from the importer's
/// tree; what it builds must say exactly what loading the JSON document `lasso import` writes of the same dump says,
/// and a tree the loader would refuse or read the slow way must be left to it.
@Suite("import: trees built straight into a snapshot")
struct ImportedTreeTableTests {
    static let formats: Set<SnapshotSourceFormat> = [.mixpanel, .sensors, .maestro, .dumpsys, .appium, .android]

    static var dumps: [String] {
        let folders =
            ["Snapshots/dumps", "Tests/Fixtures/dumps"]
            + ["android", "appium", "dumpsys", "maestro", "mixpanel", "sensors"].map { "Fuzz/corpus/\($0)" }
        return folders.flatMap { folder in
            let url = DumpFixtures.packageRoot.appendingPathComponent(folder)
            return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted().map {
                url.appendingPathComponent($0).path
            }
        }
    }

    /// The snapshot of `tree` built, and loaded from its document (or the loader's refusal).
    static func bothWays(_ tree: ImportedTree, top: JSONObject = JSONObject()) throws -> (
        built: Snapshot?, loaded: Result<Snapshot, InputError>
    ) {
        let head = ImportedTree.documentHead(topLevel: top)
        let built = try ImportedTreeTable.snapshot(of: tree, head: head, file: "t.json")
        let loaded = Result { () throws(InputError) in
            try SnapshotLoader.load(bytes: tree.document(head: head), file: "t.json")
        }
        return (built, loaded)
    }

    @Test(
        "every SDK, Maestro, dumpsys and XML dump of the samples, the tests and the fuzz corpus: built and loaded say the same"
    )
    func everyDump() throws {
        var compared: [SnapshotSourceFormat: Int] = [:]
        for path in Self.dumps {
            let bytes = try FileBytes.read(path)
            guard let format = SnapshotSourceFormat.detect(Array(bytes.prefix(65_536))), Self.formats.contains(format),
                let (built, notes) = try? SnapshotReader.read(bytes: bytes, file: path, format: format)
            else { continue }
            let document = try SnapshotReader.importDump(bytes: bytes, file: path, format: format, options: .init())
            let loaded = try SnapshotLoader.load(bytes: document.utf8, file: path)
            #expect(built.firstDifference(from: loaded) == nil, "\(path)")
            #expect(notes == document.notes, "\(path)")
            // Built, not loaded: the built snapshot keeps only what its views point at, not a whole JSON document.
            #expect(built.bytes.count < loaded.bytes.count, "\(path)")
            compared[format, default: 0] += 1
        }
        for format in Self.formats { #expect(compared[format, default: 0] >= 2, "\(format)") }
    }

    @Test("every field the loader reads, a view controller, unknown and SDK members, nulls, and the top-level members")
    func everyField() throws {
        var tree = ImportedTree()
        let root = tree.add(
            JSONObject([
                "class": .string("UIWindow"), "superclasses": .array([.string("UIView"), .string("UIResponder")]),
                "hidden": .null, "alpha": .double(0.5), "accessibilityIdentifier": .string("main \"w\""),
                "viewController": .object(
                    JSONObject([
                        "class": .string("HomeViewController"), "superclasses": .array([.string("UIViewController")]),
                        "title": .string("首页"), "alias": .null, "properties": .object(JSONObject(["a": .int(1)])),
                        "presented": .bool(true), "note": .array([.null, .string("x")]),
                    ])),
            ]), parent: nil, frame: Rect(x: -0.0, y: 0, width: 390, height: 844))
        let button = tree.add(
            JSONObject([
                "class": .string("UIButton"), "superclasses": .array([.string("UIView"), .string("UIResponder")]),
                "text": .string(""), "title": .string("Buy\n“now”"), "accessibilityLabel": .null,
                "imageName": .string("cart"), "gestures": .array([.string("UITapGestureRecognizer")]),
                "actions": .array([.string("buy:")]), "state": .object(JSONObject(["selected": .bool(true)])),
                "properties": .null, "indexPath": .array([.int(0), .int(3)]), "viewPath": .string("a/b[0]"),
                "childIndex": .int(2), "role": .string("sectionHeader"), "id": .string("buy"),
                "resourceId": .string("com.shop:id/buy"), "hidden": .bool(true),
            ]), parent: root, windowFrame: Rect(x: 10.25, y: 20, width: 1e-7, height: 44))
        tree.add(JSONObject(["class": .string("UILabel"), "frame": .null]), parent: button)
        tree.add(JSONObject(["class": .string("UIView"), "alpha": .int(1)]), parent: root)
        let top = JSONObject([
            "app": .object(JSONObject(["key": .string("shop"), "platform": .string("ios")])),
            "screen": .object(JSONObject(["width": .int(390), "height": .int(844)])),
            "importedFrom": .object(JSONObject(["format": .string("maestro")])),
        ])
        let (built, loaded) = try Self.bothWays(tree, top: top)
        let snapshot = try #require(built)
        #expect(snapshot.firstDifference(from: try loaded.get()) == nil)
        #expect(snapshot.count == 4)
        #expect(snapshot.controller(of: 0)?.title == "首页")
        #expect(snapshot.unknownFields(of: 1)["resourceId"] == .string("com.shop:id/buy"))
        #expect(snapshot.text(of: 1) == "")
        #expect(snapshot.app.key == "shop")
    }

    @Test(
        "a field the loader refuses or reads the slow way is left to it",
        arguments: [
            ("class", JSONValue.string("")), ("class", .int(3)), ("alpha", .double(1.5)), ("alpha", .string("1")),
            ("frame", .array([.int(1), .int(2), .int(3)])), ("frame", .array([.int(1), .int(2), .int(3), .null])),
            ("frame", .number("1e999")), ("indexPath", .array([.int(0), .double(1.5)])), ("hidden", .int(1)),
            ("text", .int(1)), ("superclasses", .array([.int(1)])), ("gestures", .string("tap")),
            ("actions", .array([.object(JSONObject(["selector": .string("buy:"), "target": .string("Cart")]))])),
            ("state", .array([])), ("properties", .string("{}")), ("viewController", .object(JSONObject())),
            ("viewController", .string("Home")), ("childIndex", .int(-1)), ("presented", .string("yes")),
            ("role", .string("cell")), ("ivar", .int(1)), ("section", .double(0.5)),
        ])
    func leftToTheLoader(key: String, value: JSONValue) throws {
        var tree = ImportedTree()
        let root = tree.add(JSONObject(["class": .string("UIWindow")]), parent: nil)
        var fields = JSONObject(["class": .string("UIView")])
        fields[key] = value
        tree.add(fields, parent: root)
        let (built, loaded) = try Self.bothWays(tree)
        #expect(built == nil)
        // The slow way still reads what it can (the actions objects); the rest the loader refuses.
        if case .success(let snapshot) = loaded { #expect(snapshot.count == 2) }
    }

    @Test("random trees of fields of every kind: what the builder takes, the loader takes and reads the same")
    func randomTrees() throws {
        var generator = SystemRandomNumberGenerator()
        let keys = [
            "class", "superclasses", "gestures", "actions", "text", "title", "imageName", "hidden", "alpha", "frame",
            "indexPath", "state", "properties", "viewController", "childIndex", "role", "presented", "id", "extra",
        ]
        let values: [JSONValue] = [
            .null, .bool(true), .bool(false), .int(0), .int(2), .double(0.25), .double(-3.5), .number("1e999"),
            .string(""), .string("UILabel"), .string("sectionFooter"), .array([]), .array([.string("UIView")]),
            .array([.int(1), .int(2)]), .array([.int(1), .int(2), .int(3), .int(4)]),
            .array([.string("a"), .int(1)]), .object(JSONObject()), .object(JSONObject(["class": .string("VC")])),
            .object(JSONObject(["class": .string("VC"), "superclasses": .array([.string("UIView")])])),
        ]
        var built = 0
        for _ in 0..<1000 {
            var tree = ImportedTree()
            for row in 0..<Int.random(in: 1...6, using: &generator) {
                var fields = JSONObject()
                if Int.random(in: 0..<20, using: &generator) > 0 { fields["class"] = .string("V\(row % 3)") }
                for _ in 0..<Int.random(in: 0...2, using: &generator) {
                    fields[keys.randomElement(using: &generator)!] = values.randomElement(using: &generator)!
                }
                // In pre-order: under the last view or one of its ancestors.
                var parent: Int? = row == 0 ? nil : row - 1
                while let up = parent, up > 0, Bool.random(using: &generator) { parent = tree[up].parent }
                tree.add(fields, parent: parent)
            }
            let (snapshot, loaded) = try Self.bothWays(tree)
            guard let snapshot else { continue }
            let whole = try #require(try? loaded.get(), "the builder took a tree the loader refuses")
            #expect(snapshot.firstDifference(from: whole) == nil)
            built += 1
        }
        #expect(built > 50)
    }

    /// A tree of `count` views in a few shapes, fed to the table from its `feedFrom`th view when given.
    static func wideTree(_ count: Int, feedFrom: Int?, refusedAt: Int? = nil) -> ImportedTree {
        var tree = ImportedTree(feedsTableFrom: feedFrom)
        tree.add(JSONObject(["class": .string("UIWindow")]), parent: nil)
        var list = 0
        for row in 1..<count {
            var fields = JSONObject(["class": .string(row % 3 == 0 ? "UILabel" : "UIButton")])
            if row % 5 == 0 { fields["text"] = .string("row \(row) “é”") }
            if row % 7 == 0 { fields["properties"] = .object(JSONObject(["n": .int(row)])) }
            if row == refusedAt { fields["alpha"] = .string("half") }
            if row % 100 == 1 { list = row }
            let parent = row % 100 == 1 ? 0 : list
            tree.add(fields, parent: parent, frame: Rect(x: Double(row % 9), y: -0.0, width: 10.5, height: 1e-7))
        }
        return tree
    }

    @Test("a large tree's table built beside the import, batch by batch, is the one built after it, late frames too")
    func fedTable() throws {
        let head = ImportedTree.documentHead(topLevel: JSONObject())
        for count in [2, 2048, 2049, 5000] {
            var fed = Self.wideTree(count, feedFrom: 2)
            var alone = Self.wideTree(count, feedFrom: nil)
            // The root's frame is set after its view was handed over, as the importers set a window's extent last.
            fed.setFrame(0, Rect(x: 0, y: 0, width: 390, height: 844))
            alone.setFrame(0, Rect(x: 0, y: 0, width: 390, height: 844))
            let built = try #require(try fed.snapshot(head: head, file: "t.json"))
            let sequential = try #require(try ImportedTreeTable.snapshot(of: alone, head: head, file: "t.json"))
            let loaded = try SnapshotLoader.load(bytes: alone.document(head: head), file: "t.json")
            #expect(built.count == count)
            #expect(built.firstDifference(from: sequential) == nil, "\(count)")
            #expect(built.firstDifference(from: loaded) == nil, "\(count)")
            #expect(built.frame(of: 0) == Rect(x: 0, y: 0, width: 390, height: 844))
        }
    }

    @Test(
        "a fed table with a field the loader must read, or a frame it cannot follow, is left to the loader or rebuilt")
    func fedTableLeftOrRebuilt() throws {
        let head = ImportedTree.documentHead(topLevel: JSONObject())
        var refused = Self.wideTree(5000, feedFrom: 2, refusedAt: 4321)
        #expect(try refused.snapshot(head: head, file: "t.json") == nil)
        var infinite = Self.wideTree(3000, feedFrom: 2)
        infinite.setFrame(0, Rect(x: 0, y: 0, width: .infinity, height: 1))
        #expect(try infinite.snapshot(head: head, file: "t.json") == nil)
        // A root whose fields hold a frame of their own gets the late frame there: the fed table cannot follow it,
        // and the tree's own table is built instead.
        var own = ImportedTree(feedsTableFrom: 2)
        own.add(JSONObject(["class": .string("UIWindow"), "frame": .null]), parent: nil)
        for _ in 1..<3000 { own.add(JSONObject(["class": .string("UIView")]), parent: 0) }
        own.setFrame(0, Rect(x: 0, y: 0, width: 5, height: 6))
        let built = try #require(try own.snapshot(head: head, file: "t.json"))
        #expect(built.frame(of: 0) == Rect(x: 0, y: 0, width: 5, height: 6))
        #expect(built.count == 3000)
    }
}
