import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

@Suite("KVC configs and the configs directory (docs/config-format.md)")
struct ConfigTests {
    func config(
        keyName: String = "productId", from: String? = "5.3.0", until: String? = nil, conditions: [Condition] = []
    ) throws -> KVCConfig {
        KVCConfig(
            appKey: "shop-ios",
            versions: VersionRanges([
                VersionInterval(from: from.flatMap(AppVersion.init), until: until.flatMap(AppVersion.init))
            ]),
            viewEvent: "ListItemClick",
            viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]"),
            conditions: conditions, keyPath: "model.productId", keyName: keyName, note: "product clicks")
    }

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "lasso-core-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("the file form: fixed key order, two-space indent, trailing newline")
    func canonicalText() throws {
        var config = try config(conditions: [Condition(key: "title", value: "加入购物车")])
        config.id = "3c1f0a9e-5b7d-4c2a-9f1e-2d7b8a6c4e10"
        #expect(
            ConfigCodec.fileText(config) == """
                {
                  "id": "3c1f0a9e-5b7d-4c2a-9f1e-2d7b8a6c4e10",
                  "appKey": "shop-ios",
                  "versions": [
                    {
                      "from": "5.3.0"
                    }
                  ],
                  "viewEvent": "ListItemClick",
                  "viewPath": "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]",
                  "viewId": "\(ViewId.make(config.viewPath))",
                  "conditions": {
                    "title": "加入购物车"
                  },
                  "keyPath": "model.productId",
                  "keyName": "productId",
                  "note": "product clicks"
                }

                """)
    }

    @Test("reading the file form gives back the same config and the same bytes")
    func roundTrip() throws {
        let original = try config()
        let text = ConfigCodec.fileText(original)
        let read = try ConfigCodec.decode(try JSONParser.parse(Array(text.utf8), file: "c.json"), file: "c.json")
        #expect(read == original)
        #expect(ConfigCodec.fileText(read) == text)
    }

    @Test("ids are made once and are UUIDs")
    func ids() throws {
        let a = try config()
        let b = try config()
        #expect(a.id != b.id)
        #expect(UUID(uuidString: a.id) != nil)
        #expect(a.shortID.count == 8)
    }

    @Test(
        "a bad field is reported with its JSON path",
        arguments: [
            (#"{"versions": [{"from": "five"}]}"#, "$.versions[0].from"),
            (#"{"versions": [{"from": "5.3", "until": "5.1"}]}"#, "$.versions[0]"),
            (#"{"viewPath": "Home[x]"}"#, "$.viewPath"),
            (#"{"viewId": "0000"}"#, "$.viewId"),
            (#"{"keyName": "../evil"}"#, "$.keyName"),
            (#"{"conditions": {"title": [1]}}"#, "$.conditions.title"),
            (#"{"id": 7}"#, "$.id"),
        ])
    func badFields(patch: String, place: String) throws {
        let base = try config()
        guard case .object(var object) = ConfigCodec.json(base),
            case .object(let changes) = try JSONParser.parse(Array(patch.utf8), file: "p")
        else {
            Issue.record("fixture")
            return
        }
        for member in changes.members { object[member.key] = member.value }
        #expect {
            _ = try ConfigCodec.decode(.object(object), file: "bad.json")
        } throws: { error in
            guard let input = error as? InputError else { return false }
            return input.file == "bad.json" && input.jsonPath == place
        }
    }

    @Test("configs that say the same thing for overlapping versions conflict")
    func conflicts() throws {
        let a = try config(from: "5.0", until: "5.3")
        #expect(a.conflicts(with: try config(from: "5.2")))
        #expect(!a.conflicts(with: try config(from: "5.3")))
        #expect(!a.conflicts(with: try config(keyName: "other")))
        #expect(!a.conflicts(with: try config(conditions: [Condition(key: "title", value: "x")])))
        #expect(!a.conflicts(with: a))
    }

    @Test("the directory: one file a config, atomic, others untouched, conflicts refused")
    func directory() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = ConfigDirectory(root: root)
        let first = try config(keyName: "productId")
        let firstFile = try directory.save(first, replacing: try directory.load())
        #expect(firstFile == "\(root)/shop-ios/productId-\(first.shortID).json")
        let before = try Data(contentsOf: URL(fileURLWithPath: firstFile))
        let second = try config(keyName: "price")
        try directory.save(second, replacing: try directory.load())
        #expect(try Data(contentsOf: URL(fileURLWithPath: firstFile)) == before)
        #expect(try directory.load().map(\.config.id).sorted() == [first.id, second.id].sorted())
        #expect(throws: LassoError.self) {
            try directory.save(try config(keyName: "productId"), replacing: try directory.load())
        }
        do {
            try directory.save(try config(keyName: "productId"), replacing: try directory.load())
        } catch let error as LassoError {
            #expect(error.message.contains("conflict"))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/shop-ios").filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("renaming a config's key name moves its file")
    func rename() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = ConfigDirectory(root: root)
        var config = try config()
        let old = try directory.save(config, replacing: [])
        config.keyName = "sku"
        let new = try directory.save(config, replacing: try directory.load())
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: new))
        #expect(try directory.find(String(config.id.prefix(6)), in: try directory.load()).file == new)
    }

    @Test("a failed write leaves the earlier file as it was")
    func failedWrite() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = root + "/kept.json"
        try AtomicFile.write("old\n", to: file)
        chmod(root, 0o500)
        defer { chmod(root, 0o700) }
        if getuid() != 0 {
            #expect(throws: LassoError.self) { try AtomicFile.write("new\n", to: file) }
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old\n")
    }
}
