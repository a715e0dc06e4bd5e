import AsyncHTTPClient
import CZlib
import Crypto
import Foundation
import LassoImage
import LassoSnapshot
import NIOCore
import NIOHTTP1

/// A phone running a Sensors Analytics SDK in a visualized session, posting as that SDK's code posts (never through
/// lasso's own reading of it):
/// - Android: sensorsdata/sa-sdk-android@82b48007 `module_visual/…/visual/AbstractViewCrawler.java` and
///   `ViewSnapshot.java` (paths below as `AV/`);
/// - iOS: sensorsdata/sa-sdk-ios@e65ccb2d (4.9.0) `SensorsAnalyticsSDK/Visualized/` (`IV/`).
public struct FakeSensorsPhone: Sendable {
    public enum Platform: Sendable { case android, iOS }

    /// One screen the app shows: a page with a button, and a screenshot of a shade of its own.
    public struct Screen: Sendable {
        public var page: String
        public var title: String
        public var button: String
        public var shade: UInt8

        public init(page: String, title: String, button: String, shade: UInt8) {
            self.page = page
            self.title = title
            self.button = button
            self.shade = shade
        }
    }

    public let platform: Platform
    /// The upload URL as the SDK takes it from the link: `url`, query-decoded (Android decodes it once more:
    /// `AbstractViewCrawler.java` L93; iOS too: `SAVisualizedConnection.m` L248).
    public let upload: String
    public var featureCode: String
    public var appID = "com.example.shop"
    public var appVersion = "5.3.0"
    /// The `version` of the visualized config the app holds (`config_version`: AV L272; IV
    /// `SAVisualizedAbstractMessage.m` config_version).
    public var configVersion: String?
    /// The last screen sent, whose hash an unchanged screen repeats.
    private var lastScreen: Screen?
    /// `event_debug`'s elements waiting for the next post (AV `VisualDebugHelper.java` L76-184: the whole event plus
    /// `event_name`; sent on the next post whether or not the screen changed).
    public var echoes: [String] = []

    public init(platform: Platform, link: String) throws {
        self.platform = platform
        // SASchemeHelper.java L73-77 / SAVisualizedManager.m L181-183: `feature_code` and `url` from the link's query.
        guard let components = URLComponents(string: link),
            let code = components.queryItems?.first(where: { $0.name == "feature_code" })?.value,
            let url = components.queryItems?.first(where: { $0.name == "url" })?.value
        else { throw LinkFailure(link: link) }
        featureCode = code
        upload = url
    }

    /// A link without `feature_code` and `url`: the SDK would not start.
    public struct LinkFailure: Error { public var link: String }

    /// Posts `screen` (nil: the screen as it was) and returns the status and the answer's JSON; takes the answer as
    /// the SDK does: only a 200, `visualized_sdk_config` kept (its `version` becomes `config_version`).
    public mutating func post(_ screen: Screen?) async throws -> (status: Int, answer: JSONValue?) {
        let body = try platform == .android ? androidBody(screen) : iOSBody(screen)
        if let screen { lastScreen = screen }
        echoes = []
        var request = HTTPClientRequest(url: upload)
        request.method = .POST
        // AV L448-454: `Content-type: text/plain`, the body as UTF-8; IV `SAVisualizedConnection.m` L166-171 the same.
        request.headers.add(name: "Content-type", value: "text/plain")
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 16 << 20)
        let answer = try? JSONParser.parse(Array(bytes.readableBytesView), file: "answer")
        // AV L465-480 / IV L172-213: only a 200 is read; `visualized_sdk_config` saved.
        if response.status == .ok, let config = answer?["visualized_sdk_config"], config.objectValue != nil {
            configVersion = config["version"]?.stringValue
        }
        return (Int(response.status.code), answer)
    }

    // MARK: Android

    /// The envelope as AV L258-376 joins it: strings written raw (a `"` in a title is not escaped), `gzip_payload` =
    /// Base64Coder (no line breaks) of GZIPOutputStream's bytes (L311-318), optional fields each after a comma.
    private func androidBody(_ screen: Screen?) throws -> [UInt8] {
        let payload = try androidPayload(screen)
        var text = "{"
        text += "\"type\": \"snapshot_response\","
        text += "\"feature_code\": \"" + featureCode + "\","
        text += "\"app_version\": \"" + appVersion + "\","
        text += "\"lib_version\": \"6.8.0\","
        text += "\"os\": \"Android\","
        text += "\"lib\": \"Android\","
        text += "\"app_id\": \"" + appID + "\","
        text += "\"app_enablevisualizedproperties\": true,"
        text += "\"app_autotrack\": [\"$AppClick\",\"$AppViewScreen\"],"
        if let configVersion { text += "\"config_version\": \"" + configVersion + "\"," }
        text += "\"gzip_payload\": \"" + Data(try Self.gzip(Array(payload.utf8))).base64EncodedString() + "\""
        // screen_name and title only for a screen that changed (ViewSnapshot.java L143-144, L178-179).
        if let screen {
            text += ",\"screen_name\": \"" + screen.page + "\""
            text += ",\"page_name\": \"" + screen.page + "\""
            text += ",\"title\": \"" + screen.title + "\""
        }
        text += ",\"is_webview\": false"
        text += "}"
        return Array(text.utf8)
    }

    /// The payload as AV L288-308 writes it: `{"activities":` the snapshot, `,"snapshot_time_millis": `, then
    /// `,"event_debug": ` when there is any; an unchanged screen is the activity `{}` (ViewSnapshot.java L140, L172).
    private func androidPayload(_ screen: Screen?) throws -> String {
        var text = "{\"activities\":"
        if let screen {
            let png = try PNGCodec.encode(Self.picture(screen.shade))
            let hash = Insecure.MD5.hash(data: Data(png)).map { String(format: "%02X", $0) }.joined()
            // ViewSnapshot.java L145-171: activity, scale, serialized_objects, image_hash, screenshot (PNG, Base64Coder).
            text += "[{\"activity\":" + Self.quoted(screen.page) + ",\"scale\":0.33333334,\"serialized_objects\":"
            text += Self.androidObjects(screen) + ",\"image_hash\":" + Self.quoted(hash) + ",\"screenshot\":\""
            text += Data(png).base64EncodedString() + "\"}]"
        } else {
            text += "[{}]"
        }
        text += ",\"snapshot_time_millis\": 12"
        if !echoes.isEmpty { text += ",\"event_debug\": [" + echoes.joined(separator: ",") + "]" }
        text += "}"
        return text
    }

    /// A DecorView, a LinearLayout and a Button, with the keys ViewSnapshot.java `snapshotView` writes (L289-437),
    /// as JSONObject.toString() does: compact.
    private static func androidObjects(_ screen: Screen) -> String {
        func view(
            _ hash: Int, index: Int, level: Int, selector: String, path: String, content: String?, classes: [String],
            frame: (Int, Int, Int, Int), clickable: Bool, subviews: [Int]
        ) -> String {
            var members = [
                "\"hashCode\":\(hash)", "\"id\":-1", "\"index\":\(index)", "\"element_level\":\(level)",
                "\"element_selector\":" + quoted(selector), "\"screen_name\":" + quoted(screen.page),
                "\"title\":" + quoted(screen.title), "\"element_path\":" + quoted(path),
            ]
            if let content { members.append("\"element_content\":" + quoted(content)) }
            members += [
                "\"is_list_view\":false", "\"element_platform\":\"android\"", "\"top\":\(frame.1)",
                "\"left\":\(frame.0)", "\"width\":\(frame.2)", "\"height\":\(frame.3)", "\"scrollX\":0",
                "\"scrollY\":0",
                "\"visibility\":0", "\"translationX\":0", "\"translationY\":0",
                "\"classes\":[" + classes.map(quoted).joined(separator: ",") + "]",
                "\"importantForAccessibility\":true", "\"clickable\":\(clickable)",
                "\"subviews\":[" + subviews.map(String.init).joined(separator: ",") + "]",
            ]
            return "{" + members.joined(separator: ",") + "}"
        }
        let decor = view(
            11, index: 0, level: 0, selector: "android.widget.FrameLayout[0]", path: "android.widget.FrameLayout",
            content: nil,
            classes: ["com.android.internal.policy.DecorView", "android.widget.FrameLayout", "android.view.View"],
            frame: (0, 0, 1080, 1920), clickable: false, subviews: [12])
        let layout = view(
            12, index: 0, level: 1, selector: "android.widget.FrameLayout[0]/android.widget.LinearLayout[0]",
            path: "android.widget.LinearLayout", content: nil,
            classes: ["android.widget.LinearLayout", "android.view.ViewGroup", "android.view.View"],
            frame: (0, 0, 1080, 1920), clickable: false, subviews: [13])
        let button = view(
            13, index: 0, level: 2,
            selector: "android.widget.FrameLayout[0]/android.widget.LinearLayout[0]/android.widget.Button[0]",
            path: "android.widget.LinearLayout/android.widget.Button", content: screen.button,
            classes: ["android.widget.Button", "android.widget.TextView", "android.view.View"],
            frame: (60, 300, 960, 150), clickable: true, subviews: [])
        return "{\"rootObject\":11,\"objects\":[" + [decor, layout, button].joined(separator: ",") + "]}"
    }

    // MARK: iOS

    /// The envelope as IV `SAVisualizedAbstractMessage.m` L78-182 makes it: a dictionary written by
    /// NSJSONSerialization; without `gzip_payload` for an unchanged screen (`SAVisualizedSnapshotMessage.m` L72-73).
    private func iOSBody(_ screen: Screen?) throws -> [UInt8] {
        var envelope = JSONObject()
        envelope["type"] = .string("snapshot_response")
        envelope["os"] = .string("iOS")
        envelope["lib"] = .string("iOS")
        envelope["lib_version"] = .string("4.9.0")
        envelope["app_id"] = .string(appID)
        envelope["app_version"] = .string(appVersion)
        envelope["feature_code"] = .string(featureCode)
        envelope["app_enablevisualizedproperties"] = .bool(true)
        if let configVersion { envelope["config_version"] = .string(configVersion) }
        if let shown = screen ?? (echoes.isEmpty ? nil : lastScreen) {
            envelope["screen_name"] = .string(shown.page)
            envelope["page_name"] = .string(shown.page)
            envelope["title"] = .string(shown.title)
            // An echo changes the payload's hash, so the whole snapshot goes again (L131-140).
            let payload = try iOSPayload(shown)
            envelope["gzip_payload"] = .string(
                Data(try Self.gzip(Array(JSONWriter.compact(payload).utf8))).base64EncodedString())
        }
        return Array(JSONWriter.compact(.object(envelope)).utf8)
    }

    /// `SAVisualizedSnapshotMessage.m` L109-160: screenshot (JPEG at 0.5, base64), image_hash, serialized_objects
    /// (`{objects: [{id, class, properties}], rootObject}`), event_debug when there is any.
    private func iOSPayload(_ screen: Screen) throws -> JSONValue {
        let jpeg = try JPEGCodec.encode(Self.picture(screen.shade), quality: 50)
        func object(_ id: String, _ classes: [String], _ properties: JSONObject) -> JSONValue {
            .object(
                JSONObject([
                    "id": .string(id), "class": .array(classes.map(JSONValue.string)),
                    "properties": .object(properties),
                ]))
        }
        func frame(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> JSONValue {
            .object(
                JSONObject([
                    "X": .number(String(x)), "Y": .number(String(y)), "Width": .number(String(width)),
                    "Height": .number(String(height)),
                ]))
        }
        let objects: [JSONValue] = [
            object(
                "$1", ["UIWindow", "UIView", "UIResponder", "NSObject"],
                JSONObject([
                    "frame": frame(0, 0, 375, 667), "subelements": .array([.string("$2")]),
                    "element_level": .number("0"),
                ])),
            object(
                "$2", [screen.page, "UIViewController", "UIResponder", "NSObject"],
                JSONObject([
                    "frame": frame(0, 0, 375, 667), "subelements": .array([.string("$3")]),
                    "screen_name": .string(screen.page), "title": .string(screen.title), "element_level": .number("1"),
                ])),
            object(
                "$3", ["UIButton", "UIControl", "UIView", "UIResponder", "NSObject"],
                JSONObject([
                    "frame": frame(20, 100, 335, 44), "subelements": .array([]),
                    "element_content": .string(screen.button), "element_path": .string("UIView/UIButton[0]"),
                    "screen_name": .string(screen.page), "enableAppClick": .bool(true),
                    "element_level": .number("2"),
                ])),
        ]
        var payload = JSONObject()
        payload["screenshot"] = .string(Data(jpeg).base64EncodedString())
        // SACommonUtility.m L67-78: the decimal NSString hash of the base64 (any number does: lasso hashes itself).
        payload["image_hash"] = .string(String(UInt32(screen.shade) &* 2_654_435_761))
        payload["serialized_objects"] = .object(
            JSONObject(["objects": .array(objects), "rootObject": .string("$1")]))
        if !echoes.isEmpty {
            payload["event_debug"] = .array(
                try echoes.map { try JSONParser.parse(Array($0.utf8), file: "echo") })
        }
        return .object(payload)
    }

    // MARK: Helpers

    /// The event the SDK tracks for a click on the screen's button, with the config's property and its event name:
    /// AV `VisualDebugHelper.java` L140-173 (the event's JSON merged, `event_name` added).
    public static func clickEcho(_ screen: Screen, path: String, eventName: String, property: (String, String))
        -> String
    {
        JSONWriter.compact(
            .object(
                JSONObject([
                    "distinct_id": .string("d-1"), "time": .number("1764432000000"), "type": .string("track"),
                    "event": .string("$AppClick"),
                    "properties": .object(
                        JSONObject([
                            "$element_path": .string(path), "$element_content": .string(screen.button),
                            "$screen_name": .string(screen.page), "$lib": .string("Android"),
                            property.0: .string(property.1),
                        ])),
                    "event_name": .string(eventName),
                ])))
    }

    /// JSONObject.quote: a JSON string.
    static func quoted(_ text: String) -> String { JSONWriter.compact(.string(text)) }

    /// A 90×160 picture of one shade: each screen's own screenshot.
    static func picture(_ shade: UInt8) -> RGBImage {
        RGBImage(width: 90, height: 160, pixels: [UInt8](repeating: shade, count: 90 * 160 * 3))!
    }

    /// gzip as GZIPOutputStream and SAGzipUtility (`deflateInit2(…, 15 + 16, …)`) write it.
    public static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw GzipFailure() }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target -> Int in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return -1 }
                return target.count - Int(stream.avail_out)
            }
        }
        guard written >= 0 else { throw GzipFailure() }
        return Array(output[..<written])
    }

    /// zlib would not compress the bytes.
    public struct GzipFailure: Error {}
}
