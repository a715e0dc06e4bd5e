/// A config server's address as `lasso.json` holds it: `http://` or `https://`, a host, no spaces.
public enum ServerAddress {
    public static func isUsable(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: lower.hasPrefix) else { return false }
        let rest = text.dropFirst(scheme.count)
        return !rest.isEmpty && rest.first != "/"
            && !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }
}
