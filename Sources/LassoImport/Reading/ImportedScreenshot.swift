import Foundation
import LassoCore

/// A screenshot that a dump carried as base64 text (the SDK snapshots do), kept for the snapshot's `screenshot` field.
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
    public var data: Data? { Data(base64Encoded: base64) }

    /// The screenshot in a dump's base64 text, or nil when the text is empty or not base64.
    public init?(base64 text: String) {
        let compact = String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
        guard !compact.isEmpty, let decoded = Data(base64Encoded: compact) else { return nil }
        base64 = compact
        byteCount = decoded.count
        let head = [UInt8](decoded.prefix(4))
        if head == [0x89, 0x50, 0x4E, 0x47] {
            type = "image/png"
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            type = "image/jpeg"
        } else {
            type = "application/octet-stream"
        }
    }

    /// The screenshot as a snapshot's `screenshot` field holds it: `{"data": base64, "type": media type}`.
    public var json: JSONValue {
        .object(JSONObject(["data": .string(base64), "type": .string(type)]))
    }
}
