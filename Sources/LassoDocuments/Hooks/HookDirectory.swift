import LassoSnapshot

/// The hook configs of a configs folder: one canonical file per config at
/// `<dir>/<appKey>/hooks/<class>-<first 8 of id>.json` (docs/hook-configs.md, "File layout").
public typealias HookDirectory = DocumentFolder<HookCodec>

extension HookCodec: FolderDocumentKind {
    public static let kind = DocumentKind.hook
    public static let subfolder: String? = "hooks"
    /// The configs' own walk of the same folder reports a configs folder that is a file or cannot be read.
    public static let reportsRoot = false
    public static func decodeDocument(_ value: JSONValue, file: String) throws(InputError) -> HookConfig {
        try decode(value, file: file)
    }
    public static func id(of config: HookConfig) -> String { config.id }
    public static func appKey(of config: HookConfig) -> String { config.appKey }
    public static func fileStem(of config: HookConfig) -> String { config.className }
    public static func wrapped(_ config: HookConfig) -> Document { .hook(config) }
    public static func unwrapped(_ document: Document) -> HookConfig? {
        if case .hook(let value) = document { return value }
        return nil
    }

    /// Refuses a hook config of the same class with a selector in common in overlapping versions, naming each.
    public static func conflictMessage(of config: HookConfig, in entries: [DocumentEntry<HookCodec>]) -> String? {
        let clashes = entries.filter { config.conflicts(with: $0.config) }
        guard !clashes.isEmpty else { return nil }
        let list = clashes.map {
            "\($0.file) (selectors: \($0.config.selectors.joined(separator: " ")); versions: \($0.config.versions))"
        }
        .joined(separator: "; ")
        return
            "conflict: a hook config of \(config.className) with a selector in common already covers some of these versions: \(list)"
    }
}

extension DocumentEntry where Kind == HookCodec {
    public init(config: HookConfig, file: String, fingerprint: FileFingerprint? = nil) {
        self.init(document: config, file: file, fingerprint: fingerprint)
    }

    /// The hook config (the entry's document, in the hooks' word).
    public var config: HookConfig {
        get { document }
        set { document = newValue }
    }
}
