import Testing

@testable import LassoSnapshot

/// `ByteScanner.skipValue` passes over a whole value of any nesting, knowing at every level whether an object or an
/// array is open (the first 64 levels as bits, deeper ones in a list), and refuses a wrong closer or too deep a value.
@Suite("JSON: skipping a value")
struct SkipValueTests {
    /// Arrays and objects alternating, `depth` levels, with a member or an element at each, then what follows.
    static func nested(_ depth: Int, closer: (Int) -> String = { $0 % 2 == 0 ? "]" : "}" }) -> String {
        var text = ""
        for level in 0..<depth { text += level % 2 == 0 ? "[1, " : #"{"k": "v", "n": "# }
        text += "true"
        for level in (0..<depth).reversed() { text += closer(level) }
        return text + ", rest"
    }

    static func skip(_ text: String, maxDepth: Int = 512) -> (end: Int, error: ScanError?) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = ByteScanner(buffer)
            do throws(ScanError) {
                try scanner.skipValue(maxDepth: maxDepth)
                return (scanner.pos, nil)
            } catch {
                return (scanner.pos, error)
            }
        }
    }

    @Test("values nested 1 to 130 deep are skipped to their end", arguments: [1, 2, 63, 64, 65, 66, 129, 130])
    func depths(_ depth: Int) {
        let text = Self.nested(depth)
        let (end, error) = Self.skip(text)
        #expect(error == nil)
        #expect(end == text.utf8.count - ", rest".utf8.count)
    }

    @Test("a wrong closer is refused at any depth", arguments: [1, 64, 65, 100])
    func wrongCloser(_ depth: Int) {
        // The closer of the innermost level swapped: `}` for an array, `]` for an object.
        let text = Self.nested(depth) { level in
            level == depth - 1 ? (level % 2 == 0 ? "}" : "]") : (level % 2 == 0 ? "]" : "}")
        }
        let (_, error) = Self.skip(text)
        #expect(error?.expected == (depth % 2 == 1 ? "',' or ']'" : "',' or '}'"))
    }

    @Test("a value deeper than the limit is refused")
    func tooDeep() {
        #expect(Self.skip(Self.nested(70), maxDepth: 70).error == nil)
        #expect(Self.skip(Self.nested(71), maxDepth: 70).error?.found == "deeper nesting")
    }
}

/// What a message says was found where a value was expected and a word stands that is no `true`, `false` or `null`.
@Suite("JSON: a word that is no value")
struct MisspeltWordTests {
    static func found(_ text: String) -> String? {
        do {
            _ = try JSONParser.parse(Array(text.utf8), file: "w.json")
            return nil
        } catch {
            return error.found
        }
    }

    @Test("a literal cut by the end of the file says so; a misspelt one is quoted whole")
    func words() {
        #expect(Self.found(#"{"a": nu"#) == "'nu' (null cut off by the end of the file)")
        #expect(Self.found(#"{"a": t"#) == "'t' (true cut off by the end of the file)")
        #expect(Self.found(#"{"a": nul, "b": 1}"#) == "'nul'")
        #expect(Self.found(#"{"a": falsy}"#) == "'falsy'")
        #expect(Self.found(#"{"a": nope"#) == "'nope'")
        #expect(Self.found(#"{"a": null"#) == "the end of the file")
    }
}
