import Foundation
import LassoSnapshot
import Testing

@testable import LassoImport

/// An iOS codeless snapshot whose plain view objects are read in place (`IOSObjectsReader`) imports exactly as the
/// same snapshot parsed as values does, whatever the shape of its objects; and a snapshot whose start tells its
/// platform wrong is parsed again.
@Suite("import: iOS codeless objects read in place")
struct IOSObjectsReaderTests {
    /// Writes `text` as `name` in a folder of its own, for the importer to read from a path.
    static func file(_ text: String, _ name: String = "snapshot.json") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The text with `"activities": 0` as its first member: the importer then parses it as values (its start says
    /// Android, its content is not).
    static func parsedAsValues(_ text: String) throws -> String {
        var text = text
        let brace = try #require(text.firstIndex(of: "{"))
        text.insert(contentsOf: #""activities": 0, "#, at: text.index(after: brace))
        return text
    }

    /// Imports `text` both ways and compares the documents written and the snapshots built.
    static func sameBothWays(_ text: String) throws {
        let inPlace = try file(text)
        let parsed = try file(parsedAsValues(text))
        defer {
            for path in [inPlace, parsed] {
                try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
            }
        }
        #expect(try SnapshotReader.importText(path: inPlace).json == SnapshotReader.importText(path: parsed).json)
        let (read, readNotes) = try SnapshotReader.read(path: inPlace)
        let (made, madeNotes) = try SnapshotReader.read(path: parsed)
        #expect(readNotes == madeNotes)
        #expect(read.count == made.count)
        for view in 0..<min(read.count, made.count) {
            #expect(read.properties(of: view) == made.properties(of: view), "view \(view)")
            #expect(read.className(of: view) == made.className(of: view), "view \(view)")
            #expect(read.frame(of: view) == made.frame(of: view), "view \(view)")
        }
    }

    @Test(
        "the Mixpanel and Sensors iOS fixtures import the same read in place",
        arguments: ["mixpanel-ios.json", "sensors-ios.json"])
    func fixtures(name: String) throws {
        try Self.sameBothWays(String(contentsOfFile: DumpFixtures.fixture(name), encoding: .utf8))
    }

    static let unusual = #"""
        {"payload": {"serialized_objects": {"rootObject": "$1", "objects": [
          {"id": "$1", "class": ["UIApplication", "UIResponder"], "properties": {"windows": {"values": [{"value": ["$2"]}]}}},
          {"id": "$2", "class": ["UIWindow", "UIView"], "properties": {"frame": {"values": [{"value": {"X": 0, "Y": 0, "Width": 390, "Height": 844}}]}, "rootViewController": {"values": [{"value": "$3"}]}, "subviews": {"values": [{"value": ["$4"]}]}, "layer": {"values": [{"value": {"a": 1}}]}}},
          {"id": "$3", "class": ["ShopController", "UIViewController"], "properties": {"view": {"values": [{"value": "$4"}]}, "title": {"values": [{"value": "Shop"}]}}},
          {"id": "$4", "class": ["UIView"], "properties": {"frame": {"values": [{"value": {"X": 0, "Y": 0, "Width": 390, "Height": 844}}]}, "subviews": {"values": [{"value": ["$5", "$6", "$7", "$8", "$9", "$10", "$11", 12]}]}}},
          {"properties": {"frame": {"X": 0, "Y": 10, "Width": 10, "Height": 10}, "text": "properties first"}, "id": "$5", "class": ["UILabel", "UIView"]},
          {"id": "$6", "class": ["UILabel", "UIView"], "properties": {"text": "a", "text": "b", "id": "own id", "te\u0078t": "c"}},
          {"id": "$7", "class": ["UIButton", "UIControl", "UIView"], "element_level": 2, "properties": {"element_content": "加入\n\"购物车\"", "hidden": true, "alpha": "0.5", "accessibilityIdentifier": "add", "tag": [1, {"k": null}], "n": 1.50e1, "wrapped": {"values": [{"value": {"X": 1}}], "other": 2}, "two": {"values": [], "x": 1, "y": 2}, "contentOffset": {"X": 0, "Y": 40}}},
          {"id": "$8", "class": ["UIScrollView", "UIView"], "extra": true, "properties": {}},
          {"id": "$9", "class": [null, "UIView"], "properties": {"accessibilityLabel": {"values": [{"value": "label"}]}, "titleForState": {"values": [{"value": "t"}]}}},
          {"id": 10, "class": ["UITableViewCell", "UIView"], "properties": {"subelements": []}},
          {"id": "$11", "class": ["UIView"], "properties": {"frame": null, "keyWindow": 3, "view": "$4"}},
          {"id": 12, "class": ["UIImageView", "UIView"], "properties": {"frame": {"X": 1, "Y": 2, "Width": 3, "Height": 4}}}
        ]}}}
        """#

    @Test("objects of every shape: controllers, unusual names, wrapped and bare values, kept containers")
    func unusualShapes() throws {
        try Self.sameBothWays(Self.unusual)
        // Both ways are taken: the plain views in place, the rest as values.
        let reader = IOSObjectsReader()
        let document = try JSONParser.parse(Array(Self.unusual.utf8), file: "u.json", reading: reader)
        let objects = try #require(reader.objects(document["payload"]?["serialized_objects"]?["objects"]))
        let inPlace = objects.indices.filter { if case .read = objects[$0] { return true } else { return false } }
        #expect(
            inPlace == [1, 3, 6, 8, 9, 10, 11],
            "the window and the plain views; not $5 (properties first), $6 (names), $8 (extra)")
    }

    /// A window holding views whose frame and subviews are `spellings[i]` (a view's members after its `id`).
    static func spellings(_ spellings: [String]) -> String {
        let ids = spellings.indices.map { "\"$v\($0)\"" }.joined(separator: ", ")
        let views = spellings.enumerated().map { offset, members in
            #"{"id": "$v\#(offset)", "class": ["UIView"], "properties": {\#(members)}}"#
        }
        return #"""
            {"payload": {"serialized_objects": {"rootObject": "$w", "objects": [
              {"id": "$w", "class": ["UIWindow", "UIView"], "properties": {"frame": {"X": 0, "Y": 0, "Width": 390, "Height": 844}, "subviews": [\#(ids)]}},
              \#(views.joined(separator: ",\n  "))
            ]}}}
            """#
    }

    @Test("frames and subviews read in place in every spelling, or parsed as before")
    func framesAndSubviews() throws {
        try Self.sameBothWays(
            Self.spellings([
                #""frame": {"values": [{"value": {"Height": 2, "Width": 1.5, "Y": -0, "X": 1e2}}]}"#,
                #""frame" : { "values" : [ { "value" : { "X" : 0 , "Y" : 0 , "Width" : -3 , "Height" : 123456789.125 } } ] }"#,
                #""frame": {"values": [{"value": {"X": 0, "Y": 0, "Width": 1, "Height": 1, "Z": 0}}]}"#,
                #""frame": {"values": [{"value": {"X": 0, "Y": 0, "Width": 1, "Height": 1}}], "other": 1}"#,
                #""frame": {"values": [], "x": 1}"#,
                #""frame": {"values": [{"value": {"X": "1", "Y": 0, "Width": 1, "Height": 1}}, {"value": null}]}"#,
                #""frame": {"X": 1, "X": 2, "Y": 0, "Width": 1, "Height": 1}"#,
                #""subviews": {"values": [{"value": ["$v9", "$v\u0031\u0030"]}]}"#,
                #""subviews": ["$v11", null, 3]"#,
                #""subviews": {"values": [{"value": "$v12"}]}"#,
                #""subviews": {"values": [{"value": []}]}, "frame": null"#,
                #""subviews": []"#,
                #""subviews": {"values": [{"value": ["$v13"]}], "x": 1}"#,
                #""frame": {"values": [{"value": {"X": 1, "Y": 2, "Width": 3, "Height": 4}}]}"#,
            ]))
        // A frame refused gives the same message read in place as parsed.
        for frame in [
            #"{"values": [{"value": {"X": 0, "Y": 0, "Width": 1e10, "Height": 1}}]}"#,
            #"{"X": 0, "Y": 0, "Width": "wide", "Height": 1}"#, #"{"X": 0, "Y": 0, "Width": 1}"#,
        ] {
            let text = Self.spellings([#""frame": "# + frame])
            func message(_ text: String) throws -> String? {
                let path = try Self.file(text)
                defer {
                    try? FileManager.default.removeItem(
                        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
                }
                do {
                    _ = try SnapshotReader.read(path: path)
                    return nil
                } catch {
                    return "\(error)".replacingOccurrences(of: path, with: "snapshot.json")
                }
            }
            let inPlace = try message(text)
            #expect(inPlace != nil, "\(frame)")
            #expect(inPlace == (try message(Self.parsedAsValues(text))), "\(frame)")
        }
    }

    @Test("an Android snapshot whose activities come after its first 64 KB (named with --format) is parsed again")
    func lateActivities() throws {
        let text = try String(contentsOfFile: DumpFixtures.fixture("sensors-android.json"), encoding: .utf8)
        var late = text
        let brace = try #require(late.firstIndex(of: "{"))
        late.insert(
            contentsOf: "\"pad\": \"" + String(repeating: "x", count: 70_000) + "\", ", at: late.index(after: brace))
        let path = try Self.file(late, "sensors-android.json")
        defer {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
        let (read, _) = try SnapshotReader.read(path: path, format: .sensors)
        let (plain, _) = try SnapshotReader.read(path: DumpFixtures.fixture("sensors-android.json"))
        #expect(read.count == plain.count)
        for view in 0..<min(read.count, plain.count) {
            #expect(read.properties(of: view) == plain.properties(of: view), "view \(view)")
        }
    }
}
