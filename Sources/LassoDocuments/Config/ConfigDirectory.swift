import LassoSnapshot

/// The configs of a configs folder: one canonical file per config at `<dir>/<appKey>/<keyName>-<first 8 of id>.json`
/// (docs/config-format.md, "File layout").
public typealias ConfigDirectory = DocumentFolder<ConfigCodec>

extension ConfigCodec: FolderDocumentKind {
    public static let kind = DocumentKind.config
    public static let subfolder: String? = nil
    public static let reportsRoot = true
    public static func decodeDocument(_ value: JSONValue, file: String) throws(InputError) -> KVCConfig {
        try decode(value, file: file)
    }
    public static func id(of config: KVCConfig) -> String { config.id }
    public static func appKey(of config: KVCConfig) -> String { config.appKey }
    public static func fileStem(of config: KVCConfig) -> String { config.keyName }
    public static func wrapped(_ config: KVCConfig) -> Document { .config(config) }
    public static func unwrapped(_ document: Document) -> KVCConfig? {
        if case .config(let value) = document { return value }
        return nil
    }

    /// Refuses a config that conflicts with a saved one (same app, event, path, conditions and key name,
    /// overlapping versions), naming each.
    public static func conflictMessage(of config: KVCConfig, in entries: [DocumentEntry<ConfigCodec>]) -> String? {
        let clashes = entries.filter { config.conflicts(with: $0.config) }
        guard !clashes.isEmpty else { return nil }
        let list = clashes.map { "\($0.file) (versions: \($0.config.versions))" }.joined(separator: "; ")
        return
            "conflict: a config with the same app, event, path, conditions and key name \"\(config.keyName)\" already covers some of these versions: \(list)"
    }
}

extension DocumentEntry where Kind == ConfigCodec {
    public init(config: KVCConfig, file: String, fingerprint: FileFingerprint? = nil) {
        self.init(document: config, file: file, fingerprint: fingerprint)
    }

    /// The config (the entry's document, in the configs' word).
    public var config: KVCConfig {
        get { document }
        set { document = newValue }
    }
}
