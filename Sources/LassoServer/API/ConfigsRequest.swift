/// The SDK's question `GET /v1/apps/{appKey}/configs?version=V`, read off a request target (path and query) without
/// copying or allocating, so that an answer kept in the cache can be found for it as it arrives.
///
/// Only the plain form is recognised: the app key without `%` escapes, and a query of the one member `version`, whose
/// value has no `%` escape either (so it is the version as given). Anything else (an escaped name, a repeated or extra
/// query member) is left to the router's full reading, which says what is wrong with it.
struct ConfigsRequest {
    /// The app key: the path segment after `/v1/apps/`.
    var appKey: Substring
    /// The `version` query value as sent.
    var version: Substring

    private static let prefix = Array("/v1/apps/".utf8)
    private static let middle = Array("/configs?version=".utf8)

    /// Reads `target` (`/v1/apps/shop-ios/configs?version=5.4.1`), or nil when it is not that question in its plain form.
    init?(target: String) {
        let bytes = target.utf8
        guard bytes.starts(with: Self.prefix) else { return nil }
        let keyStart = bytes.index(bytes.startIndex, offsetBy: Self.prefix.count)
        guard let keyEnd = bytes[keyStart...].firstIndex(of: UInt8(ascii: "/")), keyEnd > keyStart,
            bytes[keyEnd...].starts(with: Self.middle)
        else { return nil }
        let versionStart = bytes.index(keyEnd, offsetBy: Self.middle.count)
        let key = bytes[keyStart..<keyEnd]
        let version = bytes[versionStart...]
        guard !key.contains(UInt8(ascii: "%")), !key.contains(UInt8(ascii: "?")),
            !version.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "#") })
        else { return nil }
        appKey = Substring(key)
        self.version = Substring(version)
    }
}
