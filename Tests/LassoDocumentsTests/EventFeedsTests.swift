import LassoDocuments
import LassoSnapshot
import Testing

/// Which configs feed a definition's content (`EventFeeds`), and when two paths can name one view (`overlaps`).
@Suite("Which configs feed an event definition")
struct EventFeedsTests {
    static func path(_ text: String) throws -> ViewPath { try PathNotation.parse(text) }

    @Test(
        "two paths overlap when some view fits both",
        arguments: [
            ("A[0]/B[*]", "A[0]/B[2]", true), ("A[0]/B[1]", "A[0]/B[2]", false), ("A[0]/C[0:*]", "A[0]/C[1:3]", false),
            ("A[0]/C[*:3]", "A[0]/C[1:*]", true), ("A[0]/C[*]", "A[0]/C[1:2]", true),
            ("A[0]/B[0]", "A[0]/B[0]/D[0]", false),
            ("A[0]/B[0]", "A[0]/X[0]", false), ("A@hot[0]/B[0]", "A[0]/B[0]", false),
        ])
    func overlaps(first: String, second: String, expected: Bool) throws {
        #expect(try Self.path(first).overlaps(try Self.path(second)) == expected)
        #expect(try Self.path(second).overlaps(try Self.path(first)) == expected)
    }

    @Test("a config feeds a definition of its app and event whose versions and location overlap its own")
    func feeding() throws {
        let definition = try EventDefinitionTests.hotEntrance()
        func config(
            _ path: String, keyName: String = "entranceTitle", event: String = "ButtonClick", until: String? = nil,
            app: String = "shop-ios"
        ) throws -> KVCConfig {
            KVCConfig(
                appKey: app, versions: VersionRanges([VersionInterval(until: until.flatMap(AppVersion.init))]),
                viewEvent: event, viewPath: try Self.path(path), keyPath: "titleLabel.text", keyName: keyName)
        }
        let place = "HomeViewController[0]/UIView[0]/EntranceBar[0]/EntranceButton[2]"
        #expect(EventFeeds(definition, configs: [try config(place)]).unfedKeys.isEmpty)
        #expect(EventFeeds(definition, configs: [try config(place, keyName: "other")]).unfedKeys == ["entranceTitle"])
        #expect(EventFeeds(definition, configs: [try config(place, event: "ViewTap")]).feeding.isEmpty)
        #expect(EventFeeds(definition, configs: [try config(place, until: "5.3.0")]).feeding.isEmpty)
        #expect(EventFeeds(definition, configs: [try config(place, app: "shop-android")]).feeding.isEmpty)
        var sdkOnly = definition
        sdkOnly.content = [
            ContentCondition(key: "title", .equals("a")), ContentCondition(key: "state.selected", .equals("true")),
            ContentCondition(key: "text", .contains("b")),
        ]
        #expect(EventFeeds(sdkOnly, configs: []).unfedKeys.isEmpty)
    }
}
