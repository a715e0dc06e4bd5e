/// The windows of an Android dump (a uiautomator `<hierarchy>` holds one per window on screen: the app's, the status
/// bar's, the launcher's, the keyboard's) and which of them are the app's, the only ones its SDK sees.
public enum AndroidWindows {
    /// Packages of the system and of input methods and launchers: never the app's.
    public static let systemPackages: Set<String> = [
        "android", "com.android.systemui", "com.google.android.inputmethod.latin", "com.android.inputmethod.latin",
        "com.google.android.apps.nexuslauncher", "com.sohu.inputmethod.sogou", "com.baidu.input",
        "com.iflytek.inputmethod", "com.miui.home", "com.android.launcher3", "com.huawei.android.launcher",
        "com.oppo.launcher", "com.bbk.launcher2", "com.sec.android.app.launcher",
    ]
}

extension Snapshot {
    /// The windows under an XML dump's document element (`hierarchy`), in order; empty for any other snapshot.
    public var documentWindows: [Int] {
        guard count > 1, className(of: 0) == "hierarchy", controller(of: 0) == nil else { return [] }
        return children(of: 0)
    }

    /// The package a window's views name (`properties.package`).
    public func windowPackage(of window: Int) -> String? {
        properties(of: window)?["package"]?.stringValue
    }

    /// When the dump shows several windows and some are not the app's: the app's windows. The app is the package
    /// the snapshot's app key names when a window has it, else the package with the most views that is no system
    /// one. Nil when every window is the app's, or the dump says nothing of packages.
    public var appWindows: Set<Int>? {
        let windows = documentWindows
        guard windows.count > 1 else { return nil }
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
        let mine = Set(zip(windows, packages).filter { $0.1 == chosen }.map(\.0))
        return mine.count < windows.count ? mine : nil
    }

    /// The window a view sits in under a document element, or nil.
    public func documentWindow(of node: Int) -> Int? {
        guard !documentWindows.isEmpty, node > 0 else { return nil }
        var current = node
        while let parent = parent(of: current), parent != 0 { current = parent }
        return current
    }
}
