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
}
