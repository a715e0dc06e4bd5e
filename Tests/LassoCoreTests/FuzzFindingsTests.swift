import LassoCore
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
