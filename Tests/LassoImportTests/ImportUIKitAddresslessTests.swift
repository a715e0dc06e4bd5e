import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// `recursiveDescription` as snapshot-testing libraries record it: the addresses taken out (`<UILabel; frame = …>`).
@Suite("import: recursiveDescription without addresses")
struct ImportUIKitAddresslessTests {
    static let file = DumpFixtures.fixture("uikit-snapshot-testing.txt")
    static let list = "UIView[0]/UITableView[0]"

    @Test("recognized from the content, and named by --format; the same snapshot either way")
    func recognized() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.file)))
        #expect(SnapshotSourceFormat.detect(bytes) == .uikitText)
        let (found, _) = try DumpFixtures.read(Self.file)
        let (named, _) = try DumpFixtures.read(Self.file, format: .uikitText)
        #expect(found.count == 19)
        #expect(named.count == found.count)
        #expect(found.indices.map { found.className(of: $0) } == named.indices.map { named.className(of: $0) })
    }

    @Test("paths, texts, frames and cell rows agree with the dump; no view has an address")
    func content() throws {
        let (snapshot, _) = try DumpFixtures.read(Self.file)
        let table = PathTable(snapshot)
        #expect(snapshot.className(of: 0) == "UIView")
        #expect(snapshot.screen == ScreenInfo(width: 390, height: 844))
        let earphones = try DumpFixtures.node("无线降噪耳机", in: snapshot)
        #expect(
            table.pathText(of: earphones) == Self.list + "/CartItemCell[0:0]/UITableViewCellContentView[0]/UILabel[0]",
            "the cell at y 0 is row 0 although it comes second in the text")
        #expect(snapshot.frame(of: earphones) == Rect(x: 16, y: 12, width: 260, height: 20.3333))
        #expect(
            WindowGeometry.windowFrame(of: earphones, in: snapshot) == Rect(x: 16, y: 103, width: 260, height: 20.3333))
        let toy = try DumpFixtures.node("Tom's 积木\n（限量版）", in: snapshot)
        #expect(table.pathText(of: toy).contains("/CartItemCell[0:1]/"), "a text over two lines, with a quote in it")
        let cell = snapshot.ancestry(of: toy)[2]
        #expect(snapshot.classChain(of: cell).starts(with: ["CartItemCell", "UITableViewCell", "UIView"]))
        let buttons = snapshot.indices.filter { snapshot.className(of: $0) == "UIButton" }
        #expect(buttons.map { snapshot.title(of: $0) } == ["删除", "删除", "去结算"])
        #expect(snapshot.isHidden(of: buttons[2]))
        let price = try DumpFixtures.node("¥368.00", in: snapshot)
        #expect(snapshot.properties(of: price)?["tag"] == .int(2))
        #expect(snapshot.indices.allSatisfy { snapshot.unknownFields(of: $0)["address"] == nil })
        let scrollBar = try #require(snapshot.indices.first { snapshot.className(of: $0) == "UIImageView" })
        #expect(snapshot.alpha(of: scrollBar) == 0)
    }

    @Test("notes say what cannot be known: no view controllers, the top view is not a window")
    func notes() throws {
        let (_, notes) = try DumpFixtures.read(Self.file)
        #expect(notes.contains { $0.hasPrefix("the dump has no addresses") && $0.contains("the top view is the page") })
        #expect(notes.contains { $0.contains("not at a window") })
        #expect(!notes.contains { $0.contains("--controllers") }, "_printHierarchy cannot help without addresses")
        let (_, withControllers) = try DumpFixtures.read(
            Self.file, options: ImportOptions(controllersFile: DumpFixtures.fixture("uikit-controllers.txt")))
        #expect(withControllers.contains { $0.contains("view controllers of _printHierarchy cannot be matched") })
    }

    @Test("a description cut at the end of the file, or a bad frame, is one clear error at its line")
    func brokenDumps() throws {
        let cut = DumpFixtures.inputError {
            _ = try DumpFixtures.read(
                text:
                    "<UIView; frame = (0 0; 390 844); layer = <CALayer>>\n   | <UILabel; frame = (0 0; 10 10); text = 'cut",
                file: "cut.txt")
        }
        #expect(cut?.line == 2)
        #expect(cut?.found.contains("cut short") == true)
        let frame = DumpFixtures.inputError {
            _ = try DumpFixtures.read(
                text: "<UIView; frame = (0 0; 390 844)>\n   | <UILabel; frame = (0 0; wide 10)>\n", file: "frame.txt")
        }
        #expect(frame?.line == 2)
        #expect(frame?.jsonPath == "<UILabel> frame")
    }
}
