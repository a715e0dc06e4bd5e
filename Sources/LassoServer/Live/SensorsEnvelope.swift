import Foundation
import LassoCounting
import LassoSnapshot

/// A Sensors SDK's live post (`type: "snapshot_response"`), read as its code writes it: JSON, or, from Android (which
/// builds the envelope by joining strings, titles unescaped), leniently; its `gzip_payload` decoded when it carries one.
struct SensorsEnvelope: Sendable {
    var os: String?
    var appID: String?
    var appVersion: String?
    var screenName: String?
    var pageName: String?
    var title: String?
    var featureCode: String?
    /// The visualized config version the app holds (`config_version`): the server sends its own until they agree.
    var configVersion: String?
    /// base64(gzip(payload)); nil for an unchanged screen from iOS.
    var gzipPayload: String?

    /// The fields read, named as the SDKs write them (sa-sdk-ios `SAVisualizedAbstractMessage.m` L78-182, sa-sdk-android
    /// `AbstractViewCrawler.java` L258-376).
    static let fields = [
        "os", "app_id", "app_version", "screen_name", "page_name", "title", "feature_code", "config_version",
        "gzip_payload",
    ]

    /// Why a post could not be read.
    struct Fault: Error, Sendable { var message: String }

    /// The envelope in `body`: strict JSON first; a body that is not (an unescaped quote in a title) read member by
    /// member for the fields above.
    static func read(_ body: [UInt8]) throws(Fault) -> SensorsEnvelope {
        var values: [String: String] = [:]
        if let document = try? JSONParser.parse(body, file: "post"), let object = document.objectValue {
            guard object["type"]?.stringValue.map({ $0 == "snapshot_response" }) ?? true else {
                throw Fault(
                    message:
                        "type: expected \"snapshot_response\", found \"\(object["type"]?.stringValue?.prefix(60) ?? "")\""
                )
            }
            for field in fields {
                if let value = object[field] {
                    values[field] = value.stringValue ?? (value.isNull ? nil : value.plainText)
                }
            }
        } else {
            let text = String(decoding: body, as: UTF8.self)
            guard text.contains("\"snapshot_response\"") else {
                throw Fault(
                    message: "expected a Sensors snapshot_response (JSON), found \(body.count) bytes of something else")
            }
            for field in fields { values[field] = Self.lenientValue(of: field, in: text) }
        }
        return SensorsEnvelope(
            os: values["os"], appID: values["app_id"], appVersion: values["app_version"],
            screenName: values["screen_name"], pageName: values["page_name"], title: values["title"],
            featureCode: values["feature_code"], configVersion: values["config_version"],
            gzipPayload: values["gzip_payload"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The string value of `"key":` in text that is almost JSON: it runs to the `"` that is followed by `,"name":`
    /// or by `}`; a number or `null` runs to the next `,` or `}`.
    static func lenientValue(of key: String, in text: String) -> String? {
        guard let keyRange = text.range(of: "\"\(key)\"") else { return nil }
        var rest = text[keyRange.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        if rest.first != "\"" {
            let value = rest.prefix { $0 != "," && $0 != "}" }.trimmingCharacters(in: .whitespacesAndNewlines)
            return value == "null" || value.isEmpty ? nil : value
        }
        let inner = rest.dropFirst()
        var index = inner.startIndex
        while let quote = inner[index...].firstIndex(of: "\"") {
            let after = inner[inner.index(after: quote)...].drop { $0 == " " || $0 == "\n" || $0 == "\r" }
            if after.isEmpty || after.first == "}" || Self.startsMember(after) {
                return Self.unescaped(String(inner[inner.startIndex..<quote]))
            }
            index = inner.index(after: quote)
        }
        return nil
    }

    /// Whether `text` starts `,"name":`.
    private static func startsMember(_ text: Substring) -> Bool {
        guard text.first == "," else { return false }
        let next = text.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\r" }
        guard next.first == "\"" else { return false }
        let name = next.dropFirst().prefix { $0 != "\"" }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }) else {
            return false
        }
        let tail = next.dropFirst(name.count + 2).drop { $0 == " " }
        return tail.first == ":"
    }

    /// JSON's escapes taken out where they read as such; the rest left as written.
    private static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        if let value = try? JSONParser.parse(Array("\"\(text)\"".utf8), file: "value").stringValue { return value }
        return text
    }

    /// The payload's bytes: `gzip_payload` base64-decoded (line breaks and all, as iOS and Android's `Base64.DEFAULT`
    /// write them), then gunzipped, at most `limit` bytes.
    func payload(limit: Int) throws(Fault) -> [UInt8]? {
        guard let gzipPayload else { return nil }
        let text = Array(gzipPayload.utf8)
        let decoded = text.withUnsafeBufferPointer { Base64.decode($0) }
        guard case .success(let gzip) = decoded else {
            if case .failure(let fault) = decoded { throw Fault(message: "gzip_payload: expected base64, \(fault)") }
            return nil
        }
        switch Gunzip.inflate(gzip, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.tooLarge(let limit)):
            throw Fault(
                message: "gzip_payload: inflates to more than \(limit / (1 << 20)) MiB, the most a screen may be")
        case .failure(.notGzip(let why)): throw Fault(message: "gzip_payload: expected gzip inside the base64, \(why)")
        }
    }

    /// The name the library gives the screen: the SDK's screen name, else its page name or title.
    var screen: String {
        for name in [screenName, pageName, title] { if let name, !name.isEmpty { return name } }
        return "screen"
    }
}
