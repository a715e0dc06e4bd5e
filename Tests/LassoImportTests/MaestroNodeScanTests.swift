import Foundation
import LassoSnapshot
import Testing

@testable import LassoImport

/// A Maestro hierarchy read in place (`MaestroNodeScan`) gives the snapshot that parsing it as a value gives, byte for
/// byte, whatever its shape: the usual ones the fast way, the unusual ones by falling back to the parsed value.
@Suite("import: Maestro nodes read in place")
struct MaestroNodeScanTests {
    /// The import of `text` read in place (if it can be) and parsed; whether it was read in place.
    static func bothWays(_ text: String) throws -> (inPlace: ImportedSnapshot, parsed: ImportedSnapshot, read: Bool) {
        let bytes = Array(text.utf8)
        var fast = try MaestroImporter.importDump(bytes, file: "m.json", options: ImportOptions(), readingInPlace: true)
        var slow = try MaestroImporter.importDump(
            bytes, file: "m.json", options: ImportOptions(), readingInPlace: false)
        #expect(!slow.readInPlace)
        try fast.snapshot.finish(file: "m.json", building: false)
        try slow.snapshot.finish(file: "m.json", building: false)
        #expect(!fast.snapshot.utf8.isEmpty)
        return (fast.snapshot, slow.snapshot, fast.readInPlace)
    }

    static func node(_ attributes: String, children: String = "[]", members: String = "") -> String {
        #"{"attributes":{"# + attributes + #"},"children":"# + children + members + "}"
    }

    static let button =
        #""class":"android.widget.Button","text":"Buy","resource-id":"shop:id/buy","bounds":"[0,0][100,40]","clickable":"true""#

    @Test("the fixtures are read in place, as they are parsed")
    func fixtures() throws {
        for name in ["maestro-android.json", "maestro-ios.json"] {
            let text = try String(contentsOfFile: DumpFixtures.fixture(name), encoding: .utf8)
            let (inPlace, parsed, read) = try Self.bothWays(text)
            #expect(read, "\(name)")
            #expect(inPlace.utf8 == parsed.utf8, "\(name)")
            #expect(inPlace.notes == parsed.notes)
        }
    }

    @Test(
        "a hierarchy of every usual shape is read in place and gives what parsing it gives",
        arguments: [
            // Android: a list's items, a wrapper looked through, flags as members and as attributes.
            node(
                "",
                children: "[" + node(#""bounds":"[0,0][1080,2400]""#)
                    + ","
                    + node(
                        #""class":"androidx.recyclerview.widget.RecyclerView","bounds":"[0,100][1080,2000]","resource-id":"com.shop:id/feed""#,
                        children: "[" + node(button) + "," + node(button, members: #","clickable":false"#) + "]")
                    + "]"),
            // Jackson's spacing (`"key" : value`), escapes, numbers as text, unknown attributes and members, nulls.
            #"""
            Running on iPhone 15
            {
              "attributes" : {
                "zeta" : "1", "accessibilityText" : "Shop \"Home\" \u00e9", "text" : "", "hintText" : "",
                "ignoreBoundsFiltering" : "false", "title" : "007", "value" : "0000", "alpha" : "1234567890123456",
                "" : "empty name", "bounds" : "[0,0][390,844]", "enabled" : "true", "selected" : "false"
              },
              "children" : [ {
                "attributes" : { "accessibilityText" : "Pay", "bounds" : "[10,-20][200,60]", "resource-id" : "pay" },
                "children" : null,
                "clickable" : true, "enabled" : null, "focused" : "yes", "checked" : false, "extra" : {"a": [1, {"b": null}]}
              }, {
                "attributes" : null, "children" : [ {
                  "attributes" : { "text" : "Total", "bounds" : "[0,0][10,10]", "checked" : "true" },
                  "children" : [ ],
                  "selected" : true
                } ]
              }, {
                "children" : [ { "attributes" : { "accessibilityText" : "Holder", "bounds" : "[0,0][5,5]" },
                  "children" : [ { "attributes" : { "class" : "" , "bounds" : "[0,0][1,1]" } } ] } ]
              } ],
              "clickable" : false
            }
            """#,
            // iOS: a switch, a text field whose text is its hint, a button by its flag only.
            node(
                #""bounds":"[0,0][390,844]""#,
                children: "[" + node(#""class":"UISwitch","bounds":"[0,0][50,30]","checked":"true""#) + ","
                    + node(#""class":"UITextField","text":"Search","hintText":"Search","bounds":"[0,40][300,80]""#)
                    + ","
                    + node(#""text":"Go","bounds":"[0,90][60,120]""#, members: #","clickable":true"#) + "]"),
        ])
    func usualShapes(_ text: String) throws {
        let (inPlace, parsed, read) = try Self.bothWays(text)
        #expect(read)
        #expect(String(decoding: inPlace.utf8, as: UTF8.self) == String(decoding: parsed.utf8, as: UTF8.self))
        #expect(inPlace.notes == parsed.notes)
    }

    @Test("the platform is Android when one of the first 5,000 nodes met (the last child first) says so, both ways")
    func platform() throws {
        let android = Self.node(#""class":"android.widget.Button","bounds":"[0,0][1,1]""#)
        let plain = Array(repeating: Self.node(#""text":"x","bounds":"[0,0][1,1]""#), count: 6_000)
        // The Android node first among the root's children is met last, past 5,000; last, it is met second.
        for (children, platform) in [([android] + plain, "ios"), (plain + [android], "android")] {
            let (inPlace, parsed, read) = try Self.bothWays(
                Self.node("", children: "[" + children.joined(separator: ",") + "]"))
            #expect(read)
            #expect(inPlace.utf8 == parsed.utf8)
            #expect(inPlace.json.contains(#""platform":"\#(platform)""#), "\(platform)")
        }
    }

    @Test(
        "a hierarchy in an unusual shape is parsed instead, and gives the same snapshot",
        arguments: [
            node(#""class":"a.B","bounds":"[0,0][1,1]","index":3"#),
            node(#""class":"a.B","bounds":"[0,0][1,1]","text":null"#),
            node(#""class":"a.B","class":"c.D""#),
            node(#""cl\u0061ss":"a.B""#),
            node(#""class":"a.B","bounds":"[0.5,1][2,3]""#),
            node(#""class":"a.B","bounds":"[ 0,0][1,1]""#),
            node(#""é":"1","b":"2""#),
            node(#""class":"a.B""#, members: #","children":[]"#),
            node(#""class":"a.B""#, members: #","clickable":true,"clickable":false"#),
            // Nodes 255 deep: within the parser's 512 levels, too near them to be read in place.
            String(repeating: #"{"children":["#, count: 255) + "{}" + String(repeating: "]}", count: 255),
        ])
    func unusualShapes(_ text: String) throws {
        let (inPlace, parsed, read) = try Self.bothWays(text)
        #expect(!read)
        #expect(inPlace.utf8 == parsed.utf8)
    }

    @Test(
        "a dump at fault gives the parser's message",
        arguments: [
            node(#""class":"a.B","bounds":"[0,0][x,1]""#),
            #"{"attributes":{},"children":[3]}"#,
            #"{"attributes":{},"children":{}}"#,
            #"{"attributes":[],"children":[]}"#,
            #"{"attributes":{"class":"a.B"},"children":[{"attributes":{}}"#,
            #"{"attributes":{"class":"a.B"}} trailing"#,
            "[]",
            String(repeating: #"{"children":["#, count: 300) + "{}" + String(repeating: "]}", count: 300),
        ])
    func faults(_ text: String) throws {
        let bytes = Array(text.utf8)
        func message(_ inPlace: Bool) -> String? {
            do {
                _ = try MaestroImporter.importDump(
                    bytes, file: "m.json", options: ImportOptions(), readingInPlace: inPlace)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message(true) != nil)
        #expect(message(true) == message(false))
    }
}
