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

    /// A strong ETag: a hash (FNV-1a, 64 bits) of the answer's bytes, so that two answers share a tag only when they
    /// are the same bytes, even when the store's revisions go back (a backup restored): a client holding a tag is
    /// never told `304` for an answer that changed.
    static func etag(of body: ByteBuffer) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body.readableBytesView {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
