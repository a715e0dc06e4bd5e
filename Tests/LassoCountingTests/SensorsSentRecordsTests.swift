import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

@testable import LassoCounting

/// Sensors records written as sa-sdk-ios v4.9.1 sends a click, by hand from its code, not by lasso's dialect:
/// `SAVisualizedManager.m` `propertiesWithView:` L302-323 puts `viewSimilarPathForView:` (the row as `[-]`) into
/// `$element_path`; `UIView+SAElementPosition.m` L19-85 gives a cell `section:row` and every view inside it its
/// cell's, which goes into `$element_position`. A definition for any row and one for one row count them as a plain
/// filter over the clicks does.
@Suite("Sensors records as the SDK sends them: [-] in the path, the row in $element_position")
struct SensorsSentRecordsTests {
    /// One click: the row, and whether it was on the cart button (else the price label).
    struct Click {
        var row: Int
        var button: Bool
    }

    static let clicks: [Click] = (0..<240).map { Click(row: ($0 * 7) % 12, button: $0 % 3 != 0) }

    /// The line sa-sdk-ios writes for `click` (fields and spellings from the files above; `$lib` and `$os` as
    /// `SAPresetProperty.m` sets them).
    static func line(_ click: Click) -> String {
        let leaf = click.button ? "UIButton[0]" : "UILabel[1]"
        return #"{"distinct_id":"d1","event":"$AppClick","time":1764000000000,"lib":{"$lib":"iOS"},"#
            + #""properties":{"$lib":"iOS","$os":"iOS","$app_version":"5.3.0","$screen_name":"ShopApp.HomeViewController","#
            + #""$element_type":"UIButton","$element_content":"加入购物车","#
            + #""$element_path":"UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/"#
            + leaf + #"","$element_position":"0:\#(click.row)"}}"#
    }

    static func definition(key: String, path: String, content: [ContentCondition] = []) throws -> EventDefinition {
        EventDefinition(
            appKey: "shop-ios", name: key, key: key, viewEvent: "ButtonClick", viewPath: try PathNotation.parse("A[0]"),
            content: content
        ).rewritten(in: .sensors, pattern: try SDKProfile.sensors.read(path), screen: "ShopApp.HomeViewController")
    }

    static func count(_ definitions: [EventDefinition]) -> [Int] {
        var counter = EventCounter(plan: EventCountPlan(definitions: definitions, format: .sensors))
        var text = Array(clicks.map(line).joined(separator: "\n").utf8)
        text.withUnsafeMutableBufferPointer { counter.count(lines: UnsafeBufferPointer($0)) }
        #expect(counter.tally.malformed == 0)
        return counter.tally.counts
    }

    static let base = "UIView/UITableView[0]/ShopKit.ProductCell[0]"

    @Test("any row counts every row's button; one row (its row written) counts that row's; a row never sent counts 0")
    func rows() throws {
        let counts = Self.count([
            try Self.definition(key: "any", path: Self.base + "[-]/UITableViewCellContentView[0]/UIButton[0]"),
            try Self.definition(key: "row2", path: Self.base + "[2]/UITableViewCellContentView[0]/UIButton[0]"),
            try Self.definition(key: "row11", path: Self.base + "[11]/UITableViewCellContentView[0]/UIButton[0]"),
            try Self.definition(
                key: "row2_by_position", path: Self.base + "[-]/UITableViewCellContentView[0]/UIButton[0]",
                content: [ContentCondition(key: "$element_position", .equals("0:2"))]),
            try Self.definition(key: "label", path: Self.base + "[-]/UITableViewCellContentView[0]/UILabel[1]"),
        ])
        let buttons = Self.clicks.filter(\.button)
        let inRow2: Int = buttons.filter { $0.row == 2 }.count
        let inRow11: Int = buttons.filter { $0.row == 11 }.count
        let labels: Int = Self.clicks.count - buttons.count
        let expected: [Int] = [buttons.count, inRow2, inRow11, inRow2, labels]
        #expect(counts == expected)
        #expect(counts[1] > 0 && counts[1] < counts[0])
    }

    @Test("a definition's one row is the similar path and a position: the SQL and the regex say the same")
    func sqlAndRegex() throws {
        let row = try Self.definition(key: "row2", path: Self.base + "[2]/UITableViewCellContentView[0]/UIButton[0]")
        #expect(
            EventRegex.pattern(for: row)
                == #"^UIView/UITableView\[0\]/ShopKit\.ProductCell\[0\]\[-\]/UITableViewCellContentView\[0\]/UIButton\[0\]$"#
        )
        let query = try EventSQL.query([row], engine: .duckdb, table: "events", time: nil)
        #expect(query.contains(#"properties['$element_position'] = '0:2'"#), "\(query)")
    }

    @Test("the SDK's similar path from a path with its row written: the innermost list only, segments and tab buttons")
    func sentPaths() {
        // SAUIProperties.m L87-103 (v4.9.1): each view's similar form until one holds [-], item forms above it.
        let nested = SensorsSentPath(
            iOS: "UIView/UITableView[0]/Outer[1][4]/UICollectionView[0]/Inner[0][7]/UILabel[0]")
        #expect(nested.elementPath == "UIView/UITableView[0]/Outer[1][4]/UICollectionView[0]/Inner[0][-]/UILabel[0]")
        #expect(nested.position == "0:7")
        // UIView+SAViewPath.m L65-75: a segmented control's item form ends in its selected segment, similar in [-].
        let segment = SensorsSentPath(iOS: "UIView/UISegmentedControl[0]/UISegment[2]")
        #expect(segment == SensorsSentPath(elementPath: "UIView/UISegmentedControl[0]/UISegment[-]", position: "2"))
        // VP L79-99: a section header is no row.
        let header = SensorsSentPath(iOS: "UIView/UITableView[0]/[SectionHeader][1]/UILabel[0]")
        #expect(
            header == SensorsSentPath(elementPath: "UIView/UITableView[0]/[SectionHeader][1]/UILabel[0]", position: nil)
        )
        #expect(SensorsSentPath(iOS: "UIView/UIButton[3]").position == nil)
    }
}
