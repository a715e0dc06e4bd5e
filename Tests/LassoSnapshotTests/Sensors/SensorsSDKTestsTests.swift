import LassoSnapshot
import Testing
import _LassoTestSupport

/// The strings sa-sdk-ios's own unit tests assert, on their screen rebuilt as a snapshot (SensorsScreens).
@Suite("Sensors Analytics iOS: the SDK's own test strings")
struct SensorsSDKTestsTests {
    /// SAVisualizedUtilsTest.m @ e65ccb2 (4.9.0): `viewSimilarPathForView:`, the `$element_path` the SDK sends.
    @Test(
        "SAVisualizedUtilsTest: $element_path of every element",
        arguments: [
            ("firstButton", "UIView/UIScrollView[0]/UIButton[0]"),
            ("secondButton", "UIView/UIScrollView[0]/CustomButton[0]"),
            ("slider", "UIView/UIScrollView[0]/UISlider[0]"),
            ("stepper", "UIView/UIScrollView[0]/UIStepper[0]"),
            ("uiswitch", "UIView/UIScrollView[0]/UISwitch[0]"),
            ("segmentedControl", "UIView/UIScrollView[0]/UISegmentedControl[0]/UISegment[-]"),
            ("label", "UIView/UIScrollView[0]/UILabel[0]"),
            ("imageView", "UIView/UIScrollView[0]/UIImageView[0]"),
            ("cell3", "UIView/UITableView[0]/UITableViewCell[0][-]"),
        ])
    func elementPath(view: String, expected: String) throws {
        let snapshot = try SensorsScreens.snapshot()
        let dialect = SensorsDialect(snapshot)
        let node = snapshot.named(view)
        let sent = dialect.anyRowLocation(of: node) ?? dialect.location(of: node)
        #expect(sent?.path == expected)
        // What the SDK sends selects the view it was sent for.
        let pattern = try dialect.parse(expected)
        #expect(dialect.select(pattern).contains(node))
    }

    /// SAAutoTrackUtilsTest.m @ 332136e (4.0.0; strings from 1.11.5): `$element_selector`, `$screen_name` and
    /// `$element_position`.
    @Test(
        "SAAutoTrackUtilsTest: $element_selector, $screen_name and $element_position",
        arguments: [
            (
                "firstButton",
                "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UIScrollView/UIButton[(jjf_varE='48e2c5881d79d256751ad1ca00f1ca7b18db2f5e' AND jjf_varB='069e4bf7483d2ce72b7d96ab25df3ee25ccc7725')]",
                nil
            ),
            (
                "secondButton",
                "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UIScrollView/CustomButton[(jjf_varE='714cdf49ea3239903c52fa1b730832c08b81ef3a' AND jjf_varB='2eda4e1895ef39a601c41da8062d821019d4d99c')]",
                nil
            ),
            (
                "slider",
                "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UIScrollView/UISlider[(jjf_varB='40be71691d75278c3b4ad73edc118a00f073c31d')]",
                nil
            ),
            (
                "stepper",
                "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UIScrollView/UIStepper[(jjf_varB='eeb8a2dd9a9743ccf6065c39df3bbdca99059f0c')]",
                nil
            ),
            (
                "uiswitch",
                "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UIScrollView/UISwitch[(jjf_varB='e6e184158358b42cfc78bcc3b19011afc9417547')]",
                nil
            ),
            (
                "segmentedControl",
                "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UIScrollView/UISegmentedControl[(jjf_varB='fac459bd36d8326d9140192c7900decaf3744f5e')]/UISegment[1]",
                "1"
            ),
            (
                "label",
                "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UIScrollView/UILabel[(jjf_varE='7ac9e0fb66ba5d819b14c5520322a6f2f0f2b64e')]",
                nil
            ),
            (
                "imageView",
                "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UIScrollView/UIImageView",
                nil
            ),
            (
                "cell2",
                "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UITableView/UITableViewCell[0][2]",
                "0:2"
            ),
        ] as [(String, String, String?)])
    func elementSelector(view: String, expected: String, position: String?) throws {
        let snapshot = try SensorsScreens.snapshot()
        let dialect = SensorsSelectorDialect(snapshot)
        let node = snapshot.named(view)
        let location = try #require(dialect.location(of: node))
        #expect(location.path == expected)
        #expect(location[field: "$screen_name"] == "ElementViewController")
        #expect(location[field: "$element_position"] == position)
        // The selector selects the view (a segmented control's also names its selected segment).
        #expect(dialect.select(try dialect.parse(expected)).first == node)
    }

    @Test("SAAutoTrackUtilsTest: the iOS < 11 table keeps the wrapper that holds the cell")
    func wrapperSelector() throws {
        let snapshot = try SensorsScreens.snapshot(wrapper: true)
        let location = SensorsSelectorDialect(snapshot).location(of: snapshot.named("cell2"))
        #expect(
            location?.path
                == "UITabBarController/UINavigationController[1]/ElementViewController/UIView/UITableView/UITableViewWrapperView/UITableViewCell[0][2]"
        )
        // $element_path skips the wrapper on every iOS.
        let path = SensorsDialect(snapshot).anyRowLocation(of: snapshot.named("cell2"))
        #expect(path?.path == "UIView/UITableView[0]/UITableViewCell[0][-]")
    }

    @Test("one row, any row, the segment a product person circles, and the fields beside the path")
    func rowsAndFields() throws {
        let snapshot = try SensorsScreens.snapshot()
        let dialect = SensorsDialect(snapshot)
        let cell = try #require(dialect.location(of: snapshot.named("cell2")))
        #expect(cell.path == "UIView/UITableView[0]/UITableViewCell[0][2]")
        #expect(cell[field: "$element_position"] == "0:2")
        #expect(cell[field: "$screen_name"] == "ElementViewController")
        #expect(dialect.select(try dialect.parse(cell.path)) == [snapshot.named("cell2")])
        let rows = dialect.select(try dialect.parse("UIView/UITableView[0]/UITableViewCell[0][-]"))
        #expect(rows == (0..<4).map { snapshot.named("cell\($0)") })
        // A label inside a cell is named through the cell, its row left open, and carries the cell's position.
        let label = snapshot.children(of: snapshot.children(of: snapshot.named("cell1"))[0])[0]
        #expect(
            dialect.anyRowLocation(of: label)?.path
                == "UIView/UITableView[0]/UITableViewCell[0][-]/UITableViewCellContentView[0]/UILabel[0]")
        #expect(dialect.location(of: label)?[field: "$element_position"] == "0:1")
        // A segment is its control's path ending in its own place along x.
        let segment = try #require(dialect.location(of: snapshot.named("segment0")))
        #expect(segment.path == "UIView/UIScrollView[0]/UISegmentedControl[0]/UISegment[0]")
        #expect(segment[field: "$element_position"] == "0")
        #expect(
            dialect.anyRowLocation(of: snapshot.named("segment2"))?.path
                == "UIView/UIScrollView[0]/UISegmentedControl[0]/UISegment[-]")
        // A tab bar button's path starts at the tab bar controller's own view, written bare.
        #expect(
            dialect.anyRowLocation(of: snapshot.named("tab1"))?.path
                == "UILayoutContainerView/UITabBar[0]/UITabBarButton[-]")
        #expect(dialect.location(of: snapshot.named("tab1"))?[field: "$element_position"] == "1")
    }

    @Test(
        "paths the SDK never writes are refused in words",
        arguments: [
            ("", "empty"), ("/UIView/UIButton[0]", "no leading /"), ("UIView//UIButton[0]", "segment 2"),
            ("UIView/UIButton[x]", "not an index"), ("UIView/UIButton[0][1][2]", "more than two"),
            ("UIView/UIButton[0", "expected [index]"),
        ])
    func refusesBadPaths(text: String, words: String) throws {
        let dialect = SensorsDialect(try SensorsScreens.snapshot())
        #expect(throws: PathSyntaxError.self) { try dialect.parse(text) }
        do {
            _ = try dialect.parse(text)
        } catch {
            #expect(error.reason.contains(words), "\(error.reason)")
        }
    }

    @Test("a legacy selector's terms are checked")
    func selectorTerms() throws {
        let dialect = SensorsSelectorDialect(try SensorsScreens.snapshot())
        _ = try dialect.parse("UIView/UIButton[(jjf_varE='ab' AND jjf_varB='cd')]")
        #expect(throws: PathSyntaxError.self) { try dialect.parse("UIView/UIButton[(text == 'a')]") }
        #expect(SensorsSelectorDialect.hash("FirstButton") == "48e2c5881d79d256751ad1ca00f1ca7b18db2f5e")
    }
}
