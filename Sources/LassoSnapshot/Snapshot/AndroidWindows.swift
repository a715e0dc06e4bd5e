/// The packages that own an Android dump's windows but are never the app: the status bar, launchers, keyboards.
public enum AndroidWindows {
    /// Packages of the system and of input methods and launchers: never the app's.
    public static let systemPackages: Set<String> = [
        "android", "com.android.systemui", "com.google.android.inputmethod.latin", "com.android.inputmethod.latin",
        "com.google.android.apps.nexuslauncher", "com.sohu.inputmethod.sogou", "com.baidu.input",
        "com.iflytek.inputmethod", "com.miui.home", "com.android.launcher3", "com.huawei.android.launcher",
        "com.oppo.launcher", "com.bbk.launcher2", "com.sec.android.app.launcher",
    ]
}
