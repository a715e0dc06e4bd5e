import LassoSnapshot

/// "Which app is this screen of?": asked once, when a config is saved or a push opened and no app key is known (a dump
/// names none, nor does `lasso.json`), prefilled with the best guess. The answer is written to `lasso.json` for the
/// person, and the save or push goes on from where it was.
public struct AppQuestion: Sendable, Equatable, Form {
    /// What is asked: the app key and version, or the config server's address and write token.
    public enum Kind: Sendable, Equatable {
        case app
        /// The push panel's: the server's address and the write token.
        case server
    }

    /// What the answer lets go on.
    public enum Then: Sendable, Equatable {
        /// The circle form's save (forced with Ctrl-F, or not), on the form the question was asked over.
        case save(force: Bool)
        /// Opening the push panel.
        case push
    }

    /// Every field the question can ask; `fields` are the two of its kind.
    public enum Field: Int, Sendable, CaseIterable, FormField {
        case appKey, version, server, token

        public var label: String {
            switch self {
            case .appKey: return "App key"
            case .version: return "Version"
            case .server: return "Server"
            case .token: return "Token"
            }
        }
    }

    public var kind: Kind
    public var appKey = TextField()
    public var version = TextField()
    /// The config server's address, as `lasso serve` prints it.
    public var server = TextField()
    /// The write token (shown masked), kept in the user's token store.
    public var token = TextField()
    public var field: Field
    public var then: Then
    /// The settings file the answer goes to: `lasso.json` of the project, or a new one in the current folder.
    public var file: String
    public var message: Message?
    /// True once something was typed.
    public var changed = false
    /// Where the version offered in the field comes from when the screen names none ("appVersion in lasso.json"),
    /// said beside the question so that the person checks it; nil when nothing was offered.
    public var versionOffered: String?
    /// True while the runner writes the file.
    public var writing = false
    /// True when the app is known and only the release is asked: the app key is not a field then, so that the
    /// answer cannot change the project's app key.
    public var releaseOnly = false
    /// The version offered in the field (beside `versionOffered`, where it comes from), kept as it was offered.
    public var offeredVersion: String?

    /// "Which app is this screen of?", prefilled with the guess of an app key and the release.
    public init(appKey: String, version: String, then: Then, file: String) {
        kind = .app
        // Both are guesses for the person to check: typing replaces them.
        self.appKey = TextField(offering: appKey)
        self.version = TextField(offering: version)
        field = .appKey
        self.then = then
        self.file = file
    }

    /// "Which server does the push go to?", prefilled with the address known (or `http://`): an offer, which an
    /// address typed whole replaces.
    public init(server: String, then: Then, file: String) {
        kind = .server
        self.server = TextField(offering: server)
        field = .server
        self.then = then
        self.file = file
    }

    /// The fields of this kind of question: the app key and version, the version alone, or the server and token.
    public var fields: [Field] {
        kind == .app ? (releaseOnly ? [.version] : [.appKey, .version]) : [.server, .token]
    }

    /// The text of `field`.
    public func text(_ field: Field) -> TextField {
        switch field {
        case .appKey: appKey
        case .version: version
        case .server: server
        case .token: token
        }
    }

    /// Edits the field the cursor is in, where it is kept (no copy of its text).
    mutating func editActive(_ edit: (inout TextField) -> Void) {
        switch field {
        case .appKey: edit(&appKey)
        case .version: edit(&version)
        case .server: edit(&server)
        case .token: edit(&token)
        }
    }

    /// The best guess of an app key for a screen that names none: what the root of an Appium dump is called (the
    /// app's name), else the file's name without its extension, made usable as a folder name.
    public static func guess(for snapshot: Snapshot) -> String {
        var candidates: [String] = []
        if ClassName.pathName(snapshot.className(of: 0)).hasSuffix("Application") {
            candidates += [snapshot.accessibilityIdentifier(of: 0), snapshot.accessibilityLabel(of: 0)].compactMap {
                $0
            }
        }
        let name = snapshot.file.split(separator: "/").last.map(String.init) ?? snapshot.file
        candidates.append(name.split(separator: ".").first.map(String.init) ?? name)
        for candidate in candidates {
            let slug = String(
                candidate.lowercased().map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" ? $0 : "-" }
            ).split(separator: "-").joined(separator: "-")
            if SafeName.isSafe(slug) { return slug }
        }
        return "app"
    }
}
