import Foundation
import Testing

@testable import LassoImport
@testable import LassoSnapshot

/// Opening a `recursiveDescription` dump builds its snapshot straight from the text; what it builds must say exactly
/// what loading the JSON document `lasso import` writes of the same dump says.
@Suite("import: UIKit text, built straight into a snapshot")
struct UIKitTextTableBuilderTests {
    /// The dump read as `lasso open` reads it, and as `lasso import` writes it then loaded.
    static func bothWays(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws -> (
        built: Snapshot, loaded: Snapshot
    ) {
        let (built, _) = try SnapshotReader.read(bytes: bytes, file: file, format: .uikitText, options: options)
        let document = try SnapshotReader.importDump(bytes: bytes, file: file, format: .uikitText, options: options)
        let loaded = try SnapshotLoader.load(bytes: document.utf8, file: file)
        return (built, loaded)
    }

    static var dumps: [String] {
        let folders = [
            DumpFixtures.packageRoot.appendingPathComponent("Snapshots/dumps"),
            DumpFixtures.packageRoot.appendingPathComponent("Tests/Fixtures/dumps"),
            DumpFixtures.packageRoot.appendingPathComponent("Fuzz/corpus/uikit"),
        ]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map {
                folder.appendingPathComponent($0).path
            }
        }
    }

    @Test("every UIKit dump of the samples, the tests and the fuzz corpus: built and loaded say the same")
    func everyDump() throws {
        var compared = 0
        for path in Self.dumps {
            let bytes = try FileBytes.read(path)
            guard SnapshotSourceFormat.detect(Array(bytes.prefix(65_536))) == .uikitText || path.contains("/uikit")
            else { continue }
            guard let (built, loaded) = try? Self.bothWays(bytes, file: path) else { continue }
            #expect(built.firstDifference(from: loaded) == nil, "\(path)")
            // The built snapshot keeps only what its views point at, not a whole JSON document.
            #expect(built.bytes.count < loaded.bytes.count, "\(path)")
            compared += 1
        }
        #expect(compared >= 7)
    }

    @Test("several windows under one UIApplication root, controllers (one presented), titles, rows, state, properties")
    func everyField() throws {
        let dump = """
            <UIWindow: 0x7fa0000001; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x6000001>>
               | <UIView: 0x7fa0000002; frame = (-0 0; 390 844); alpha = 0.35; hidden = YES; tag = 7; tag = 8; accessibilityIdentifier = 'x'; layer = <CALayer: 0x6000002>>
               |    | <UIButton: 0x7fa0000003; frame = (10.25 20; 100 44); opaque = NO; gestureRecognizers = <NSArray: 0x6>; layer = <CALayer: 0x6000003>>
               |    |    | <UIButtonLabel: 0x7fa0000004; frame = (0 0; 80 20); text = 'Buy "now"\\ \u{7}'; layer = <_UILabelLayer: 0x6000004>>
               |    | <UITableView: 0x7fa0000005; frame = (0 100; 390 600); contentOffset: {0, -64.5}; layer = <CALayer: 0x6000005>>
               |    |    | <ShopCell: 0x7fa0000006; frame = (0 44; 390 44); text = '(null)'; layer = <CALayer: 0x6000006>>
               |    |    | <ShopCell: 0x7fa0000007; frame = (0 0; 390 44); image = <UIImage:0x6 named(main: icon-cart) {24, 24}>; layer = <CALayer: 0x6000007>>
               |    | <UISlider: 0x7fa0000008; frame = (0 0; nan 10); value = 0.5; size = {3, 4}; layer = <CALayer: 0x6000008>>
            <UITextEffectsWindow: 0x7fa0000009; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x6000009>>
            <UINavigationController 0x7fb0000001>, state: appeared, view: <UIView 0x7fa0000002>
               + <ShopKit.CartViewController 0x7fb0000002>, state: appeared, view: <UITableView 0x7fa0000005>
            """
        let (built, loaded) = try Self.bothWays(Array(dump.utf8), file: "every.txt")
        #expect(built.firstDifference(from: loaded) == nil)
        #expect(built.count == 10)
        #expect(built.className(of: 0) == "UIApplication")
        #expect(built.controller(of: 2)?.className == "UINavigationController")
        #expect(built.unknownFields(of: built.controller(of: 5)!)["presented"] == .bool(true))
        #expect(built.title(of: 3) == "Buy \"now\"\\ \u{7}")
        #expect(built.indexPath(of: 7)! == (0, 0))
        #expect(built.state(of: 5)?["contentOffset"] == .array([.int(0), .double(-64.5)]))
        #expect(built.frame(of: 2)?.x.sign == .plus)
        #expect(built.imageName(of: 7) == "icon-cart")
        #expect(built.gestures(of: 3) == ["UIGestureRecognizer"])
        #expect(built.properties(of: 2)?.objectValue?["tag"] == .int(8))
    }

    @Test(
        "Cycript's escapes in texts are decoded the same both ways: \\uXXXX, surrogate pairs, \\xNN as UTF-8 or Latin-1; invalid ones kept"
    )
    func escapedTexts() throws {
        // Each view's text as the dump writes it (a Swift raw string), and what it says.
        let cases: [(written: String, meant: String)] = [
            (#"\u8d2d\u7269\u8f66"#, "购物车"),
            (#"\U8D2D x"#, #"\U8D2D x"#),
            (#"ok \ud83d\ude00!"#, "ok 😀!"),
            (#"lone \ud83d here"#, #"lone \ud83d here"#),
            (#"low \ude00"#, #"low \ude00"#),
            (#"\xe4\xb8\xad\xe6\x96\x87"#, "中文"),
            (#"Caf\xe9"#, "Café"),
            (#"cut \u12"#, #"cut \u12"#),
            (#"cut \x4"#, #"cut \x4"#),
            (#"kept \\u0041 \n"#, #"kept \\u0041 \n"#),
            (#"\u0041\x42C"#, "ABC"),
            (#"nul \u0000 end"#, "nul \u{0} end"),
        ]
        var dump = "<UIWindow: 0x7fa0000001; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x6000001>>\n"
        for (index, item) in cases.enumerated() {
            dump +=
                "   | <UILabel: 0x7fa00001\(index + 10); frame = (0 \(index * 20); 390 20); text = '\(item.written)'; layer = <_UILabelLayer: 0x6>>\n"
        }
        dump += "   | <UIButton: 0x7fa0000099; frame = (0 400; 100 44); layer = <CALayer: 0x6>>\n"
        dump +=
            #"   |    | <UIButtonLabel: 0x7fa0000098; frame = (0 0; 80 20); text = '\u52a0\u5165'; layer = <_UILabelLayer: 0x6>>"#
        let (built, loaded) = try Self.bothWays(Array(dump.utf8), file: "cycript.txt")
        #expect(built.firstDifference(from: loaded) == nil)
        for (index, item) in cases.enumerated() {
            #expect(built.text(of: index + 1) == item.meant, "\(item.written)")
            #expect(loaded.text(of: index + 1) == item.meant, "\(item.written)")
        }
        #expect(built.title(of: cases.count + 1) == "加入")
        #expect(loaded.title(of: cases.count + 1) == "加入")
    }

    @Test("a difference in any field is found and named")
    func differenceIsFound() throws {
        let dump = """
            <UIWindow: 0x7fa0000001; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x6000001>>
               | <UILabel: 0x7fa0000002; frame = (0 0; 10 10); text = 'a'; layer = <CALayer: 0x6000002>>
            """
        let (built, loaded) = try Self.bothWays(Array(dump.utf8), file: "one.txt")
        #expect(built.firstDifference(from: loaded) == nil)
        let cases = [
            ("10 10", "10 11", "view 1: frame"), ("'a'", "'b'", "view 1: text"), ("UILabel", "UIView", "class names"),
        ]
        for (old, new, said) in cases {
            let other = try Self.bothWays(Array(dump.replacingOccurrences(of: old, with: new).utf8), file: "one.txt")
            #expect(built.firstDifference(from: other.built)?.hasPrefix(said) == true, "\(said)")
            #expect(other.loaded.firstDifference(from: built)?.hasPrefix(said) == true, "\(said)")
        }
    }

    /// A dump of a window with `cells` table cells (each with a label, a button and a slider), `_printHierarchy` after.
    static func largeDump(cells: Int, tail: String = "") -> String {
        var lines = [
            "<UIWindow: 0x7fa0000001; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x6000001>>",
            "   | <UITableView: 0x7fa0000002; frame = (0 0; 390 844); contentOffset: {0, 120.5}; layer = <CALayer: 0x6>>",
        ]
        for cell in 0..<cells {
            let base = 0x7fb000_0000 + cell * 16
            lines += [
                "   |    | <ShopCell: 0x\(String(base, radix: 16)); frame = (0 \(44 * ((cell * 7) % cells)); 390 44); tag = \(cell); layer = <CALayer: 0x6>>",
                "   |    |    | <UILabel: 0x\(String(base + 1, radix: 16)); frame = (16 0; 358 43.5); text = '商品 \(cell) \\ \"x\"'; opaque = NO; layer = <_UILabelLayer: 0x6>>",
                "   |    |    | <UIButton: 0x\(String(base + 2, radix: 16)); frame = (300 0; 80 44); alpha = 0.\(cell % 10); gestureRecognizers = <NSArray: 0x6>; layer = <CALayer: 0x6>>",
                "   |    |    |    | <UIButtonLabel: 0x\(String(base + 3, radix: 16)); frame = (0 0; 80 20); text = 'Buy \(cell)'; layer = <_UILabelLayer: 0x6>>",
                "   |    |    | <UISlider: 0x\(String(base + 4, radix: 16)); frame = (0 0; 100 10); value = \(cell % 3).25; hidden = YES; layer = <CALayer: 0x6>>",
            ]
        }
        lines.append("<UINavigationController 0x7fc0000001>, state: appeared, view: <UITableView 0x7fa0000002>")
        return lines.joined(separator: "\n") + tail
    }

    @Test("a dump over 1 MiB is built on a second thread as its views are read: the same snapshot, in the text's order")
    func largeDumpOnTwoThreads() throws {
        let dump = Array(Self.largeDump(cells: 3000).utf8)
        #expect(dump.count >= UIKitTextPipeline.smallestText)
        let (built, loaded) = try Self.bothWays(dump, file: "large.txt")
        #expect(built.count == 2 + 3000 * 5)
        #expect(built.firstDifference(from: loaded) == nil)
        #expect(built.controller(of: 1)?.className == "UINavigationController")
        #expect(built.title(of: 4) == "Buy 0")
        #expect(built.bytes.count < loaded.bytes.count)
    }

    @Test("a fault found after the second thread has started is the same message, and nothing waits for ever")
    func largeDumpWithAFaultAtTheEnd() throws {
        let dump = Array(
            Self.largeDump(cells: 3000, tail: "\n   |    | <UIView: 0x7fd0000001; frame = (0 0; wide 10)>").utf8)
        var messages: [String] = []
        for building in [true, false] {
            do {
                if building {
                    _ = try SnapshotReader.read(bytes: dump, file: "bad.txt", format: .uikitText)
                } else {
                    _ = try SnapshotReader.importDump(
                        bytes: dump, file: "bad.txt", format: .uikitText, options: .init())
                }
                Issue.record("a frame of words was read")
            } catch {
                messages.append("\(error)")
            }
        }
        #expect(messages.count == 2)
        #expect(messages.first == messages.last)
        #expect(messages.first?.contains("bad.txt:15004") == true, "\(messages)")
    }

    @Test("each mapped member is told apart by its name, and no other name is taken for one")
    func mappedMembers() {
        let names = UIKitViewFields.mappedMembers.map { "\($0)" }
        let others = [
            "tex", "texts", "Frame", "frames", "alphas", "hiddenn", "baseclass", "contentOffsets", "tag", "value",
        ]
        for (position, name) in (names + others).enumerated() {
            let found = Array(name.utf8).withUnsafeBufferPointer { UIKitViewFields.mapped($0, 0..<$0.count) }
            #expect(found == (position < names.count ? position : nil), "\(name)")
        }
    }

    @Test("views nested by tabs keep their nesting when the _printHierarchy lines after them carry | marks")
    func tabsWithMarkedControllers() throws {
        let dump = """
            <UIWindow: 0x7f01; frame = (0 0; 390 844)>
            \t<UIView: 0x7f02; frame = (0 0; 390 844)>
            \t\t<UILabel: 0x7f03; frame = (0 0; 10 10); text = 'hi'>
            <UINavigationController 0x7f10>, state: appeared, view: <UIView 0x7f02>
               | <HomeVC 0x7f11>, state: appeared, view: <UIView 0x7f02>
            """
        let (built, loaded) = try Self.bothWays(Array(dump.utf8), file: "tabs.txt")
        #expect(built.firstDifference(from: loaded) == nil)
        #expect(built.count == 3)
        #expect(built.className(of: 0) == "UIWindow")
        #expect(built.parent(of: 2) == 1)
        #expect(built.controller(of: 1)?.className == "UINavigationController")
    }

    @Test("a view with many members keeps each key once, in its first place, with its last value")
    func manyMembers() throws {
        let members = (0..<40).map { "k\($0) = \($0)" } + ["k3 = 'late'", "k30 = 'later'", "k39 = YES"]
        let dump = "<UIView: 0x7f01; frame = (0 0; 10 10); \(members.joined(separator: "; "))>\n"
        let (built, loaded) = try Self.bothWays(Array(dump.utf8), file: "many.txt")
        #expect(built.firstDifference(from: loaded) == nil)
        let properties = try #require(built.properties(of: 0)?.objectValue)
        #expect(properties.members.map(\.key) == (0..<40).map { "k\($0)" })
        #expect(properties["k3"] == .string("late"))
        #expect(properties["k30"] == .string("later"))
        #expect(properties["k39"] == .bool(true))
        #expect(properties["k20"] == .int(20))
    }
}
