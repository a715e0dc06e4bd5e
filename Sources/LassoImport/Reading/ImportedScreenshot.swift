import Foundation
import LassoSnapshot

/// A screenshot that a dump carried as base64 text (the SDK snapshots do), kept for the snapshot's `screenshot` field.
///
/// The text is checked and measured where it lies, and only its first bytes are decoded (to tell a PNG from a JPEG):
/// a 50 MB screenshot costs its text once, however it is kept and written.
public struct ImportedScreenshot: Sendable, Equatable {
    /// The base64 text with the line breaks some SDKs put in it taken out.
    public var base64: String
    /// The image's media type, judged from its first bytes: `image/png`, `image/jpeg`, or `application/octet-stream`
    /// for anything else (which a snapshot cannot hold: see `isImage`).
    public var type: String
    /// The number of bytes the base64 text decodes to.
    public var byteCount: Int

    /// Whether the bytes are a PNG or a JPEG, the only screenshots a snapshot holds.
    public var isImage: Bool { type != "application/octet-stream" }

    /// The decoded image bytes.
    public var data: Data? {
        var text = base64
        guard case .success(let bytes) = text.withUTF8({ Base64.decode($0) }) else { return nil }
        return Data(bytes)
    }

    /// The screenshot in a dump's base64 text, or nil when the text is empty or not base64.
    public init?(base64 text: String) {
        guard case .success(let screenshot) = Self.read(base64: text) else { return nil }
        self = screenshot
    }

    private init(base64: String, summary: Base64.Summary) {
        self.base64 = base64
        byteCount = summary.byteCount
        type = Screenshot.ImageType.sniff(summary.head)?.rawValue ?? "application/octet-stream"
    }

    /// The screenshot in a dump's base64 text, or why the text is not one.
    public static func read(base64 text: String) -> Result<ImportedScreenshot, Base64.Fault> {
        var text = text
        let summary = text.withUTF8 { Base64.summary($0) }
        switch summary {
        case .failure(let fault): return .failure(fault)
        case .success(let summary):
            let hasSpace = text.utf8.contains {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n")
                    || $0 == UInt8(ascii: "\r")
            }
            return .success(ImportedScreenshot(base64: hasSpace ? compacted(text) : text, summary: summary))
        }
    }

    /// `text` without its spaces and line breaks, written once into a string of its final size.
    private static func compacted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { source in
            let kept = source.lazy.filter {
                !($0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n")
                    || $0 == UInt8(ascii: "\r"))
            }.count
            return String(unsafeUninitializedCapacity: kept) { buffer in
                var index = 0
                for byte in source
                where
                    !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                    || byte == UInt8(ascii: "\r"))
                {
                    buffer[index] = byte
                    index += 1
                }
                return index
            }
        }
    }

    /// The screenshot as a snapshot's `screenshot` field holds it: `{"data": base64, "type": media type}`.
    public var json: JSONValue {
        .object(JSONObject(["data": .string(base64), "type": .string(type)]))
    }
}
