import Foundation
import LassoSnapshot

/// Write tokens a person gave the terminal UI, kept out of the project folder: in `tokens.json` of the user's lasso
/// folder (`$XDG_CONFIG_HOME/lasso`, else `~/.config/lasso`), one token per server address, the file mode 0600 and
/// its folder 0700. `LASSO_TOKEN`, when set, wins over it.
public struct TokenStore: Sendable {
    /// The file the tokens are kept in.
    public let file: String

    public init(file: String) { self.file = file }

    /// The store of this user, from the environment (`XDG_CONFIG_HOME`, `HOME`); nil when neither is set.
    public static func user(environment: [String: String] = ProcessInfo.processInfo.environment) -> TokenStore? {
        let base: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = config
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.config"
        } else {
            return nil
        }
        return TokenStore(file: base + "/lasso/tokens.json")
    }

    /// The token kept for `server`, if any (a file that cannot be read keeps none).
    public func token(for server: String) -> String? {
        guard let bytes = try? FileBytes.read(file),
            case .object(let tokens)? = try? JSONParser.parse(bytes, file: file),
            case .string(let token)? = tokens[server], !token.isEmpty
        else { return nil }
        return token
    }

    /// Keeps `token` for `server`, beside the others, in a file only this user can read.
    public func save(_ token: String, for server: String) throws {
        var tokens = JSONObject()
        if FileManager.default.fileExists(atPath: file) {
            let value = try JSONParser.parse(try FileBytes.read(file), file: file)
            guard case .object(let existing) = value else {
                throw InputError(
                    file: file, jsonPath: "$", expected: "an object of tokens", found: value.kindDescription)
            }
            tokens = existing
        }
        tokens[server] = .string(token)
        let folder = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try AtomicFile.write(JSONWriter.pretty(.object(tokens)) + "\n", to: file, mode: 0o600)
    }
}
