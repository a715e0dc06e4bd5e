import Foundation
import LassoImport
import LassoSnapshot
import Testing

/// Which app a dump is of: the app id and version an SDK snapshot carries, an Android dump's package, and
/// `--app-key`/`--app-version` over both (docs/importers.md, "The app key and version").
@Suite("import: the app key and version")
struct AppIdentityTests {
    /// An Android list of chat rows, as `uiautomator dump` writes it: the status bar's window is the system's.
    static let androidList = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
        <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.android.systemui" bounds="[0,0][720,48]" />\
        <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example.chat" bounds="[0,48][720,1600]">\
        <node index="0" text="" resource-id="com.example.chat:id/list" class="androidx.recyclerview.widget.RecyclerView" package="com.example.chat" bounds="[0,48][720,1600]">\
        <node index="0" text="" resource-id="" class="android.widget.LinearLayout" package="com.example.chat" clickable="true" bounds="[0,48][720,192]">\
        <node index="0" text="Alice" resource-id="com.example.chat:id/name" class="android.widget.TextView" package="com.example.chat" bounds="[120,60][500,110]" />\
        <node index="1" text="20:07" resource-id="com.example.chat:id/time" class="android.widget.TextView" package="com.example.chat" bounds="[560,60][700,110]" />\
        </node></node></node></hierarchy>
        """

    /// A Sensors Analytics iOS snapshot that names its app and version beside its views.
    static let sdkSnapshot = """
        {"type": "snapshot_response", "app_id": "com.example.shop", "app_version": "5.4.0",
         "payload": {"serialized_objects": {"rootObject": "$1", "objects": [
           {"id": "$1", "class": ["UIWindow", "UIView", "UIResponder", "NSObject"],
            "properties": {"frame": {"X": 0, "Y": 0, "Width": 375, "Height": 667}, "subelements": [],
                           "element_level": 0}}]}}}
        """

    /// An Appium page source: it names neither.
    static let appium = """
        <?xml version="1.0" encoding="UTF-8"?><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Shop" label="Shop" enabled="true" visible="true" x="0" y="0" width="390" height="844">\
        <XCUIElementTypeButton type="XCUIElementTypeButton" name="buy" label="Buy" enabled="true" visible="true" x="10" y="100" width="100" height="44"/>\
        </XCUIElementTypeApplication>
        """

    static func read(_ text: String, file: String, options: ImportOptions = ImportOptions()) throws -> (
        Snapshot, [String]
    ) {
        try SnapshotReader.read(bytes: Array(text.utf8), file: file, options: options)
    }

    @Test("an Android dump's app key is the package most of its nodes name, not the system UI's; a note says so")
    func androidPackage() throws {
        let (snapshot, notes) = try Self.read(Self.androidList, file: "chat.xml")
        #expect(snapshot.app.key == "com.example.chat")
        #expect(snapshot.app.version == nil)
        #expect(notes.contains { $0.contains("the dump's package, com.example.chat") && $0.contains("--app-key") })
    }

    @Test("an SDK snapshot's app id and version are the snapshot's app")
    func sdkSnapshot() throws {
        let (snapshot, _) = try Self.read(Self.sdkSnapshot, file: "sdk.json")
        #expect(snapshot.app.key == "com.example.shop")
        #expect(snapshot.app.version == "5.4.0")
    }

    @Test("a dump without either has neither; --app-key and --app-version name them, over what a dump says")
    func given() throws {
        let (bare, _) = try Self.read(Self.appium, file: "shop.xml")
        #expect(bare.app.key == nil && bare.app.version == nil)
        let options = ImportOptions(appKey: "shop-ios", appVersion: "5.3.0")
        let (named, _) = try Self.read(Self.appium, file: "shop.xml", options: options)
        #expect(named.app.key == "shop-ios" && named.app.version == "5.3.0")
        let (android, notes) = try Self.read(Self.androidList, file: "chat.xml", options: options)
        #expect(android.app.key == "shop-ios")
        #expect(!notes.contains { $0.contains("package") })
        let (sdk, _) = try Self.read(Self.sdkSnapshot, file: "sdk.json", options: options)
        #expect(sdk.app.version == "5.3.0")
    }

    @Test("an Appium page source's application bundleId (WebDriverAgent writes it on iOS 17 and later) is the app key")
    func bundleId() throws {
        let text = Self.appium.replacingOccurrences(
            of: #"name="Shop" label="Shop""#, with: #"name="Shop" label="Shop" bundleId="com.example.shop""#)
        let (snapshot, notes) = try Self.read(text, file: "shop.xml")
        #expect(snapshot.app.key == "com.example.shop")
        #expect(notes.contains { $0.contains("bundle id, com.example.shop") })
    }

    @Test("a lasso snapshot is named by --app-key and --app-version too")
    func lassoSnapshot() throws {
        let text = """
            {"format": "lasso.snapshot/1", "app": {"key": "old", "version": "1.0"},
             "root": {"class": "UIWindow", "frame": [0, 0, 390, 844]}}
            """
        let (snapshot, _) = try Self.read(
            text, file: "s.json", options: ImportOptions(appKey: "new", appVersion: "2.0"))
        #expect(snapshot.app.key == "new" && snapshot.app.version == "2.0")
    }
}
