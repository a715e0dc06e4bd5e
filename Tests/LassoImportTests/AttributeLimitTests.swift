import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// An XML dump element with a huge number of attributes is refused at once, naming its line, instead of taking
/// seconds per element.
@Suite("import: attributes per element")
struct AttributeLimitTests {
    /// A uiautomator dump whose one node, on line 3, has `count` extra attributes.
    static func dump(attributes count: Int) -> String {
        let attributes = (0..<count).map { "a\($0)=\"v\"" }.joined(separator: " ")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <hierarchy rotation="0">
            <node index="0" class="android.widget.FrameLayout" bounds="[0,0][100,100]" \(attributes)/>
            </hierarchy>

            """
    }

    @Test("1,000 attributes on an element read; 1,001 are one error naming the element and its line")
    func limit() throws {
        let (snapshot, _) = try DumpFixtures.read(text: Self.dump(attributes: 997))
        #expect(snapshot.count == 2)
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: Self.dump(attributes: 998)) }
        guard let error else { return }
        #expect(error.line == 3, "\(error)")
        #expect(error.expected.contains("1,000"), "\(error)")
        #expect(error.found.contains("<node>") && error.found.contains("1,001"), "\(error)")
    }

    @Test("511 levels of nested nodes read; an unclosed dump 100,000 deep is refused at level 513, while reading")
    func depth() throws {
        func nested(_ levels: Int, closed: Bool) -> String {
            let open = #"<node class="android.widget.FrameLayout" bounds="[0,0][100,100]">"#
            return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<hierarchy rotation=\"0\">\n"
                + String(repeating: open + "\n", count: levels)
                + (closed ? String(repeating: "</node>\n", count: levels) + "</hierarchy>\n" : "")
        }
        let (snapshot, _) = try DumpFixtures.read(text: nested(511, closed: true))
        #expect(snapshot.count == 512)
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: nested(100_000, closed: false)) }
        #expect(error?.expected == "at most 512 levels of nested elements", "\(String(describing: error))")
        #expect(error?.found == "<node> at level 513", "\(String(describing: error))")
        #expect(error?.line == 514)
    }

    @Test("a text of 9,999,000 bytes reads; one of 10,000,001 is refused as longer than the parser's limit")
    func longValue() throws {
        func dump(value: String) -> String {
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<hierarchy rotation=\"0\">\n"
                + #"<node index="0" text=""# + value
                + #"" class="android.widget.TextView" bounds="[0,0][100,100]"/>"# + "\n</hierarchy>\n"
        }
        func dump(text length: Int) -> String { dump(value: String(repeating: "x", count: length)) }
        let (snapshot, _) = try DumpFixtures.read(text: dump(text: 9_999_000))
        #expect(snapshot.text(of: 1)?.count == 9_999_000)
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: dump(text: 10_000_001)) }
        #expect(
            error?.expected == "attribute values and texts of at most 10,000,000 bytes (the XML parser's limit)",
            "\(String(describing: error))")
        #expect(error?.found == "a longer one")
        #expect(error?.line == 3)
        // An apostrophe inside the double-quoted value is a character of it.
        let halves = String(repeating: "x", count: 5_000_000)
        let quoted = DumpFixtures.inputError {
            _ = try DumpFixtures.read(text: dump(value: halves + "'" + halves + "x"))
        }
        #expect(quoted?.expected == error?.expected, "\(String(describing: quoted))")
    }

    @Test("an element with 100,000 attributes is refused quickly")
    func hundredThousand() throws {
        let text = Self.dump(attributes: 100_000)
        let started = Date()
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: text) }
        let seconds = Date().timeIntervalSince(started)
        #expect(error?.line == 3)
        #expect(seconds < 5, "took \(seconds) s")
    }

    @Test("'=' in comments, CDATA, declarations and quoted values is not counted; a UTF-16 dump is counted too")
    func whatCounts() throws {
        let many = String(repeating: "a=b ", count: 2_000)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE hierarchy [ <!ENTITY e "\(many)"> ]>
            <!-- \(many) -->
            <hierarchy rotation="0">
            <node index="0" class="android.widget.TextView" text="\(many) >" bounds="[0,0][100,100]"><![CDATA[\(many)]]></node>
            </hierarchy>

            """
        let (snapshot, _) = try DumpFixtures.read(text: text)
        #expect(snapshot.count == 2)
        let wide = Self.dump(attributes: 2_000).replacingOccurrences(of: "UTF-8", with: "UTF-16")
        let utf16: [UInt8] = [0xFF, 0xFE] + wide.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let error = DumpFixtures.inputError {
            _ = try SnapshotReader.read(bytes: utf16, file: "wide.xml", format: .android)
        }
        #expect(error?.line == 3, "\(String(describing: error))")
        #expect(error?.found == "<node> with 2,003 attributes")
    }
}
