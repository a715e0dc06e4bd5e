import Foundation
import LassoSnapshot

/// Writing `lasso.json` for a person who was asked for what it lacks (the terminal UI's app-key question): the file's
/// other settings stay as they were, in their order, and the file is written atomically.
public enum SettingsFile {
    /// Sets `appKey` in the settings file `path` (made when there is none) and returns the settings it now holds.
    ///
    /// A file that is there but is not a JSON object of settings is left alone and the error says why, so that a
    /// person's settings are never overwritten by a guess.
    public static func setAppKey(_ appKey: String, in path: String) throws -> ProjectSettings {
        guard SafeName.isSafe(appKey) else {
            throw LassoError(
                .usage,
                "expected an app key usable as a folder name (no '/', not starting with '.'), found \"\(appKey)\"")
        }
        return try set("appKey", .string(AppKeyText.normalized(appKey)), in: path)
    }

    /// Sets `server` (the config server's address) in the settings file `path` the same way.
    public static func setServer(_ server: String, in path: String) throws -> ProjectSettings {
        guard ServerAddress.isUsable(server) else {
            throw LassoError(.usage, "expected a server address such as http://127.0.0.1:8080, found \"\(server)\"")
        }
        return try set("server", .string(server), in: path)
    }

    private static func set(_ key: String, _ value: JSONValue, in path: String) throws -> ProjectSettings {
        var object = JSONObject()
        if FileManager.default.fileExists(atPath: path) {
            let value = try JSONParser.parse(try FileBytes.read(path), file: path)
            guard case .object(let existing) = value else {
                throw InputError(
                    file: path, jsonPath: "$", expected: "an object of settings", found: value.kindDescription)
            }
            // The settings must read before they are written back: a wrong field is said, not carried on.
            _ = try ProjectSettings.decode(value, file: path)
            object = existing
        }
        object[key] = value
        try AtomicFile.write(JSONWriter.pretty(.object(object)) + "\n", to: path)
        return try ProjectSettings.load(path)
    }
}
