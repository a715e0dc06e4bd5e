import Foundation
import LassoSnapshot
import Testing

@testable import LassoImport

/// Dumps that declare UTF-8 but hold GB18030 (GBK) bytes: `--encoding gb18030` reads them, and the message for bytes
/// that are not UTF-8 suggests it when they read as GB. The GB bytes are made by the system's iconv at test time.
@Suite("text encodings: GB18030")
struct SourceEncodingTests {
    static let dump =
        "<UIWindow: 0x7f01; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x6001>>\n   | <UILabel: 0x7f02; frame = (16 100; 200 21); text = '加入购物车'; layer = <_UILabelLayer: 0x6002>>\n"

    /// `text` in GB18030, by `iconv`.
    static func gb18030(_ text: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        process.arguments = ["-f", "UTF-8", "-t", "GB18030"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return Array(data)
    }

    @Test("iconv's GB18030 bytes are not UTF-8, and read back as the text with --encoding gb18030")
    func reads() throws {
        let bytes = try Self.gb18030(Self.dump)
        #expect(bytes.count < Self.dump.utf8.count, "two bytes a character, not UTF-8's three")
        let (snapshot, _) = try SnapshotReader.read(
            bytes: bytes, file: "gb.txt", options: ImportOptions(encoding: .gb18030))
        #expect(snapshot.text(of: 1) == "加入购物车")
        let (utf8, _) = try SnapshotReader.read(
            bytes: Array(Self.dump.utf8), file: "utf8.txt", options: ImportOptions(encoding: .utf8))
        #expect(utf8.text(of: 1) == "加入购物车")
    }

    @Test("an XML dump that declares GB18030 or GBK reads with the option: the declaration then says UTF-8")
    func xmlDeclaringGB() throws {
        for declared in ["GB18030", "GBK", "gb2312"] {
            let xml =
                "<?xml version=\"1.0\" encoding=\"\(declared)\" standalone=\"yes\"?>\n<hierarchy rotation=\"0\"><node index=\"0\" text=\"加入购物车\" class=\"android.widget.Button\" package=\"com.example.shop\" bounds=\"[0,0][1080,200]\" /></hierarchy>\n"
            let bytes = try Self.gb18030(xml)
            let (snapshot, _) = try SnapshotReader.read(
                bytes: bytes, file: "gb.xml", options: ImportOptions(encoding: .gb18030))
            #expect((0..<snapshot.count).contains { snapshot.text(of: $0) == "加入购物车" }, "\(declared)")
        }
        let converted = SourceEncoding.declaringUTF8(Array("  <?xml version='1.0' encoding = 'GBK'?><a/>".utf8))
        #expect(String(decoding: converted, as: UTF8.self) == "  <?xml version='1.0' encoding = 'UTF-8'?><a/>")
        let plain = Array("{\"encoding\": \"GBK\"}".utf8)
        #expect(SourceEncoding.declaringUTF8(plain) == plain)
    }

    @Test("without it, the message names the byte and suggests --encoding gb18030; Latin-1 gets no such hint")
    func suggests() throws {
        let bytes = try Self.gb18030(Self.dump)
        let error = DumpFixtures.inputError { _ = try SnapshotReader.read(bytes: bytes, file: "gb.txt") }
        #expect(error?.line == 2)
        #expect(error?.found.hasPrefix("the byte 0xBC, which is not UTF-8") == true)
        #expect(error?.found.contains("try --encoding gb18030") == true)
        let latin = DumpFixtures.inputError {
            _ = try DumpFixtures.read(DumpFixtures.fixture("uikit-invalid-utf8.txt"))
        }
        #expect(latin?.found == "the byte 0xE9, which is not UTF-8")
    }

    @Test("a lasso snapshot and an Appium page source in GB18030 get the hint too, and read with the option")
    func otherFormats() throws {
        let json =
            "{\"format\":\"lasso.snapshot/1\",\"root\":{\"class\":\"UIWindow\",\"frame\":[0,0,390,844],\"children\":[{\"class\":\"UILabel\",\"text\":\"加入购物车\"}]}}"
        let bytes = try Self.gb18030(json)
        let error = DumpFixtures.inputError { _ = try SnapshotReader.read(bytes: bytes, file: "gb.json") }
        #expect(error?.found.contains("try --encoding gb18030") == true)
        let (snapshot, _) = try SnapshotReader.read(
            bytes: bytes, file: "gb.json", options: ImportOptions(encoding: .gb18030))
        #expect(snapshot.text(of: 1) == "加入购物车")
        let xml = try String(contentsOfFile: DumpFixtures.sample("appium-ios-home.xml"), encoding: .utf8)
            .replacingOccurrences(of: "label=\"Shop\"", with: "label=\"购物\"")
        let page = try Self.gb18030(xml)
        let xmlError = DumpFixtures.inputError { _ = try SnapshotReader.read(bytes: page, file: "gb.xml") }
        #expect(xmlError?.found.contains("try --encoding gb18030") == true)
        let (read, _) = try SnapshotReader.read(bytes: page, file: "gb.xml", options: ImportOptions(encoding: .gb18030))
        #expect(read.indices.contains { read.accessibilityLabel(of: $0) == "购物" })
    }

    @Test("bytes that are not GB18030 either are one clear error at their place")
    func notGB() throws {
        var bytes = try Self.gb18030("<UIWindow: 0x7f01; frame = (0 0; 390 844)>\n   | <UILabel: 0x7f02; text = '好")
        bytes += [0xFF] + Array("'>\n".utf8)
        let error = DumpFixtures.inputError {
            _ = try SnapshotReader.read(bytes: bytes, file: "bad.txt", options: ImportOptions(encoding: .gb18030))
        }
        #expect(error?.line == 2)
        #expect(error?.expected == "GB18030 text (as --encoding gb18030 says)")
        #expect(error?.found.hasPrefix("the byte 0xFF") == true)
    }

    @Test(
        "0x81 and 0xC8 are lead bytes: a bad byte after one, or one cut off at the end, is said as such",
        arguments: [
            ([0x81, 0x20], "the lead byte 0x81 followed by 0x20, which no GB18030 character has second"),
            ([0xC8], "the lead byte 0xC8 at the end of the text: its character is cut short"),
            ([0xC8, 0x7F], "the lead byte 0xC8 followed by 0x7F"),
            (
                [0x81, 0x30, 0x81],
                "the bytes 0x81 0x30 0x81 at the end of the text: a four-byte GB18030 character cut short"
            ),
            ([0x81, 0x30, 0x20, 0x30], "the bytes 0x81 0x30 0x20 0x30, which are no four-byte GB18030 character"),
            ([0x80], "the byte 0x80, which does not start a GB18030 character"),
        ] as [([UInt8], String)])
    func leadBytes(tail: [UInt8], found: String) throws {
        let bytes =
            try Self.gb18030("<UIWindow: 0x7f01; frame = (0 0; 390 844)>\n   | <UILabel: 0x7f02; text = '好") + tail
        let error = DumpFixtures.inputError {
            _ = try SnapshotReader.read(bytes: bytes, file: "bad.txt", options: ImportOptions(encoding: .gb18030))
        }
        #expect(error?.line == 2)
        #expect(error?.found.hasPrefix(found) == true, "\(String(describing: error?.found))")
        #expect(error?.found.contains("does not start") == (tail[0] == 0x80))
    }
}
