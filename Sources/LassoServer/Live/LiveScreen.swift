import Foundation

/// One screen a phone streamed, kept in the snapshot library: what `lasso live list` shows of it; its lasso snapshot
/// is read apart (`LiveStore.screenSnapshot`).
public struct LiveScreen: Sendable, Equatable {
    /// Rising with every screen kept: the newest has the highest.
    public var id: Int64
    public var pairing: String
    public var sdk: LiveSDK
    public var appKey: String
    public var version: String?
    /// The SDK's name of the screen (its page: an activity or view controller, else its title).
    public var screen: String
    /// The SDK's hash of the screenshot: an unchanged screen is not kept again.
    public var imageHash: String
    public var time: Date
    /// The stored snapshot's size in bytes.
    public var bytes: Int

    public init(
        id: Int64, pairing: String, sdk: LiveSDK, appKey: String, version: String?, screen: String, imageHash: String,
        time: Date, bytes: Int
    ) {
        self.id = id
        self.pairing = pairing
        self.sdk = sdk
        self.appKey = appKey
        self.version = version
        self.screen = screen
        self.imageHash = imageHash
        self.time = time
        self.bytes = bytes
    }
}
