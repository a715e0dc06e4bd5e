import Crypto
import Foundation

/// A phone's permission to stream to the server: made by `lasso live pair` (admin token), named in the link the phone
/// opens by a secret only its hash is kept of, ending at `expires` or when ended.
public struct LivePairing: Sendable, Equatable {
    /// The public name of the pairing (in screens, and in the admin routes that end it, send it configs, read echoes).
    public var id: String
    public var sdk: LiveSDK
    /// The Sensors project the app's server URL names (`default` unless told).
    public var project: String
    /// The app the screens must be of, when the pairing names one; nil: the first screen's app.
    public var appKey: String?
    public var created: Date
    public var expires: Date
    /// Set when the session was ended (`DELETE`); the phone is told to stop at its next post.
    public var ended: Bool
    /// SHA-256 of the secret, hex: the secret itself is never stored.
    public var secretHash: String

    public init(
        id: String, sdk: LiveSDK, project: String, appKey: String?, created: Date, expires: Date, ended: Bool = false,
        secretHash: String
    ) {
        self.id = id
        self.sdk = sdk
        self.project = project
        self.appKey = appKey
        self.created = created
        self.expires = expires
        self.ended = ended
        self.secretHash = secretHash
    }

    /// Whether the phone may still post at `now`.
    public func isOpen(at now: Date) -> Bool { !ended && now < expires }

    /// A new random secret: 32 lowercase hex digits (128 bits), safe in a path and a link.
    static func newSecret() -> String { randomHex(bytes: 16) }

    /// A new public id: 12 hex digits.
    static func newID() -> String { randomHex(bytes: 6) }

    /// SHA-256 of `text`, hex: what a secret is found by, and what tells one screenshot from another.
    static func digest(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether `text` could be a secret this server made: 32 hex digits (anything else is refused unlooked-up).
    static func looksLikeSecret(_ text: Substring) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// Whether `text` could be a pairing id: 12 hex digits.
    static func looksLikeID(_ text: String) -> Bool {
        text.utf8.count == 12 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
