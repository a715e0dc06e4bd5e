import Foundation

/// A screenshot held in memory: the encoded image's bytes and what kind of image they are.
///
/// Importers whose source carries a screenshot make one of these and put `json` under the snapshot's `screenshot`.
public struct Screenshot: Sendable, Equatable {
    /// The image encodings a snapshot may carry.
    public enum ImageType: String, Sendable, CaseIterable {
        case png = "image/png"
        case jpeg = "image/jpeg"

        /// The type that `bytes` start like, if any: PNG's and JPEG's signatures.
        public static func sniff(_ bytes: some Collection<UInt8>) -> ImageType? {
            if bytes.starts(with: [
                0x89, UInt8(ascii: "P"), UInt8(ascii: "N"), UInt8(ascii: "G"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
                0x1A, UInt8(ascii: "\n"),
            ]) {
                return .png
            }
            if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
            return nil
        }

        /// The type a file name's extension says (`.png`, `.jpg`, `.jpeg`, any letter case).
        public static func of(fileName: String) -> ImageType? {
            switch (fileName as NSString).pathExtension.lowercased() {
            case "png": return .png
            case "jpg", "jpeg": return .jpeg
            default: return nil
            }
        }
    }

    public var bytes: [UInt8]
    public var type: ImageType
    /// The image's size in pixels, when the source says it.
    public var pixelSize: (width: Int, height: Int)?

    public init(bytes: [UInt8], type: ImageType, pixelSize: (width: Int, height: Int)? = nil) {
        self.bytes = bytes
        self.type = type
        self.pixelSize = pixelSize
    }

    public static func == (lhs: Screenshot, rhs: Screenshot) -> Bool {
        lhs.bytes == rhs.bytes && lhs.type == rhs.type && lhs.pixelSize?.width == rhs.pixelSize?.width
            && lhs.pixelSize?.height == rhs.pixelSize?.height
    }

    /// The snapshot's `screenshot` member for this image: `{"data": "<base64>", "type": …, "width": …, "height": …}`.
    public var json: JSONValue {
        var object = JSONObject()
        object["data"] = .string(Data(bytes).base64EncodedString())
        object["type"] = .string(type.rawValue)
        if let pixelSize {
            object["width"] = .int(pixelSize.width)
            object["height"] = .int(pixelSize.height)
        }
        return .object(object)
    }
}
