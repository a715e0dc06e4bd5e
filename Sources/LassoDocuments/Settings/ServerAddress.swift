/// A config server's address as `lasso.json` holds it: `http://` or `https://`, a host, no spaces.
public enum ServerAddress {
    private static let schemes = ["http://", "https://"]

    public static func isUsable(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard let scheme = schemes.first(where: lower.hasPrefix) else { return false }
        let rest = text.dropFirst(scheme.count)
        return !rest.isEmpty && rest.first != "/" && !rest.contains("://")
            && !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// An address as a person answers it: spaces at its ends dropped, `http://` put before one written without a
    /// scheme (`127.0.0.1:8080`), and a whole address typed after the `http://` offered (`http://http://…`) taken
    /// as typed.
    public static func answered(_ text: String) -> String {
        var address = Substring(text)
        while address.first?.isWhitespace == true { address.removeFirst() }
        while address.last?.isWhitespace == true { address.removeLast() }
        guard !address.isEmpty else { return "" }
        guard let scheme = schemes.first(where: address.lowercased().hasPrefix) else {
            return address.contains("://") ? String(address) : "http://" + address
        }
        let rest = address.dropFirst(scheme.count)
        return schemes.contains(where: rest.lowercased().hasPrefix) ? String(rest) : String(address)
    }
}
