import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// Recognizing a snapshot file's format from its content, the `--format` override, and the imported document.
@Suite("SnapshotReader: formats")
struct SnapshotReaderTests {
    @Test(
        "each kind of file is recognized from its content",
        arguments: [
            ("appium-ios-home.xml", SnapshotSourceFormat.appium),
            ("android-uiautomator-home.xml", .android),
            ("android-appium-home.xml", .android),
            ("uikit-home.txt", .uikitText),
        ])
    func detection(file: String, format: SnapshotSourceFormat) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: DumpFixtures.sample(file))))
        #expect(SnapshotSourceFormat.detect(bytes) == format)
    }

    @Test("lasso JSON, a wrapped Appium source, UTF-16 XML, a controller listing and garbage")
    func moreDetection() throws {
        #expect(SnapshotSourceFormat.detect(Array(#"  {"format": "lasso.snapshot/1"}"#.utf8)) == .lasso)
        #expect(SnapshotSourceFormat.detect(Array("<?xml version=\"1.0\"?><AppiumAUT></AppiumAUT>".utf8)) == .appium)
        let utf16 = Array(try Data(contentsOf: URL(fileURLWithPath: DumpFixtures.fixture("appium-utf16-bom.xml"))))
        #expect(SnapshotSourceFormat.detect(utf16) == .appium)
        #expect(
            SnapshotSourceFormat.detect(
                Array("<UINavigationController 0x7f9>, state: appeared, view: <UIView 0x7fa>".utf8)) == .uikitText)
        #expect(SnapshotSourceFormat.detect(Array("<?xml version=\"1.0\"?><html/>".utf8)) == nil)
        #expect(SnapshotSourceFormat.detect([]) == .lasso, "the loader explains an empty file")
        #expect(SnapshotSourceFormat.detect(Array("[1, 2]".utf8)) == .lasso)
    }

    @Test(
        "an unrecognized file says what it looks like",
        arguments: [
            ("hello there\nsecond line", "text starting \"hello there\""),
            ("<?xml version=\"1.0\"?>\n<!-- a comment --><rss version=\"2.0\"/>", "XML whose first element is <rss>"),
        ])
    func unknown(text: String, found: String) throws {
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(text: text, file: "odd.txt") }
        #expect(error?.found == found)
        #expect(error?.line == 1 && error?.column == 1)
        #expect(error?.expected.contains("--format") == true)
    }

    @Test("garbage bytes are binary data, never a crash")
    func garbage() throws {
        let error = DumpFixtures.inputError { _ = try DumpFixtures.read(DumpFixtures.fixture("garbage.bin")) }
        #expect(error?.found == "binary data")
        for format in SnapshotSourceFormat.allCases {
            #expect(throws: (any Error).self) {
                _ = try DumpFixtures.read(DumpFixtures.fixture("garbage.bin"), format: format)
            }
        }
    }

    @Test("--format overrides recognition, and a lasso snapshot loads with no notes")
    func override() throws {
        let sample = DumpFixtures.packageRoot.appendingPathComponent("Snapshots/shop-home.json").path
        let (snapshot, notes) = try DumpFixtures.read(sample)
        #expect(notes.isEmpty)
        #expect(snapshot.app.key == "shop-ios")
        #expect(throws: InputError.self) { _ = try DumpFixtures.read(sample, format: .android) }
        #expect(try SnapshotSourceFormat.parse("UIKIT-TEXT") == .uikitText)
        #expect(throws: LassoError.self) { _ = try SnapshotSourceFormat.parse("xml") }
    }

    @Test("--controllers goes only with a text dump")
    func controllersOnlyWithText() throws {
        let options = ImportOptions(controllersFile: DumpFixtures.fixture("uikit-controllers.txt"))
        #expect(throws: LassoError.self) {
            _ = try DumpFixtures.read(DumpFixtures.sample("appium-ios-home.xml"), options: options)
        }
    }

    @Test("the imported text is a lasso snapshot: app options, importedFrom with the notes, one view a line")
    func importedText() throws {
        let imported = try SnapshotReader.importText(
            path: DumpFixtures.sample("android-appium-home.xml"),
            options: ImportOptions(appKey: "shop-android", appVersion: "5.4.0"))
        #expect(imported.format == .android)
        let snapshot = try SnapshotLoader.load(bytes: Array(imported.json.utf8), file: "out.json")
        #expect(snapshot.app == AppInfo(key: "shop-android", version: "5.4.0", platform: "android"))
        let notes = snapshot.unknownTopLevelFields["importedFrom"]?["notes"]?.arrayValue?.compactMap(\.stringValue)
        #expect(notes == imported.notes)
        let lines = imported.json.split(separator: "\n")
        #expect(lines.first == "{")
        #expect(lines[1] == "  \"format\": \"lasso.snapshot/1\",")
        #expect(lines.count > snapshot.count, "one view a line")
        #expect(imported.json.hasSuffix("}\n"))
    }

    @Test(
        "cut anywhere or with bytes changed, a dump gives a snapshot or one InputError, never a crash",
        arguments: [
            "appium-ios-home.xml", "android-uiautomator-home.xml", "android-appium-home.xml", "uikit-home.txt",
        ])
    func neverCrashes(file: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: DumpFixtures.sample(file))))
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var variants: [[UInt8]] = stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)).map {
            Array(bytes[..<$0])
        }
        for _ in 0..<60 {
            var changed = bytes
            for _ in 0..<3 { changed[next(changed.count)] = UInt8(next(256)) }
            variants.append(changed)
        }
        for variant in variants {
            do {
                _ = try SnapshotReader.read(bytes: variant, file: file)
            } catch is InputError {
            } catch {
                Issue.record("\(file): expected a snapshot or an InputError, got \(error)")
            }
        }
    }
}

/// The JSON formats saved by Windows tools: a UTF-8 byte order mark, or UTF-16 of either byte order, with or without one.
@Suite("SnapshotReader: JSON dumps in other encodings")
struct JSONDumpEncodingTests {
    /// `text` as UTF-16, little- or big-endian, with a byte order mark or without one.
    static func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
        var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    @Test(
        "a Mixpanel, Sensors, Maestro or lasso file with a byte order mark or in UTF-16 reads as its UTF-8 does",
        arguments: [
            "mixpanel-android.json", "mixpanel-ios.json", "sensors-android.json", "sensors-ios.json",
            "maestro-android.json", "maestro-ios.json", "lasso",
        ])
    func sameAsUTF8(file: String) throws {
        let path =
            file == "lasso"
            ? DumpFixtures.packageRoot.appendingPathComponent("Snapshots/feed-legacy.json").path
            : DumpFixtures.fixture(file)
        let plain = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let text = String(decoding: plain, as: UTF8.self)
        let (expected, expectedNotes) = try SnapshotReader.read(bytes: plain, file: file)
        let variants: [(String, [UInt8])] = [
            ("UTF-8 with a mark", [0xEF, 0xBB, 0xBF] + plain),
            ("UTF-16LE with a mark", Self.utf16(text, bigEndian: false, mark: true)),
            ("UTF-16BE with a mark", Self.utf16(text, bigEndian: true, mark: true)),
            ("UTF-16LE", Self.utf16(text, bigEndian: false, mark: false)),
            ("UTF-16BE", Self.utf16(text, bigEndian: true, mark: false)),
        ]
        for (name, bytes) in variants {
            let (read, notes) = try SnapshotReader.read(bytes: bytes, file: file)
            #expect(read.firstDifference(from: expected) == nil, "\(file), \(name)")
            #expect(notes == expectedNotes, "\(file), \(name)")
        }
    }

    @Test("UTF-16 with a surrogate that has no partner is refused with its place, never read")
    func brokenUTF16() throws {
        let plain = Array(try Data(contentsOf: URL(fileURLWithPath: DumpFixtures.fixture("mixpanel-ios.json"))))
        var bytes = Self.utf16(String(decoding: plain, as: UTF8.self), bigEndian: false, mark: true)
        // A high surrogate alone in the third line's first unit.
        var line = 1
        var offset = 2
        while line < 3 {
            if bytes[offset] == UInt8(ascii: "\n") && bytes[offset + 1] == 0 { line += 1 }
            offset += 2
        }
        bytes[offset] = 0x3D
        bytes[offset + 1] = 0xD8
        // Broken as its first character, where the format is recognized: said the same way.
        var first = Self.utf16(String(decoding: plain, as: UTF8.self), bigEndian: false, mark: true)
        first.insert(contentsOf: [0x00, 0xD8], at: 2)
        #expect {
            try SnapshotReader.read(bytes: first, file: "first.json")
        } throws: { error in
            "\(error)".contains("first.json:1:1") && "\(error)".contains("surrogate")
        }
        #expect {
            try SnapshotReader.read(bytes: bytes, file: "broken.json")
        } throws: { error in
            let told = "\(error)"
            return told.contains("broken.json:3:1") && told.contains("UTF-16") && told.contains("surrogate")
        }
    }
}
