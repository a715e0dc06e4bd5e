import Foundation
import LassoSnapshot

/// The same random taps written as lasso's, Sensors', GrowingIO's and PostHog's records, and how many of them the
/// named event "the cart button in any row, from 5.0.0, its text containing 购物车 (on the home page)" counts: the
/// oracle the counting tests of every record format are held to.
public enum SameTaps {
    /// One tap as the app saw it.
    public struct Tap: Sendable {
        public var button: Bool
        public var row: Int
        public var version: String
        public var home: Bool
        public var milliseconds: Int64
        public var content: String
    }

    /// The GrowingIO xpath of the rows' views, up to the view's own class.
    public static let gioXPath =
        "/ShopApp.MainTabBarController/ShopKit.ShopNavigationController/ShopApp.HomeViewController/UIView/UITableView/Section/ShopKit.ProductCell/UITableViewCellContentView/"

    public static func taps(_ count: Int, seed: UInt64 = 30) -> [Tap] {
        var random = SeededGenerator(state: seed)
        return (0..<count).map { index in
            Tap(
                button: Bool.random(using: &random), row: Int.random(in: 0...11, using: &random),
                version: ["4.9.0", "5.0.0", "5.3.1", " 5.4.0", "x"].randomElement(using: &random)!,
                home: Bool.random(using: &random), milliseconds: 1_795_132_800_000 + Int64(index) * 61_000,
                content: ["加入购物车", "到货提醒", "已加入"].randomElement(using: &random)!)
        }
    }

    /// A time in milliseconds as ISO 8601 with milliseconds and `Z`.
    public static func iso(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// The tap as the SDK named `format` (`lasso`, `sensors`, `growingio`, `posthog`) writes it.
    public static func line(_ tap: Tap, _ format: String) -> String {
        let leaf = tap.button ? "UIButton" : "UILabel"
        var record = JSONObject()
        var properties = JSONObject()
        switch format {
        case "lasso":
            let page = tap.home ? "HomeViewController" : "CartViewController"
            record["event"] = .string("ButtonClick")
            record["appKey"] = .string("shop-ios")
            record["appVersion"] = .string(tap.version)
            record["viewPath"] = .string(
                "\(page)[0]/UIView[0]/UITableView[0]/ProductCell[0:\(tap.row)]/UITableViewCellContentView[0]/\(leaf)[0]"
            )
            record["time"] = .string(iso(tap.milliseconds))
            properties["title"] = .string(tap.content)
        case "sensors":
            record["distinct_id"] = .string("d1")
            record["event"] = .string("$AppClick")
            record["time"] = .int(Int(tap.milliseconds))
            // sa-sdk-ios v4.9.1 SAVisualizedManager.m L302-323: `$element_path` is `viewSimilarPathForView:`, the
            // row as `[-]`; the row travels in `$element_position` (UIView+SAElementPosition.m L19-85).
            properties["$element_path"] = .string(
                "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/\(leaf)[0]")
            properties["$screen_name"] = .string(
                tap.home ? "ShopApp.HomeViewController" : "ShopApp.CartViewController")
            properties["$element_content"] = .string(tap.content)
            properties["$element_position"] = .string("0:\(tap.row)")
            properties["$app_version"] = .string(tap.version)
            properties["is_login"] = .bool(true)
        case "growingio":
            record["eventType"] = .string("VIEW_CLICK")
            record["path"] = .string(tap.home ? "/home" : "/cart")
            record["xpath"] = .string(gioXPath + leaf)
            record["xcontent"] = .string("/0/0/0/0/0/0/-/0/0")
            // A native view's row plus one (growingio-sdk-ios-autotracker 4.11.0 GrowingViewElementEvent.m L35-39).
            record["index"] = .int(tap.row + 1)
            record["textValue"] = .string(tap.content)
            record["appVersion"] = .string(tap.version)
            record["timestamp"] = .int(Int(tap.milliseconds))
            return JSONWriter.compact(.object(record))
        default:
            let target = tap.button ? "UIButton:text=\"\(tap.content)\"" : "UILabel"
            record["event"] = .string("$autocapture")
            record["timestamp"] = .string(iso(tap.milliseconds))
            properties["$event_type"] = .string("touch")
            properties["$elements_chain"] = .string(
                target
                    + ";UITableViewCellContentView;ProductCell:attr__class=\"UITableViewCell\";UITableView;UIView;UIWindow"
            )
            properties["$screen_name"] = .string(tap.home ? "Home" : "Cart")
            properties["$app_version"] = .string(tap.version)
        }
        record["properties"] = .object(properties)
        return JSONWriter.compact(.object(record))
    }

    /// How many taps the named event counts: a button, a version from 5.0.0 that reads, 购物车 in its text, the home
    /// page when `home`, in `time` (milliseconds, until excluded) when given.
    public static func expected(_ taps: [Tap], home: Bool, time: ClosedRange<Int64>? = nil) -> Int {
        taps.filter { tap in
            guard tap.button, tap.content.contains("购物车") else { return false }
            let version = tap.version.trimmingCharacters(in: .whitespaces)
            let parts = version.split(separator: ".").compactMap { Int($0) }
            guard parts.count == 3, parts.lexicographicallyPrecedes([5, 0, 0]) == false else { return false }
            if home && !tap.home { return false }
            if let time, !time.contains(tap.milliseconds) { return false }
            return true
        }.count
    }

    /// The tap's page shown, as the SDK named `format` writes the page view (lasso's PageView on the page's root
    /// view, Sensors' `$AppViewScreen`, GrowingIO's `PAGE`, PostHog's `$screen`): the page views of
    /// `expected(pageViews:home:)`.
    public static func pageViewLine(_ tap: Tap, _ format: String) -> String {
        var record = JSONObject()
        var properties = JSONObject()
        switch format {
        case "lasso":
            record["event"] = .string("PageView")
            record["appKey"] = .string("shop-ios")
            record["appVersion"] = .string(tap.version)
            record["viewPath"] = .string((tap.home ? "HomeViewController" : "CartViewController") + "[0]/UIView[0]")
            record["time"] = .string(iso(tap.milliseconds))
        case "sensors":
            record["distinct_id"] = .string("d1")
            record["event"] = .string("$AppViewScreen")
            record["time"] = .int(Int(tap.milliseconds))
            properties["$screen_name"] = .string(
                tap.home ? "ShopApp.HomeViewController" : "ShopApp.CartViewController")
            properties["$title"] = .string(tap.home ? "首页" : "购物车")
            properties["$app_version"] = .string(tap.version)
        case "growingio":
            record["eventType"] = .string("PAGE")
            record["path"] = .string(tap.home ? "/home" : "/cart")
            record["title"] = .string(tap.home ? "首页" : "购物车")
            record["appVersion"] = .string(tap.version)
            record["timestamp"] = .int(Int(tap.milliseconds))
            return JSONWriter.compact(.object(record))
        default:
            record["event"] = .string("$screen")
            record["timestamp"] = .string(iso(tap.milliseconds))
            properties["$screen_name"] = .string(tap.home ? "Home" : "Cart")
            properties["$app_version"] = .string(tap.version)
        }
        record["properties"] = .object(properties)
        return JSONWriter.compact(.object(record))
    }

    /// How many of the taps' pages, shown, the named event "the home page from 5.0.0" counts (every page when not
    /// `home`), in `time` when given.
    public static func expected(pageViews taps: [Tap], home: Bool, time: ClosedRange<Int64>? = nil) -> Int {
        taps.filter { tap in
            let parts = tap.version.trimmingCharacters(in: .whitespaces).split(separator: ".").compactMap { Int($0) }
            guard parts.count == 3, parts.lexicographicallyPrecedes([5, 0, 0]) == false else { return false }
            if home && !tap.home { return false }
            if let time, !time.contains(tap.milliseconds) { return false }
            return true
        }.count
    }
}
