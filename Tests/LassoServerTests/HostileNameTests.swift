import Foundation
import Hummingbird
import HummingbirdTesting
import LassoDocuments
import LassoServer
import LassoSnapshot
import Logging
import Synchronization
import Testing

/// Names and bodies that would make the server keep or print something other than what was meant: control and
/// bidirectional characters in app keys, one app spelt two ways in Unicode, lone UTF-16 surrogates, one config id in
/// two apps; and the details of writes the docs promise (a lower-case `bearer`, `If-Match` on a missing config).
@Suite struct HostileNameTests {
    let auth: HTTPFields = [.authorization: "Bearer \(Fixtures.token)"]

    @Test(arguments: ["shop%C2%9Bios", "shop%C2%85", "%E2%80%AEshop", "shop%D8%9C", "a%E2%80%8Eb", "a%E2%81%A6b"])
    func anAppKeyWithAC1OrBidiControlIs400(encoded: String) async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        let auth = self.auth
        try await app.test(.router) { client in
            let config = Fixtures.config(appKey: encoded.removingPercentEncoding!)
            try await client.execute(
                uri: "/v1/apps/\(encoded)/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(config))
            ) { response in
                #expect(response.status == .badRequest, "\(encoded)")
                #expect(Fixtures.parse(response.body)?["error"]?.stringValue?.contains("bidirectional") == true)
            }
            let report = "{\"configId\":\"\(config.id)\",\"appVersion\":\"5.6.0\",\"keyPath\":\"a\"}"
            try await client.execute(
                uri: "/v1/apps/\(encoded)/reports", method: .post, body: ByteBuffer(string: report)
            ) { #expect($0.status == .badRequest, "\(encoded)") }
        }
    }

    static func encode(_ key: String) -> String { key.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    @Test func composedAndDecomposedSpellingsOfAnAppKeyAreOneApp() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        let auth = self.auth
        let composed = "caf\u{e9}"
        let decomposed = "cafe\u{301}"
        try await app.test(.router) { client in
            let first = Fixtures.config(appKey: decomposed)
            try await client.execute(
                uri: "/v1/apps/\(Self.encode(decomposed))/configs/\(first.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(first))
            ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }
            let second = Fixtures.config(appKey: composed, keyName: "other")
            try await client.execute(
                uri: "/v1/apps/\(Self.encode(composed))/configs/\(second.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(second))
            ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }
            for key in [composed, decomposed] {
                try await client.execute(uri: "/v1/apps/\(Self.encode(key))/configs", method: .get) { response in
                    let configs = Fixtures.parse(response.body)?["configs"]?.arrayValue ?? []
                    #expect(configs.count == 2, "both configs are in one app, whichever spelling asks")
                    // The stored texts name the app in NFC, the spelling of the folder pull makes.
                    #expect(
                        configs.allSatisfy {
                            $0["appKey"]?.stringValue?.unicodeScalars.elementsEqual(composed.unicodeScalars) == true
                        })
                }
            }
        }
        let state = try await store.state(appKey: composed)
        #expect(state.documents.count == 2)
        #expect(try await store.state(appKey: decomposed).documents.isEmpty)
    }

    @Test(arguments: [#"\ud800"#, #"\udc00"#, #"x\ud800y"#, #"\ud800\u0041"#, #"\ud83d"#])
    func aLoneSurrogateInAPutBodyIs400AndNothingIsStored(escape: String) async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        let auth = self.auth
        try await app.test(.router) { client in
            let config = Fixtures.config(note: "NOTE")
            let body = Fixtures.text(config).replacingOccurrences(of: "NOTE", with: escape)
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: body)
            ) { response in
                #expect(response.status == .badRequest)
                let error = Fixtures.parse(response.body)?["error"]?.stringValue ?? ""
                #expect(error.contains("surrogate"), "\(error)")
                #expect(error.contains("request body:"), "\(error)")
            }
        }
        #expect(try await store.state(appKey: "shop-ios").documents.isEmpty)
    }

    @Test func aSurrogatePairIsOneCharacterAndIsStored() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        let auth = self.auth
        try await app.test(.router) { client in
            let config = Fixtures.config(note: "NOTE")
            let body = Fixtures.text(config).replacingOccurrences(of: "NOTE", with: #"\ud83d\ude00 \\ud800"#)
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: body)
            ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }
        }
        #expect(try await store.state(appKey: "shop-ios").documents.first?.text.contains("😀 \\\\ud800") == true)
    }

    @Test func oneConfigIdInTwoAppsIs409() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        let auth = self.auth
        try await app.test(.router) { client in
            let config = Fixtures.config(appKey: "shop-ios")
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(config))
            ) { #expect($0.status == .created) }
            var twin = config
            twin.appKey = "shop-android"
            try await client.execute(
                uri: "/v1/apps/shop-android/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(twin))
            ) { response in
                #expect(response.status == .conflict)
                let error = Fixtures.parse(response.body)?["error"]?.stringValue ?? ""
                #expect(error.contains("found it in app \"shop-ios\""), "\(error)")
            }
            // The first app's config can still be updated.
            var changed = config
            changed.note = "changed"
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put, headers: auth,
                body: ByteBuffer(string: Fixtures.text(changed))
            ) { #expect($0.status == .ok) }
        }
        #expect(try await store.state(appKey: "shop-android").documents.isEmpty)
    }

    @Test(arguments: ["bearer", "BEARER", "bEaReR"])
    func theSchemeIsCaseInsensitive(scheme: String) async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        try await app.test(.router) { client in
            let config = Fixtures.config()
            try await client.execute(
                uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .put,
                headers: [.authorization: "\(scheme) \(Fixtures.token)"],
                body: ByteBuffer(string: Fixtures.text(config))
            ) { #expect($0.status == .created, "\(String(buffer: $0.body))") }
            for header in [
                "\(scheme)\(Fixtures.token)", "\(scheme)\t\(Fixtures.token)", "Bearer  \(Fixtures.token)",
            ] {
                try await client.execute(
                    uri: "/v1/apps/shop-ios/configs/\(config.id)", method: .delete, headers: [.authorization: header]
                ) { #expect($0.status == .unauthorized, "\(header)") }
            }
        }
    }

    @Test(arguments: ["5", "*", "\"3\""])
    func deleteOfAMissingConfigWithIfMatchIs412(header: String) async throws {
        let (store, _) = try Fixtures.sqliteStore()
        let app = Application(router: Fixtures.server(store).router())
        var headers = auth
        headers[.ifMatch] = header
        let ifMatch = headers
        let auth = self.auth
        try await app.test(.router) { client in
            let id = KVCConfig.newID()
            try await client.execute(uri: "/v1/apps/shop-ios/configs/\(id)", method: .delete, headers: ifMatch) {
                response in
                #expect(response.status == .preconditionFailed, "\(header)")
                #expect(Fixtures.parse(response.body)?["error"]?.stringValue?.contains("no such config") == true)
                #expect(Fixtures.parse(response.body)?["revision"] == nil)
            }
            try await client.execute(uri: "/v1/apps/shop-ios/configs/\(id)", method: .delete, headers: auth) {
                #expect($0.status == .notFound)
            }
        }
    }

    @Test func noControlCharacterReachesTheLog() async throws {
        let lines = LogLines()
        var logger = Logger(label: "lasso.test") { _ in LogLines.Handler(lines: lines) }
        logger.logLevel = .trace
        let (store, _) = try Fixtures.sqliteStore()
        let server = ConfigServer(
            host: "127.0.0.1", port: 0, store: store, token: AdminToken(Fixtures.token), logger: logger,
            limits: Fixtures.limits)
        let app = Application(router: server.router(), logger: logger)
        let auth = self.auth
        try await app.test(.router) { client in
            for key in ["shop%C2%9B31m", "%E2%80%AEshop", "caf%C3%A9"] {
                let config = Fixtures.config(appKey: key.removingPercentEncoding!)
                try await client.execute(
                    uri: "/v1/apps/\(key)/configs/\(config.id)", method: .put, headers: auth,
                    body: ByteBuffer(string: Fixtures.text(config))
                ) { _ in }
            }
        }
        let logged = lines.all
        #expect(logged.contains { $0.contains("café") }, "the good write is logged: \(logged)")
        for line in logged {
            #expect(!line.unicodeScalars.contains(where: DisplayText.isEscaped), "\(line.debugDescription)")
        }
    }
}

/// Every line a logger was given, message and metadata, for looking at what a server logs.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func add(_ line: String) { lines.withLock { $0.append(line) } }

    struct Handler: LogHandler {
        let lines: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            lines.add("\(event.message) \(merged.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " "))")
        }
    }
}
