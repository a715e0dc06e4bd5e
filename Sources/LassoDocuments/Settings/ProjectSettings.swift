import Foundation
import LassoSnapshot

/// The project settings file `lasso.json` in an app repo: app key, server, configs folder, path profile (docs/config-format.md, "Project settings").
///
/// Tokens never live here; they come from the environment.
public struct ProjectSettings: Sendable, Equatable {
    public static let fileName = "lasso.json"

    /// The file it was read from, or nil for the built-in defaults.
    public var file: String?
    public var appKey: String?
    public var server: String?
    /// The configs folder, relative to the settings file's folder when not absolute.
    public var configsDir: String
    /// The rules of lasso's own paths (`notation`, `hash`, `siblingIndex`, `skipClasses`).
    public var profile: PathRules
    /// The SDK profile `"profile"` or `--profile` chose (docs/viewpath.md, "SDK profiles"); nil when neither did.
    public var chosenProfile: SDKProfile?
    /// The SDK whose paths the project's configs speak: the chosen one, else lasso's own.
    public var sdkProfile: SDKProfile { chosenProfile ?? .lasso }
    /// The release screens are of when a dump names none (`"appVersion"`): what the UI offers first when it asks, and
    /// what `config add` takes on such a dump without `--app-version`.
    public var appVersion: String?
    /// Event names the project adds to lasso's own (docs/viewpath.md, "Events").
    public var customEvents: [String]

    public init(
        file: String? = nil, appKey: String? = nil, server: String? = nil, configsDir: String = "kvc-configs",
        profile: PathRules = .standard, customEvents: [String] = []
    ) {
        self.file = file
        self.appKey = appKey
        self.server = server
        self.configsDir = configsDir
        self.profile = profile
        self.customEvents = customEvents
    }

    /// The configs folder as a path usable from the current directory.
    public var resolvedConfigsDir: String {
        guard let file, !configsDir.hasPrefix("/") else { return configsDir }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? configsDir : folder + "/" + configsDir
    }

    /// The settings of an explicit file (`--settings`), else the discovered `lasso.json`, else the defaults.
    public static func resolve(file: String?) throws -> ProjectSettings {
        try file.map { try load($0) } ?? discover()
    }

    /// The configs folder: `override` (`--configs`) when given, else this project's; its expectation says which.
    public func configDirectory(override: String?) -> ConfigDirectory {
        if let override {
            return ConfigDirectory(root: override, expectation: "a configs folder (given with --configs)")
        }
        guard let file else {
            return ConfigDirectory(
                root: resolvedConfigsDir,
                expectation:
                    "a configs folder (the default ./\(configsDir), as no lasso.json was found: give --configs DIR, or set configsDir in lasso.json)"
            )
        }
        return ConfigDirectory(
            root: resolvedConfigsDir,
            expectation: "the configs folder that configsDir of \(file) names (default kvc-configs, beside it)")
    }

    /// The `lasso.json` in `directory` or the nearest folder above it; defaults when there is none.
    public static func discover(from directory: String = FileManager.default.currentDirectoryPath) throws
        -> ProjectSettings
    {
        var folder = (directory as NSString).standardizingPath
        while true {
            let candidate = folder + "/" + fileName
            if FileManager.default.fileExists(atPath: candidate) { return try load(candidate) }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return ProjectSettings() }
            folder = parent
        }
    }

    public static func load(_ path: String) throws -> ProjectSettings {
        let value = try JSONParser.parse(try FileBytes.read(path), file: path)
        return try decode(value, file: path)
    }

    /// The settings a parsed `lasso.json` gives; `file` names it in messages and anchors `configsDir`.
    public static func decode(_ value: JSONValue, file: String) throws(InputError) -> ProjectSettings {
        func fault(_ key: String, _ expected: String, _ found: JSONValue) -> InputError {
            InputError(
                file: file, jsonPath: "$." + key, expected: expected,
                found: found.stringValue.map { "\"\($0)\"" } ?? found.kindDescription)
        }
        guard case .object(let object) = value else {
            throw InputError(file: file, jsonPath: "$", expected: "an object of settings", found: value.kindDescription)
        }
        var settings = ProjectSettings(file: file)
        func text(_ key: String) throws(InputError) -> String? {
            guard let field = object[key], field != .null else { return nil }
            guard case .string(let string) = field, !string.isEmpty else {
                throw fault(key, "a non-empty string", field)
            }
            return string
        }
        settings.appKey = try text("appKey").map(AppKeyText.normalized)
        settings.server = try text("server")
        if let dir = try text("configsDir") { settings.configsDir = dir }
        if let version = try text("appVersion") {
            guard AppVersion(version) != nil else {
                throw fault("appVersion", "a version such as 5.3.0", .string(version))
            }
            settings.appVersion = version
        }
        if let name = try text("profile") {
            guard let parsed = SDKProfile(rawValue: name) else {
                throw fault("profile", "one of \(SDKProfile.names)", .string(name))
            }
            settings.chosenProfile = parsed
        }
        if let notation = try text("notation") {
            guard let parsed = PathNotation(rawValue: notation) else {
                throw fault("notation", "lasso, dash or hubble", .string(notation))
            }
            settings.profile.notation = parsed
        }
        if let hash = try text("hash") {
            guard let parsed = PathRules.Hash(rawValue: hash) else {
                throw fault("hash", "md5 or sha256", .string(hash))
            }
            settings.profile.hash = parsed
        }
        if let sibling = try text("siblingIndex") {
            guard let parsed = PathRules.SiblingIndex(rawValue: sibling) else {
                throw fault("siblingIndex", "same-name or all", .string(sibling))
            }
            settings.profile.siblingIndex = parsed
        }
        if let field = object["skipClasses"], field != .null {
            guard case .array(let items) = field, items.allSatisfy({ $0.stringValue != nil }) else {
                throw fault("skipClasses", "an array of class names", field)
            }
            settings.profile.skipClasses = Set(items.compactMap(\.stringValue))
        }
        if let field = object["events"], field != .null {
            guard case .array(let items) = field, items.allSatisfy({ ($0.stringValue ?? "").isEmpty == false }) else {
                throw fault("events", "an array of event names", field)
            }
            settings.customEvents = items.compactMap(\.stringValue)
        }
        return settings
    }
}
