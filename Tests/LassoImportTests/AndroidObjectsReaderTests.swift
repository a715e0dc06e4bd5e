import Foundation
import LassoSnapshot
import Testing

@testable import LassoImport

/// Android codeless view objects read in place (`AndroidObjectsReader`) give what reading their parsed members gives,
/// whatever their shape: the plain ones the fast way, the unusual ones by falling back to the parsed value.
@Suite("import: Android view objects read in place")
struct AndroidObjectsReaderTests {
    /// A view object as compared: its class list by names, not by its number in one reader or the other.
    struct Seen: Equatable {
        var view: AndroidViewObject
        var classes: [String]
        var anonymous: Bool
    }

    /// The objects of an activity whose `objects` array is `objects` (JSON text), read in place and read as values.
    static func bothWays(_ objects: String) throws -> (inPlace: [Seen], parsed: [Seen]) {
        let text =
            #"{"payload":{"activities":[{"activity":"A","scale":1,"serialized_objects":{"rootObject":1,"objects":"#
            + objects + "}}]}}"
        let bytes = Array(text.utf8)
        let fast = AndroidObjectsReader()
        let document = try JSONParser.parse(bytes, file: "t.json", reading: fast)
        let slow = AndroidObjectsReader()
        let parsed = try JSONParser.parse(bytes, file: "t.json")
        func array(_ document: JSONValue) -> JSONValue? {
            document["payload"]?["activities"]?.arrayValue?.first?["serialized_objects"]?["objects"]
        }
        let read = fast.objects(array(document))
        let made = slow.objects(array(parsed))
        #expect(array(document)?.stringValue != nil, "the array was read in place")
        func seen(_ views: [AndroidViewObject], _ lists: ClassListTable) -> [Seen] {
            views.map { view in
                var view = view
                let list = view.notAnObject == nil ? lists[view.classList] : nil
                view.classList = 0
                return Seen(view: view, classes: list?.qualified ?? [], anonymous: list?.anonymous ?? false)
            }
        }
        return (seen(read ?? [], fast.classLists), seen(made ?? [], slow.classLists))
    }

    static let plain = #"""
        {"hashCode":1,"id":-1,"sa_id_name":null,"mp_id_name":"root","contentDescription":null,"tag":null,"top":0,"left":0,"width":1080,"height":2400,"scrollX":0,"scrollY":400,"visibility":0,"translationX":0.0,"translationY":-0,"classes":["com.android.internal.policy.DecorView","android.widget.FrameLayout","android.view.View"],"subviews":[2,"3",-4]}
        """#

    @Test(
        "a view object of every shape reads the same in place as from its members",
        arguments: [
            "[" + plain + "]",
            // Pretty-printed, escapes, nested values, numbers as written, texts that are empty.
            #"""
            [ { "hashCode" : 2 , "text" : "\u5546\u54c1 \"0\"\n", "element_content": "e", "tag": {"a": [1, 2.50, "x\/y"], "b": {}},
                "top": 1e2, "left": 0.10, "width": 12, "height": 3, "clickable": true, "contentDescription": "",
                "sa_id_name": "name", "element_level": 3, "classes": [ "android.widget.TextView" , "android.view.View" ],
                "subviews": [ ] , "extra": [true, false, null], "é": "ü" } ]
            """#,
            // A repeated name, a `class` member, an escaped name: read from the members.
            #"[{"hashCode":1,"top":1,"top":2,"classes":["a.B"]},{"hashCode":2,"class":"x","classes":["a.C"]},{"te\u0078t":"t","classes":[]}]"#,
            // Fields of unexpected kinds.
            #"[{"visibility":"8","classes":["a.B"]},{"visibility":true},{"visibility":{"v":1}},{"left":"10","top":1,"width":1e10,"height":true}]"#,
            #"[{"scrollX":[1],"scrollY":null,"clickable":"true","text":5,"contentDescription":["d"],"sa_id_name":7,"mp_id_name":"m"}]"#,
            // Subviews as strings, with an object in them, not an array; hash codes spelled in other ways.
            #"[{"hashCode":"5","subviews":["1","-0",1.0,"007",7]},{"hashCode":1.0,"subviews":[{"a":1}]},{"hashCode":-0,"subviews":null},{"hashCode":7,"subviews":"1"}]"#,
            // Entries that are not objects, an empty object, anonymous and odd class lists.
            #"[3,"x",null,[1],{},{"classes":[null,"a.B$1","android.view.View"]},{"classes":"a.B"},{"classes":[1,"a.B"]},{"classes":null}]"#,
            "[]",
        ])
    func sameBothWays(objects: String) throws {
        let (inPlace, parsed) = try Self.bothWays(objects)
        #expect(inPlace.count == parsed.count)
        for (index, (read, made)) in zip(inPlace, parsed).enumerated() {
            #expect(read == made, "object \(index)")
        }
    }

    @Test("properties keep every member but the tree's own, each as compact JSON, the qualified class first")
    func properties() throws {
        let (inPlace, _) = try Self.bothWays("[" + Self.plain + "]")
        let properties = String(decoding: inPlace[0].view.properties, as: UTF8.self)
        #expect(
            properties
                == #"{"class":"com.android.internal.policy.DecorView","hashCode":1,"id":-1,"sa_id_name":null,"mp_id_name":"root","tag":null,"top":0,"left":0,"width":1080,"height":2400,"scrollX":0,"scrollY":400,"visibility":0,"translationX":0.0,"translationY":-0}"#
        )
        #expect(inPlace[0].view.subviews == [.integer(2), .integer(3), .integer(-4)])
        #expect(inPlace[0].view.identifier == nil, "sa_id_name null wins over mp_id_name, as a look-up of it gives")
    }

    @Test("a fault inside a view object is the parser's own message, at its place")
    func faultMessage() throws {
        let text =
            #"{"payload":{"activities":[{"serialized_objects":{"objects":[{"hashCode":1,"top":01}]}}]}}"#
        let reader = AndroidObjectsReader()
        #expect {
            _ = try JSONParser.parse(Array(text.utf8), file: "t.json", reading: reader)
        } throws: { error in
            let plain = (try? JSONParser.parse(Array(text.utf8), file: "t.json")) == nil
            return plain && "\(error)".contains("t.json:1:")
        }
    }

    @Test("an iOS snapshot that says \"activities\" near its start still imports: its objects are parsed again")
    func iosSayingActivities() throws {
        let path = DumpFixtures.fixture("sensors-ios.json")
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let plain = try SnapshotReader.read(path: path).0
        let brace = try #require(text.firstIndex(of: "{"))
        text.insert(contentsOf: #""note": "no \"activities\" here","#, at: text.index(after: brace))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("sensors-ios.json").path
        try text.write(toFile: copy, atomically: true, encoding: .utf8)
        let read = try SnapshotReader.read(path: copy).0
        #expect(read.count == plain.count)
        #expect(read.className(of: read.count - 1) == plain.className(of: plain.count - 1))
    }
}
