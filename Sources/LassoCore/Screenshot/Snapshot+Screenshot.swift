import Foundation

extension Snapshot {
    /// The bytes of an embedded screenshot, decoded from its base64 text; nil when there is none or the text is not base64.
    public func screenshotData() -> [UInt8]? {
        guard let reference = screenshot, reference.isEmbedded, let text = string(reference.data) else { return nil }
        return Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { [UInt8]($0) }
    }
}
