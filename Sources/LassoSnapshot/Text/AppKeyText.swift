import Foundation

/// App keys in one Unicode form, NFC, wherever they come in (options, `lasso.json`, snapshots, documents, folder
/// names), so that `café` typed decomposed and `café` composed are one app, one folder and one key on the server.
public enum AppKeyText {
    /// `key` in Unicode Normalization Form C (canonical composition); ASCII comes back as it is.
    public static func normalized(_ key: String) -> String {
        guard !key.utf8.allSatisfy({ $0 < 0x80 }) else { return key }
        return key.precomposedStringWithCanonicalMapping
    }
}
