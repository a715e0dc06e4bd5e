import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// What an importer says about a broken dump is in words, at the dump's own line: never a parser's error number, never
/// a place in the JSON the importer made.
@Suite("import faults in words")
struct ImportFaultWordsTests {
    @Test(
        "libxml2's errors are said in words with the line and column",
        arguments: [
            (
                #"<!DOCTYPE hierarchy [<!ENTITY e SYSTEM "x">]><hierarchy rotation="0"><node a="&e;"/></hierarchy>"#,
                "external entity"
            ),
            (#"<hierarchy rotation="0"><!-- x -- y --></hierarchy>"#, "--"),
            (#"<hierarchy rotation="0"><node/></hierarchy><!-- a -- b -->"#, "--"),
            (#"<?xml version="1.0" standalone="maybe"?><hierarchy rotation="0"/>"#, "standalone"),
            (#"<hierarchy rotation="0">]]></hierarchy>"#, "]]>"),
            (#"<hierarchy rotation="0"><a:b/></hierarchy>"#, "namespace"),
            (#"<hierarchy rotation="0"><node xmlns:a="" /></hierarchy>"#, "namespace"),
            (#"<?xml version="1.0"?><hierarchy rotation="0"><?xml version="1.0"?></hierarchy>"#, "<?xml"),
            (#"<hierarchy rotation="0"><? ?></hierarchy>"#, "processing instruction"),
            (#"<?xml version="2.0"?><hierarchy rotation="0"/>"#, "version"),
        ])
    func xmlErrorsInWords(document: String, word: String) {
        let error = DumpFixtures.inputError {
            _ = try DumpFixtures.read(text: document + "\n", format: .android)
        }
        guard let error else { return }
        #expect(error.line == 1 && error.column != nil, "\(error)")
        #expect(!error.description.contains("libxml2"), "\(error)")
        #expect(!error.description.contains("XML error"), "\(error)")
        #expect(error.description.contains(word), "\(error)")
    }

    @Test("a frame number too big for a Double is blamed on the text dump's line, not on the JSON made from it")
    func uikitNumberOutOfRange() {
        let text = """
            <UIWindow: 0x7f8e4bc0b2a0; frame = (0 0; 375 667); layer = <CALayer: 0x600000e2c8a0>>
               | <UIView: 0x7f8e4bc0b2b0; frame = (0 0; 1e999 667); layer = <CALayer: 0x600000e2c8a1>>

            """
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: text, file: "dump.txt") }
        guard let error else { return }
        #expect(error.file == "dump.txt")
        #expect(error.line == 2, "\(error)")
        #expect(error.found.contains("1e999"), "\(error)")
        #expect(!error.description.contains("$.root"), "\(error)")
    }
}
