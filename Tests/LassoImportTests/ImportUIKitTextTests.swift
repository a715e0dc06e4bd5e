import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// The UIKit `recursiveDescription` / `_printHierarchy` text importer (docs/importers.md).
@Suite("import: UIKit recursiveDescription text")
struct ImportUIKitTextTests {
    static let feed = "HomeViewController[0]/UIView[0]/UITableView[0]"

    func home() throws -> (Snapshot, [String]) { try DumpFixtures.read(DumpFixtures.sample("uikit-home.txt")) }

    @Test("_printHierarchy lines in the same text attach controllers to the views whose addresses they name")
    func controllers() throws {
        let (snapshot, notes) = try home()
        let pages = snapshot.indices.filter { snapshot.isPageRoot($0) }.map { snapshot.controller(of: $0)!.className }
        #expect(pages == ["UITabBarController", "UINavigationController", "ShopKit.HomeViewController"])
        let navigation = try #require(
            snapshot.indices.first { snapshot.controller(of: $0)?.className == "UINavigationController" })
        #expect(snapshot.controller(of: navigation)?.superclasses == ["UIViewController", "UIResponder", "NSObject"])
        #expect(snapshot.unknownFields(of: snapshot.controller(of: navigation)!)["state"] == .string("appeared"))
        #expect(notes.contains { $0.hasPrefix("2 view controllers' views are not in the view dump") })
        #expect(notes.contains { $0.contains("2 lines that are not a view") && $0.contains("(lldb) po") })
        #expect(!notes.contains { $0.contains("no view controllers") })
    }

    @Test(
        "cells get their row by position, not by the (reuse) order of the lines; a button's title is its UIButtonLabel's text"
    )
    func cellsAndButtons() throws {
        let (snapshot, _) = try home()
        let table = PathTable(snapshot)
        let first = try DumpFixtures.node("无线降噪耳机", in: snapshot)
        let cell = snapshot.ancestry(of: first)[2]
        #expect(snapshot.className(of: cell) == "ShopKit.ProductCell")
        #expect(table.pathText(of: cell) == Self.feed + "/ProductCell[0:0]")
        #expect(snapshot.classChain(of: cell).starts(with: ["ProductCell", "UITableViewCell", "UIView"]))
        #expect(EventType.listItemClick.applies(to: cell, in: snapshot))
        let buttons = snapshot.indices.filter { snapshot.className(of: $0) == "UIButton" }
        #expect(buttons.map { snapshot.title(of: $0) } == ["到货提醒", "加入购物车", "加入购物车"])
        #expect(EventType.buttonClick.applies(to: buttons[0], in: snapshot))
        let pattern = try PathNotation.parse(Self.feed + "/ProductCell[0:*]/UITableViewCellContentView[0]/UIButton[0]")
        #expect(
            PathMatcher(table).matches(
                pattern, event: "ButtonClick", conditions: [Condition(key: "title", value: "加入购物车")]
            ).count == 2)
    }

    @Test("frames, contentOffset, texts over two lines, hidden, alpha (nan left out), images by name or symbol")
    func fields() throws {
        let (snapshot, _) = try home()
        let first = try DumpFixtures.node("无线降噪耳机", in: snapshot)
        let cell = snapshot.ancestry(of: first)[2]
        #expect(snapshot.frame(of: cell) == Rect(x: 0, y: 0, width: 390, height: 120))
        #expect(
            WindowGeometry.windowFrame(of: cell, in: snapshot)?.y == 91,
            "the table is scrolled to contentOffset {0, -91}")
        #expect(!DumpFixtures.nodes("Tom & Jerry 积木\n（限量版）", in: snapshot).isEmpty)
        let hiddenLabel = try #require(
            snapshot.indices.first { snapshot.className(of: $0) == "UILabel" && snapshot.isHidden(of: $0) })
        #expect(snapshot.frame(of: hiddenLabel) == Rect(x: 0, y: 0, width: 0, height: 0))
        let images = snapshot.indices.filter { snapshot.className(of: $0) == "UIImageView" }
        #expect(
            images.compactMap { snapshot.imageName(of: $0) } == [
                "product-P1003", "product-P1002", "product-P1001", "cart",
            ])
        #expect(images.contains { snapshot.alpha(of: $0) == 0 })
        #expect(images.filter { snapshot.alpha(of: $0) != nil }.count == 1, "alpha = nan gives no alpha")
    }

    @Test("other members are kept as properties: clipsToBounds, autoresize, tag, userInteractionEnabled, contentSize")
    func properties() throws {
        let (snapshot, _) = try home()
        let price = try DumpFixtures.node("¥368", in: snapshot)
        let properties = try #require(snapshot.properties(of: price)?.objectValue)
        #expect(properties["tag"] == .int(2))
        #expect(properties["autoresize"] == .string("RM+BM"))
        #expect(properties["userInteractionEnabled"] == .bool(false))
        #expect(properties["layer"] == nil)
        let list = try #require(snapshot.indices.first { snapshot.className(of: $0) == "UITableView" })
        #expect(snapshot.properties(of: list)?["contentSize"] == .array([.int(390), .int(1320)]))
        #expect(snapshot.properties(of: list)?["clipsToBounds"] == .bool(true))
        #expect(snapshot.state(of: list)?["contentOffset"] == .array([.int(0), .int(-91)]))
        #expect(snapshot.unknownFields(of: list)["address"] == .string("0x7fb1ca82a000"))
        #expect(snapshot.gestures(of: list) == ["UIGestureRecognizer"])
    }

    @Test("the controllers may come in a second file")
    func separateControllerFile() throws {
        let views = DumpFixtures.fixture("uikit-views-only.txt")
        let (without, notes) = try DumpFixtures.read(views)
        #expect(!without.indices.contains { without.isPageRoot($0) })
        #expect(notes.contains { $0.contains("no view controllers") && $0.contains("--controllers") })
        let (with, _) = try DumpFixtures.read(
            views, options: ImportOptions(controllersFile: DumpFixtures.fixture("uikit-controllers.txt")))
        let first = try DumpFixtures.node("无线降噪耳机", in: with)
        #expect(
            PathTable(with).pathText(of: first) == Self.feed
                + "/ProductCell[0:0]/UITableViewCellContentView[0]/UILabel[0]")
    }

    @Test(
        "indentation without | marks, the debugger's Swift prefixes, several windows, layer lines, quotes inside a text"
    )
    func indentedWindows() throws {
        let (snapshot, notes) = try DumpFixtures.read(DumpFixtures.fixture("uikit-indented-windows.txt"))
        #expect(snapshot.className(of: 0) == "UIApplication")
        #expect(snapshot.children(of: 0).map { snapshot.className(of: $0) } == ["UIWindow", "UITextEffectsWindow"])
        #expect(notes.contains { $0.hasPrefix("2 top-level views") })
        #expect(notes.contains { $0.hasPrefix("1 layer line") })
        let table = PathTable(snapshot)
        let rows = ["左上", "It's ¥99; today", "左下"].map { text -> String in
            let label = DumpFixtures.nodes(text, in: snapshot).first ?? 0
            return table.segmentIndex(of: snapshot.parent(of: label)!).text
        }
        #expect(rows == ["0:0", "0:1", "0:2"])
        let cell = snapshot.parent(of: try DumpFixtures.node("左上", in: snapshot))!
        #expect(
            snapshot.classChain(of: cell).contains("UICollectionViewCell"),
            "a custom cell in a collection view, without baseClass")
        #expect(WindowGeometry.windowFrame(of: cell, in: snapshot)?.y == 64)
        let slider = try #require(snapshot.indices.first { snapshot.className(of: $0) == "UISlider" })
        #expect(snapshot.state(of: slider)?["value"] == .number("0.25"))
        #expect(EventType.valueChanged.applies(to: slider, in: snapshot))
        let nowhere = try #require(
            snapshot.indices.last {
                snapshot.className(of: $0) == "UIView" && snapshot.parent(of: $0) != nil
                    && snapshot.childCount(of: $0) == 0
            })
        #expect(snapshot.frame(of: nowhere) == nil, "frame = (nan nan; 0 0)")
    }

    @Test(
        "a dump cut inside a description, a frame that is not numbers, bytes that are not UTF-8, no views: clear errors"
    )
    func brokenDumps() throws {
        let truncated = DumpFixtures.inputError {
            _ = try DumpFixtures.read(DumpFixtures.fixture("uikit-truncated.txt"))
        }
        #expect(truncated?.line == 21)
        #expect(truncated?.found.contains("cut short") == true)
        let frame = DumpFixtures.inputError { _ = try DumpFixtures.read(DumpFixtures.fixture("uikit-bad-frame.txt")) }
        #expect(frame?.line == 2)
        #expect(frame?.found == "frame = (0 0; wide 667)")
        let bytes = DumpFixtures.inputError {
            _ = try DumpFixtures.read(DumpFixtures.fixture("uikit-invalid-utf8.txt"))
        }
        #expect(bytes?.line == 2)
        #expect(bytes?.found.contains("0xE9") == true)
        let controllersOnly = DumpFixtures.inputError {
            _ = try DumpFixtures.read(DumpFixtures.fixture("uikit-controllers.txt"), format: .uikitText)
        }
        #expect(controllersOnly?.expected.contains("recursiveDescription lines") == true)
        let words = DumpFixtures.inputError { _ = try DumpFixtures.read(text: "just some words\n", format: .uikitText) }
        #expect(words?.found == "\"just some words\"")
    }

    @Test("a text dump in UTF-16 with a byte order mark reads")
    func utf16() throws {
        let text =
            "<UIWindow: 0x7fa4a1d0a7b0; frame = (0 0; 375 667); layer = <UIWindowLayer: 0x6000020b0f20>>\n   | <UILabel: 0x7fa4a1e1a1e0; frame = (8 150; 171.5 21); text = '你好'; layer = <_UILabelLayer: 0x60000214a6c0>>\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let (snapshot, _) = try SnapshotReader.read(bytes: bytes, file: "utf16.txt")
        #expect(snapshot.text(of: 1) == "你好")
    }

    @Test("a dump 2,000 levels deep loads without recursion")
    func deepDump() throws {
        var text = ""
        for level in 0..<2_000 {
            text +=
                String(repeating: "   |", count: level) + (level > 0 ? " " : "")
                + "<UIView: 0x\(String(level + 4096, radix: 16)); frame = (0 0; 10 10); layer = <CALayer: 0x1>>\n"
        }
        let (snapshot, _) = try DumpFixtures.read(text: text, file: "deep.txt")
        #expect(snapshot.count == 2_000)
        #expect(snapshot.depth(of: 1_999) == 1_999)
    }
}
