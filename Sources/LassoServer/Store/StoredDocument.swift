import LassoDocuments
import LassoSnapshot

/// One document (a config, a hook config, an event definition) as the server keeps it: its canonical file text, its
/// revision, and its version intervals for filtering.
public struct StoredDocument: Sendable, Equatable {
    public var appKey: String
    public var id: String
    /// The text its kind's codec makes (`ConfigCodec.fileText`, …), so that a pull writes the bytes that were pushed.
    public var text: String
    /// Starts at 1 and goes up by one with every change.
    public var revision: Int64
    /// The document's `versions`, for answering "which documents hold version X".
    public var versions: VersionRanges

    public init(appKey: String, id: String, text: String, revision: Int64, versions: VersionRanges) {
        self.appKey = appKey
        self.id = id
        self.text = text
        self.revision = revision
        self.versions = versions
    }
}

/// Everything the store holds of one kind for one app at one moment: the app's data revision and its documents of
/// that kind, sorted by id.
public struct StoredApp: Sendable, Equatable {
    /// Goes up with every change to any of the app's documents, deletes included; 0 for an app never written.
    public var revision: Int64
    public var documents: [StoredDocument]

    public init(revision: Int64, documents: [StoredDocument]) {
        self.revision = revision
        self.documents = documents
    }
}

/// What a write did.
public enum WriteOutcome: Sendable, Equatable {
    case created(revision: Int64, appRevision: Int64)
    case updated(revision: Int64, appRevision: Int64)
    /// The same text was already stored: nothing changed.
    case unchanged(revision: Int64)
    case deleted(appRevision: Int64)
    /// There is no such config to delete.
    case notFound
    /// `If-Match` named a revision that is not the stored one (`current` is nil when the config does not exist).
    case revisionMismatch(current: Int64?)
    /// Another app already has a config of this id: ids are unique across apps, as in a configs folder.
    case idInOtherApp(appKey: String)
}

/// One failure report from an SDK: this config did not work on this app version.
public struct FailureReport: Sendable, Equatable {
    public var appKey: String
    public var configId: String
    public var appVersion: String
    public var keyPath: String
    public var count: Int64
    /// Seconds since 1970.
    public var receivedAt: Double

    public init(
        appKey: String, configId: String, appVersion: String, keyPath: String, count: Int64, receivedAt: Double
    ) {
        self.appKey = appKey
        self.configId = configId
        self.appVersion = appVersion
        self.keyPath = keyPath
        self.count = count
        self.receivedAt = receivedAt
    }
}

/// The reports of one config on one app version and key path, added up.
public struct ReportSummary: Sendable, Equatable {
    public var configId: String
    public var appVersion: String
    public var keyPath: String
    public var count: Int64
    public var reports: Int64
    public var lastReceivedAt: Double
}

extension StoredDocument {
    /// The `versions` column: the config's `versions` array as compact JSON.
    static func versionsColumn(ofText text: String) -> String {
        guard let value = try? JSONParser.parse(Array(text.utf8), file: "stored config"),
            let versions = value["versions"]
        else { return "[]" }
        return JSONWriter.compact(versions)
    }

    /// Reads the `versions` column back; intervals that do not parse are left out.
    static func versions(ofColumn column: String) -> VersionRanges {
        guard let value = try? JSONParser.parse(Array(column.utf8), file: "versions column"),
            let items = value.arrayValue
        else {
            return VersionRanges()
        }
        return VersionRanges(
            items.map { item in
                VersionInterval(
                    from: item["from"]?.stringValue.flatMap(AppVersion.init),
                    until: item["until"]?.stringValue.flatMap(AppVersion.init))
            })
    }
}
