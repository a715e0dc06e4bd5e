/// The app a snapshot was taken from (docs/snapshot-format.md, `app`).
public struct AppInfo: Sendable, Equatable {
    public var key: String?
    public var version: String?
    public var build: String?
    public var platform: String?
    public init(key: String? = nil, version: String? = nil, build: String? = nil, platform: String? = nil) {
        self.key = key
        self.version = version
        self.build = build
        self.platform = platform
    }
}

/// The device screen a snapshot was taken on, in points (docs/snapshot-format.md, `screen`).
public struct ScreenInfo: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var scale: Double?
    public init(width: Double, height: Double, scale: Double? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
    }
}
