import Foundation
import LassoSnapshot

/// The kinds of file lasso reads as a screen snapshot, and how it tells them apart by their content.
public enum SnapshotSourceFormat: String, Sendable, CaseIterable {
    /// lasso's own `lasso.snapshot/1` JSON.
    case lasso
    /// An Appium / WebDriverAgent (XCUITest) page source: `XCUIElementType…` elements.
    case appium
    /// An Android `uiautomator dump`, or an Appium UiAutomator2 page source.
    case android
    /// UIKit `recursiveDescription` text from the debugger, optionally with `_printHierarchy` lines, or as
    /// snapshot-testing libraries record it (without addresses).
    case uikitText = "uikit-text"
    /// A Mixpanel codeless designer `snapshot_response` message (iOS or Android).
    case mixpanel
    /// A Sensors Analytics visual-tracking snapshot (its fork of Mixpanel's, iOS or Android).
    case sensors
    /// Maestro's `maestro hierarchy` JSON.
    case maestro
    /// Android `adb shell dumpsys activity top` text.
    case dumpsys

    /// The names `--format` accepts, for messages.
    public static let choices = allCases.map(\.rawValue).joined(separator: ", ")

    /// Parses a `--format` value.
    public static func parse(_ text: String) throws(LassoError) -> SnapshotSourceFormat {
        guard let format = SnapshotSourceFormat(rawValue: text.lowercased()) else {
            throw LassoError(.usage, "--format: expected one of \(choices), found \"\(text)\"")
        }
        return format
    }

    /// A short name for the kind of file, for notes and messages.
    public var displayName: String {
        switch self {
        case .lasso: return "lasso snapshot"
        case .appium: return "Appium page source"
        case .android: return "Android uiautomator dump"
        case .uikitText: return "UIKit recursiveDescription text"
        default: return appDisplayName
        }
    }

    /// The name with its article, for sentences: "an Appium page source".
    public var describedWithArticle: String {
        switch self {
        case .lasso: return "a lasso snapshot"
        case .appium: return "an Appium page source"
        case .android: return "an Android uiautomator dump"
        case .uikitText: return "UIKit recursiveDescription text"
        default: return "a " + appDisplayName
        }
    }

    /// The format the bytes are in, judged from their first 64 KB, or nil when they are none lasso reads (JSON that is
    /// not an object, and an empty file, count as lasso's, so that its loader says what is wrong with them).
    public static func detect(_ bytes: [UInt8]) -> SnapshotSourceFormat? {
        let head = SourceText.head(bytes, limit: 65_536)
        // An empty file, and JSON of another shape (an array, a string, a number), are lasso's loader's to explain.
        guard let first = head.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return .lasso }
        if first == "{" || first == "[" || first == "\"" || first == "-" || ("0"..."9").contains(first) {
            return AppDumpDetection.json(head) ?? .lasso
        }
        let start = head.drop { $0.isWhitespace }
        if start.hasPrefix("true") || start.hasPrefix("false") || start.hasPrefix("null") { return .lasso }
        if ByteText.contains(head, "<hierarchy") { return .android }
        if ByteText.contains(head, "XCUIElementType") || ByteText.contains(head, "<AppiumAUT") { return .appium }
        if ByteText.contains(head, "<node ") && ByteText.contains(head, "bounds=\"[") { return .android }
        if ByteText.contains(head, ": 0x") && ByteText.contains(head, "; frame = (") { return .uikitText }
        if ByteText.contains(head, ">, state: ") && ByteText.contains(head, " 0x") { return .uikitText }
        if UIKitTextSniff.hasAddresslessView(head) { return .uikitText }
        return AppDumpDetection.text(head)
    }

    /// What the start of an unrecognized file looks like, for the "found" half of a message.
    static func describeUnknown(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "an empty file" }
        let head = SourceText.head(bytes, limit: 512)
        let trimmed = head.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "a file of only white space" }
        let controls = trimmed.unicodeScalars.prefix(200).filter {
            $0.value < UInt8(ascii: " ") && $0 != "\n" && $0 != "\r" && $0 != "\t" || $0 == "\u{FFFD}"
        }
        if controls.count > 2 { return "binary data" }
        if trimmed.hasPrefix("<") {
            let name = trimmed.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            if trimmed.hasPrefix("<?xml") {
                let root = SourceText.firstElementName(trimmed)
                return root.map { "XML whose first element is <\($0)>" } ?? "an XML declaration and no element"
            }
            return "markup starting with <\(DisplayText.escaped(String(name.prefix(40))))>"
        }
        let line = trimmed.prefix { $0 != "\n" && $0 != "\r" }
        return "text starting \"\(DisplayText.escaped(String(line.prefix(40))))\(line.count > 40 ? "…" : "")\""
    }
}
