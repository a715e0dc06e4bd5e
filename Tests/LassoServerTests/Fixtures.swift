import Foundation
import Hummingbird
import LassoDocuments
import LassoServer
import LassoSnapshot
import Logging
import _LassoTestSupport

/// Small configs and stores for the server tests.
enum Fixtures {
    static let token = "test-admin-token"
    static let appKey = "shop-ios"

    /// A valid config's canonical text; `from`/`until` bound its versions.
    static func config(
        id: String = KVCConfig.newID(), appKey: String = appKey, keyName: String = "productId", from: String? = "5.3.0",
        until: String? = nil, note: String? = nil
    ) -> KVCConfig {
        let path = try! PathNotation.parse("HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]")
        var versions = VersionRanges()
        if from != nil || until != nil {
            versions = VersionRanges([
                VersionInterval(from: from.flatMap(AppVersion.init), until: until.flatMap(AppVersion.init))
            ])
        }
        return KVCConfig(
            id: id, appKey: appKey, versions: versions, viewEvent: "ListItemClick", viewPath: path,
            keyPath: "model.productId",
            keyName: keyName, note: note)
    }

    static func text(_ config: KVCConfig) -> String { ConfigCodec.fileText(config) }

    /// The folder of this test run's stores, in the run's folder, which is taken away when the process ends (a
    /// store's folder cannot be removed by its test while the server it started may still be closing it).
    static let storesFolder: String = {
        let folder = TestRunFolder.fresh("stores-")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// A fresh SQLite store in its own folder of `storesFolder`.
    static func sqliteStore() throws -> (SQLiteDocumentStore, String) {
        let folder = storesFolder + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/store.sqlite"
        return (try SQLiteDocumentStore(path: path), path)
    }

    /// The limits of an in-process test server: a minute for each store call, since other tests may hold this
    /// process's few threads for seconds; a test about the store timeout sets its own.
    static let limits = ServerLimits(storeTimeout: .seconds(60))

    static func server(
        _ store: any DocumentStore, token: String? = Fixtures.token, limits: ServerLimits = Fixtures.limits
    ) -> ConfigServer {
        var logger = Logger(label: "lasso.test")
        logger.logLevel = .error
        return ConfigServer(
            host: "127.0.0.1", port: 0, store: store, token: AdminToken(token), logger: logger, limits: limits)
    }

    static func parse(_ buffer: ByteBuffer) -> JSONValue? {
        try? JSONParser.parse(Array(buffer.readableBytesView), file: "response")
    }
}
