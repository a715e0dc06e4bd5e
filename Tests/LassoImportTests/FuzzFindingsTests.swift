import LassoDocuments
import LassoImport
import LassoSnapshot
import Testing

/// Inputs the fuzz targets (Fuzz/) found breaking a promise, cut down by hand; each now gets an error or the right result.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    /// An alias holding a character that a notation splits on was read, then written as text that reads otherwise.
    @Test(
        "an alias with a character the notations split on is refused",
        arguments: ["A@x&y & 0", "A@x/y & 0", "A@x(y)[0]", "A@x]y & 0", "A@x&y[0]"])
    func aliasWithSeparator(text: String) {
        #expect(throws: PathSyntaxError.self) { try PathNotation.parse(text) }
    }

    @Test("an alias is trimmed like a name, so the dash notation reads it back the same")
    func aliasTrimmed() throws {
        let path = try PathNotation.parse("Page@hot [0]/UIView[1]")
        #expect(path.segments[0].alias == "hot")
        for notation in PathNotation.allCases {
            #expect(try PathNotation.parse(notation.write(path)) == path, "\(notation)")
        }
        #expect(throws: PathSyntaxError.self) { try PathNotation.parse("Page@ [0]") }
    }

    /// `%20A[0]`: the name read is " A", which was written back as ` A[0]` and read as "A".
    @Test(
        "a name or alias that unescapes to whitespace at an end or a control reads back the same",
        arguments: ["%20A[0]", "A%20[0]", "A%0A[0]/B[1]", "P@%20x[0]", "P%09@x%0D[0]", "%C2%A0A[0]", "%E2%80%A8A[0]"])
    func escapedWhitespaceRoundTrip(text: String) throws {
        let path = try PathNotation.parse(text)
        for notation in PathNotation.allCases {
            let written = notation.write(path)
            #expect(try PathNotation.parse(written) == path, "\(notation): \(written.debugDescription)")
        }
    }

    /// libxml2 (2.9.14, as Debian 12 ships it) crashed the process on these: it hands an encoding it does not convert
    /// itself to iconv, and dereferences nil when the text is not valid in it.
    @Test(
        "an XML dump that declares an encoding libxml2 does not convert itself is refused, not parsed",
        arguments: [
            (
                SnapshotSourceFormat.appium, "UTF-32",
                "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\"/>"
            ),
            (.appium, "UTF-7", "<XCUIElementTypeApplication\u{88} type=\"XCUIElementTypeApplication\"/>"),
            (.android, "windows-1252", "<hierarchy rotation=\"0\">\u{81}<node bounds=\"[0,0][1,1]\"/></hierarchy>"),
            (
                .android, "Shift_JIS",
                "<hierarchy rotation=\"0\"><node text=\"\u{EF}\u{BF}\" bounds=\"[0,0][1,1]\"/></hierarchy>"
            ),
        ])
    func unsupportedXMLEncoding(format: SnapshotSourceFormat, encoding: String, body: String) throws {
        // The body's characters below U+0100 stand for single bytes, as a file in that encoding holds them.
        let text = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n" + body + "\n"
        let bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        let error = try #require(throws: InputError.self) {
            try SnapshotReader.read(bytes: bytes, file: "dump.xml", format: format)
        }
        #expect(error.description.contains("encoding=\"\(encoding)\""))
    }

    @Test("the encodings libxml2 converts itself still read", arguments: ["UTF-8", "utf-8", "ISO-8859-1", "US-ASCII"])
    func supportedXMLEncoding(encoding: String) throws {
        let text = """
            <?xml version='1.0' encoding='\(encoding)' ?>
            <hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]"/></hierarchy>
            """
        let (snapshot, _) = try SnapshotReader.read(bytes: Array(text.utf8), file: "dump.xml", format: .android)
        #expect(snapshot.count >= 1)
    }

    static func utf16LE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
    static func utf16BE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }

    /// Found by the `reader` target, minimised: libxml2 (2.9.14) dereferenced nil on the first two UTF-16 dumps.
    static let brokenUTF16Dumps: [[UInt8]] = [
        // A byte order mark, a high surrogate, then "XCUIElementType".
        [0xFF, 0xFE, 0x1B, 0xD8] + utf16LE("XCUIElementType"),
        // "XCUIElementType", then a high surrogate (U+DB69) followed by a plain character (U+1A77).
        [0xFF, 0xFE] + utf16LE("XCUIElementType") + [0x69, 0xDB, 0x77, 0x1A],
        // A low surrogate alone, big-endian.
        [0xFE, 0xFF] + utf16BE("<hierarchy>") + [0xDC, 0x00],
    ]

    @Test("a UTF-16 dump with a surrogate without its partner is refused before parsing", arguments: brokenUTF16Dumps)
    func brokenUTF16(bytes: [UInt8]) throws {
        let error = try #require(throws: InputError.self) { try SnapshotReader.read(bytes: bytes, file: "dump.xml") }
        #expect(error.description.contains("UTF-16"), "\(error)")
    }

    @Test("a UTF-16 dump with a character outside the BMP (a surrogate pair) still reads")
    func utf16SurrogatePair() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-16"?>
            <hierarchy rotation="0"><node class="android.widget.TextView" text="ok 😀" bounds="[0,0][10,10]"/></hierarchy>
            """
        let bytes: [UInt8] = [0xFF, 0xFE] + Self.utf16LE(text)
        let (snapshot, _) = try SnapshotReader.read(bytes: bytes, file: "dump.xml", format: .android)
        #expect(snapshot.indices.contains { snapshot.text(of: $0) == "ok 😀" })
    }

    /// `{"…", "owner": "a", "owner": "b"}`: the file form wrote one `owner`, so the config read back differed.
    @Test("a repeated unknown field keeps its last value, and the file form reads back as the same config")
    func repeatedUnknownField() throws {
        let path = "HomeViewController[0]/UIView[0]/UIButton[2]"
        let text = """
            {"id": "3f2a9c1e-7b4d-4e8a-9c2f-1a5b6c7d8e9f", "appKey": "shop-ios", "viewEvent": "viewDidAppear",
             "owner": "a", "viewPath": "\(path)", "viewId": "\(ViewId.make(try PathNotation.parse(path)))",
             "keyPath": "title", "keyName": "buttonTitle", "owner": "b", "team": "growth"}
            """
        let config = try ConfigCodec.decode(JSONParser.parse(Array(text.utf8), file: "c.json"), file: "c.json")
        #expect(config.otherFields.keys == ["owner", "team"])
        #expect(config.otherFields["owner"] == .string("b"))
        let again = try ConfigCodec.decode(
            JSONParser.parse(Array(ConfigCodec.fileText(config).utf8), file: "c.json"), file: "c.json")
        #expect(again == config)
    }
}
