import LassoSnapshot

/// A config file that a release check rewrites: a broken config ended at the new version (`--close-broken`), or a
/// working config that had ended before it carried into it (`--extend`).
public struct ReleaseEdit: Sendable {
    /// Which of the two edits.
    public enum Kind: String, Sendable {
        case closed, extended
    }

    public var entry: ConfigDirectory.Entry
    public var kind: Kind
    /// The config's new versions; nil when the edit cannot be made (`problem` says why).
    public var versions: VersionRanges?
    public var problem: String?
    /// Set when saving failed: the error, kept to decide the exit status.
    public var failure: LassoError?
    /// The file written, once applied.
    public var written: String?

    /// The edits the check's results call for.
    public static func plan(_ check: ReleaseCheck, closeBroken: Bool, extend: Bool) -> [ReleaseEdit] {
        let version = check.window.version
        var edits: [ReleaseEdit] = []
        for result in check.results {
            let config = result.entry.config
            if closeBroken && result.status.isBroken && result.why == .containsVersion {
                if let closed = VersionEdits.closing(config.versions, at: version) {
                    edits.append(ReleaseEdit(entry: result.entry, kind: .closed, versions: closed))
                } else {
                    edits.append(
                        ReleaseEdit(
                            entry: result.entry, kind: .closed, versions: nil,
                            problem:
                                "it starts at \(version), so ending it there would leave no version; remove it with lasso config rm \(config.shortID)"
                        ))
                }
            }
            if extend && !result.status.isBroken && result.why != .containsVersion,
                let extended = VersionEdits.extending(config.versions, to: version)
            {
                edits.append(ReleaseEdit(entry: result.entry, kind: .extended, versions: extended))
            }
        }
        return edits
    }

    /// Saves each edit atomically through the configs directory (which refuses a conflict), one file at a time; the
    /// edits come back with the file written or the problem met. Files of other configs are not touched.
    public static func apply(_ edits: [ReleaseEdit], directory: ConfigDirectory, entries: [ConfigDirectory.Entry])
        -> [ReleaseEdit]
    {
        var current = entries
        return edits.map { edit in
            var edit = edit
            guard let versions = edit.versions else { return edit }
            var config = edit.entry.config
            config.versions = versions
            do throws(LassoError) {
                let path = try directory.save(config, replacing: current)
                edit.written = path
                if let at = current.firstIndex(where: { $0.config.id == config.id }) {
                    current[at] = ConfigDirectory.Entry(config: config, file: path)
                }
            } catch {
                edit.problem = error.message
                edit.failure = error
            }
            return edit
        }
    }

    /// The edit as data.
    public var json: JSONValue {
        var object = JSONObject()
        object["id"] = .string(entry.config.id)
        object["file"] = .string(entry.file)
        object["action"] = .string(kind.rawValue)
        object["before"] = ConfigCodec.json(entry.config.versions)
        object["after"] = versions.map(ConfigCodec.json) ?? .null
        object["written"] = .bool(written != nil)
        if let problem { object["problem"] = .string(problem) }
        return .object(object)
    }
}
