/// Which windows of a dump that shows several are the app's, and in which order its SDK numbers them: an Android
/// dump lists the status bar's, the launcher's and the keyboard's windows beside the app's; an iOS dump the
/// keyboard's and the status bar's beside the key window and the app's alert windows.
extension Snapshot {
    /// The windows under a dump's document element (uiautomator's `hierarchy`, a `UIApplication`, XCUITest's
    /// application element), in order; empty for a snapshot rooted at one window.
    public var documentWindows: [Int] {
        guard count > 1, controller(of: 0) == nil else { return [] }
        let root = className(of: 0)
        guard root == "hierarchy" || IOSWindows.applicationClasses.contains(root) else { return [] }
        return children(of: 0)
    }

    /// The package a window's views name (`properties.package`).
    public func windowPackage(of window: Int) -> String? {
        properties(of: window)?["package"]?.stringValue
    }

    /// When the dump shows several windows and some are not the app's: the app's windows. On Android the app is the
    /// package the snapshot's app key names when a window has it, else the package with the most views that is no
    /// system one; on iOS every window but the keyboard's and the status bar's. Nil when every window is the app's,
    /// or the dump says nothing of whose they are.
    public var appWindows: Set<Int>? {
        let windows = documentWindows
        guard windows.count > 1 else { return nil }
        let mine: Set<Int>
        if className(of: 0) == "hierarchy" {
            let packages = windows.map { windowPackage(of: $0) }
            var sizes: [String: Int] = [:]
            for (window, package) in zip(windows, packages) {
                guard let package, !AndroidWindows.systemPackages.contains(package) else { continue }
                sizes[package, default: 0] += subtreeEnd(of: window) - window
            }
            let chosen =
                app.key.flatMap { key in packages.contains(key) ? key : nil }
                ?? sizes.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
            guard let chosen else { return nil }
            mine = Set(zip(windows, packages).filter { $0.1 == chosen }.map(\.0))
        } else {
            mine = Set(windows.filter { systemWindowName(of: $0) == nil })
            guard !mine.isEmpty else { return nil }
        }
        return mine.count < windows.count ? mine : nil
    }

    /// The windows in the order the app's SDK numbers them: the key window (an iOS dump's marked one, else its first
    /// window of the app that holds a page), then the app's other windows, then the rest, each in dump order.
    public var numberedWindows: [Int] {
        let windows = documentWindows
        guard windows.count > 1 else { return windows }
        let app = appWindows
        let mine = windows.filter { app?.contains($0) ?? true }
        var first: [Int] = []
        if className(of: 0) != "hierarchy",
            let key = mine.first(where: isMarkedKeyWindow)
                ?? mine.first(where: { window in (window..<subtreeEnd(of: window)).contains { isPageRoot($0) } })
        {
            first = [key]
        }
        return first + mine.filter { !first.contains($0) } + windows.filter { !(app?.contains($0) ?? true) }
    }

    /// What a window that is not the app's is, in words: the package that owns it on Android ("com.android.systemui"),
    /// "the keyboard" or "the status bar" on iOS; nil for the app's windows.
    public func foreignWindowName(of window: Int) -> String? {
        guard let app = appWindows, !app.contains(window) else { return nil }
        return windowPackage(of: window) ?? systemWindowName(of: window) ?? "another app"
    }

    /// The window a view sits in under a document element, or nil.
    public func documentWindow(of node: Int) -> Int? {
        guard !documentWindows.isEmpty, node > 0 else { return nil }
        var current = node
        while let parent = parent(of: current), parent != 0 { current = parent }
        return current
    }
}
