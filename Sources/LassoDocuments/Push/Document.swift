import LassoSnapshot

/// A kind of document lasso keeps per app, in the configs folder and on the server: KVC configs, named event
/// definitions and method-hook configs. Adding a kind is a case here and in ``Document`` (its codec and its file); the server's stores make
/// its table, its routes and `push`/`pull` follow from `allCases`.
public enum DocumentKind: String, Sendable, Hashable, CaseIterable {
    case config
    case event
    case hook

    /// The route segment, the JSON key of a listing and the stores' table stem: `configs`, `events`.
    public var plural: String {
        switch self {
        case .config: "configs"
        case .event: "events"
        case .hook: "hooks"
        }
    }

    /// How a message names one: "config", "event definition".
    public var noun: String {
        switch self {
        case .config: "config"
        case .event: "event definition"
        case .hook: "hook config"
        }
    }

    /// Reads one document of this kind from JSON, checking every field as its codec does.
    public func decode(_ value: JSONValue, file: String, base: String = "$") throws(InputError) -> Document {
        switch self {
        case .config: .config(try ConfigCodec.decode(value, file: file, base: base))
        case .event: .event(try EventDefinitionCodec.decode(value, file: file, base: base))
        case .hook: .hook(try HookCodec.decode(value, file: file, base: base))
        }
    }
}

/// One document of any kind, with what the server, `push` and `pull` need of it whatever its kind.
public enum Document: Sendable, Equatable {
    case config(KVCConfig)
    case event(EventDefinition)
    case hook(HookConfig)

    public var kind: DocumentKind {
        switch self {
        case .config: .config
        case .event: .event
        case .hook: .hook
        }
    }

    public var id: String {
        switch self {
        case .config(let config): config.id
        case .event(let definition): definition.id
        case .hook(let hook): hook.id
        }
    }

    public var appKey: String {
        get {
            switch self {
            case .config(let config): config.appKey
            case .event(let definition): definition.appKey
            case .hook(let hook): hook.appKey
            }
        }
        set {
            switch self {
            case .config(var config):
                config.appKey = newValue
                self = .config(config)
            case .event(var definition):
                definition.appKey = newValue
                self = .event(definition)
            case .hook(var hook):
                hook.appKey = newValue
                self = .hook(hook)
            }
        }
    }

    public var versions: VersionRanges {
        switch self {
        case .config(let config): config.versions
        case .event(let definition): definition.versions
        case .hook(let hook): hook.versions
        }
    }

    /// The name in its file name: a config's key name, a definition's key, a hook config's class.
    public var label: String {
        switch self {
        case .config(let config): config.keyName
        case .event(let definition): definition.key
        case .hook(let hook): hook.className
        }
    }

    /// The canonical file text, the bytes the server keeps and a pull writes.
    public var text: String {
        switch self {
        case .config(let config): ConfigCodec.fileText(config)
        case .event(let definition): EventDefinitionCodec.fileText(definition)
        case .hook(let hook): HookCodec.fileText(hook)
        }
    }

    /// The fields of its file that no version of lasso reads (kept as they came, in order).
    public var unknownFields: [String] {
        switch self {
        case .config(let config): config.otherFields.members.map(\.key).filter { !ConfigCodec.knownKeys.contains($0) }
        case .event(let definition):
            definition.otherFields.members.map(\.key).filter { !EventDefinitionCodec.knownKeys.contains($0) }
        case .hook(let hook): hook.otherFields.members.map(\.key).filter { !HookCodec.knownKeys.contains($0) }
        }
    }

    /// Where the document's file belongs in the configs folder `root`.
    public func file(in root: String) -> String {
        switch self {
        case .config(let config): ConfigDirectory(root: root).file(for: config)
        case .event(let definition): EventDirectory(root: root).file(for: definition)
        case .hook(let hook): HookDirectory(root: root).file(for: hook)
        }
    }
}

extension DocumentKind {
    /// The codec that keeps documents of this kind in the configs folder: the walk, save and lookup of every kind
    /// are `DocumentFolder` of it.
    public var folderKind: any FolderDocumentKind.Type {
        switch self {
        case .config: ConfigCodec.self
        case .event: EventDefinitionCodec.self
        case .hook: HookCodec.self
        }
    }
}
