import Foundation
import Hummingbird
import LassoDocuments
import LassoSnapshot

/// The JSON bodies the configs API sends (and the other kinds' listings, under their own key), and their ETags.
enum ConfigBodies {
    /// `{"appKey", "version", "configs": […]}` of the configs whose intervals contain `version`.
    static func forVersion(
        appKey: String, version: String, parsed: AppVersion, state: StoredApp, key: String = "configs"
    ) -> ByteBuffer {
        var text = "{\"appKey\":"
        JSONWriter.writeString(appKey, into: &text)
        text += ",\"version\":"
        JSONWriter.writeString(version, into: &text)
        text += ",\"" + key + "\":["
        var first = true
        for config in state.documents where config.versions.contains(parsed) {
            guard let value = try? JSONParser.parse(Array(config.text.utf8), file: "stored config") else { continue }
            if !first { text += "," }
            first = false
            text += JSONWriter.compact(value)
        }
        text += "]}\n"
        return ByteBuffer(string: text)
    }

    /// `{"appKey", "revision", "configs": […]}` of every config, each with its `revision`.
    static func all(appKey: String, state: StoredApp, key: String = "configs") -> JSONValue {
        var configs: [JSONValue] = []
        for config in state.documents {
            guard case .object(var object)? = try? JSONParser.parse(Array(config.text.utf8), file: "stored config")
            else { continue }
            object["revision"] = .number(String(config.revision))
            configs.append(.object(object))
        }
        return .object(
            JSONObject([
                "appKey": .string(appKey), "revision": .number(String(state.revision)), key: .array(configs),
            ]))
    }

    /// A strong ETag: a hash (FNV-1a, 64 bits) of the app key, the app's data revision and the version asked for.
    static func etag(appKey: String, revision: Int64, version: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(appKey)\u{0}\(revision)\u{0}\(version)".utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
