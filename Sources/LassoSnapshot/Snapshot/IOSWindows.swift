/// The windows UIKit puts on an iOS screen beside the app's own (the keyboard's, the status bar's), and how a dump
/// tells which window is the key window, the one the app's SDK starts its paths in.
public enum IOSWindows {
    /// Window classes that belong to the system, with the words the UI names them by.
    public static let systemClasses: [(className: String, name: String)] = [
        ("UIRemoteKeyboardWindow", "the keyboard"), ("UITextEffectsWindow", "the keyboard"),
        ("UIStatusBarWindow", "the status bar"), ("_UIInteractiveHighlightEffectWindow", "the system"),
    ]

    /// XCUITest element types whose subtree is the system's when nothing else of the window's is the app's.
    static let systemElementTypes: [(type: String, name: String)] = [
        ("XCUIElementTypeKeyboard", "the keyboard"), ("XCUIElementTypeStatusBar", "the status bar"),
    ]

    /// The document elements under which iOS dumps list their windows.
    static let applicationClasses: Set<String> = ["UIApplication", "XCUIElementTypeApplication"]
}

extension Snapshot {
    /// What the system window `window` is ("the keyboard", "the status bar"), or nil when it may be the app's.
    func systemWindowName(of window: Int) -> String? {
        if let known = IOSWindows.systemClasses.first(where: { isKind(window, of: $0.className) }) {
            return known.name
        }
        guard className(of: 0) == "XCUIElementTypeApplication" else { return nil }
        // An XCUITest window is the system's when every element in it that is no plain container sits in a keyboard
        // or the status bar.
        var found: String?
        var node = window + 1
        let end = subtreeEnd(of: window)
        while node < end {
            let type = className(of: node)
            if let system = IOSWindows.systemElementTypes.first(where: { $0.type == type }) {
                found = found ?? system.name
                node = subtreeEnd(of: node)
                continue
            }
            if type != "XCUIElementTypeOther" { return nil }
            node += 1
        }
        return found
    }

    /// True when the dump marks `window` as the key window (`state.isKeyWindow`, or `isKeyWindow` / `keyWindow` in its
    /// properties).
    func isMarkedKeyWindow(_ window: Int) -> Bool {
        if state(of: window)?["isKeyWindow"] == .bool(true) { return true }
        let properties = self.properties(of: window)
        return properties?["isKeyWindow"] == .bool(true) || properties?["keyWindow"] == .bool(true)
    }
}
