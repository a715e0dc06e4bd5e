import LassoSnapshot
import Testing

@testable import LassoImport

/// Bounds of whole numbers are read from their bytes; what that reads must be what cutting the text gives.
@Suite("import: bounds of whole numbers read from their bytes")
struct WholeBoundsTests {
    @Test("uiautomator's spellings and their edges: the same rectangle as the general reading, or left to it")
    func edges() throws {
        let cases = [
            "[0,0][1080,2400]", "[-5,-0][10,20]", "[007,1][2,3]", "[1,2][3,4]x", "[1,2][3]", "[1,2,3][4,5]",
            "[+1,2][3,4]", "[1.5,2][3,4]", "[ 1,2][3,4]", "[999999999999999,0][1,1]", "[9999999999999999,0][1,1]",
            "[1,2]3,4]", "", "[", "[-,1][2,3]", "[10,20][5,5]",
        ]
        for text in cases {
            let general = AndroidImporter.spelledBounds(text)
            if let whole = AndroidImporter.wholeBounds(text) {
                let same = try #require(general, "\(text)")
                #expect(whole == same, "\(text)")
                #expect(whole.x.sign == same.x.sign && whole.y.sign == same.y.sign, "\(text)")
            }
            #expect(AndroidImporter.bounds(text) == general, "\(text)")
        }
        #expect(AndroidImporter.wholeBounds("[0,0][1080,2400]") != nil)
    }

    @Test("bounds beyond ±1e9 are no rectangle, and a dump holding them is refused by the node's place")
    func beyondAnyScreen() throws {
        #expect(AndroidImporter.bounds("[0,0][999999999,1]") == Rect(x: 0, y: 0, width: 999_999_999, height: 1))
        #expect(AndroidImporter.bounds("[-999999999,0][1,1]") != nil)
        // "Within ±1e9", as the message says: 1e9 itself is within.
        #expect(AndroidImporter.bounds("[0,0][1000000000,1]") == Rect(x: 0, y: 0, width: 1e9, height: 1))
        #expect(AndroidImporter.bounds("[-1e9,0][1,1]") != nil)
        for text in ["[0,0][1000000001,1]", "[0,0][1e20,1]", "[-1000000001,0][1,1]", "[0,0][1,123456789012345]"] {
            #expect(AndroidImporter.bounds(text) == nil, "\(text)")
        }
        let maestro = #"{"attributes":{"class":"a.B","bounds":"[0,0][1e20,1]"},"children":[]}"#
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: maestro, file: "m.json") }
        #expect(error?.jsonPath == "$.attributes.bounds")
        #expect(error?.expected == "bounds such as [0,210][1080,420] (numbers within ±1e9)")
        let xml = #"<hierarchy><node class="a.B" bounds="[0,0][99999999999,1]"/></hierarchy>"#
        #expect(
            DumpFixtures.inputError { _ = try DumpFixtures.read(text: xml, file: "u.xml") }?.found
                == "\"[0,0][99999999999,1]\"")
    }

    @Test("random bounds of digits, signs and separators agree with the general reading")
    func random() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["[", "]", ",", "-", "0", "1", "9", "12", "345"]
        for _ in 0..<5_000 {
            var text = "["
            for _ in 0..<Int.random(in: 0...12, using: &generator) { text += pieces.randomElement(using: &generator)! }
            if let whole = AndroidImporter.wholeBounds(text) {
                #expect(whole == AndroidImporter.spelledBounds(text), "\(text)")
            }
            #expect(AndroidImporter.bounds(text) == AndroidImporter.spelledBounds(text), "\(text)")
        }
    }

    @Test("inverted bounds are kept with no size and said in a note, in a uiautomator dump and a Maestro hierarchy")
    func invertedBounds() throws {
        #expect(AndroidImporter.isInverted("[500,300][100,200]"))
        #expect(AndroidImporter.isInverted("[0,300][100,200]"))
        #expect(!AndroidImporter.isInverted("[0,0][0,0]"))
        #expect(!AndroidImporter.isInverted("[0,0][1080,2400]"))
        let xml = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
            <hierarchy rotation="0"><node index="0" class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">
            <node index="0" class="android.widget.TextView" text="a" bounds="[500,300][100,200]" />
            <node index="1" class="android.widget.TextView" text="b" bounds="[0,0][0,0]" /></node></hierarchy>
            """
        let (snapshot, notes) = try DumpFixtures.read(text: xml, file: "inverted.xml")
        #expect(notes.contains { $0.hasPrefix("1 node has inverted bounds") }, "\(notes)")
        let inverted = try #require(snapshot.indices.first { snapshot.text(of: $0) == "a" })
        #expect(snapshot.frame(of: inverted).map { $0.width == 0 && $0.height == 0 } == true)
        let maestro = #"""
            {"attributes":{"class":"a.B","bounds":"[0,0][1080,2400]"},"children":[
             {"attributes":{"class":"a.C","text":"x","bounds":"[500,300][100,200]"},"children":[]},
             {"attributes":{"class":"a.C","text":"y","bounds":"[600,300][100,200]"},"children":[]}]}
            """#
        let (_, maestroNotes) = try DumpFixtures.read(text: maestro, file: "m.json")
        #expect(maestroNotes.contains { $0.hasPrefix("2 nodes have inverted bounds") }, "\(maestroNotes)")
    }
}
