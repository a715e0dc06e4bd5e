import AsyncHTTPClient
import Crypto
import Foundation
import LassoDocuments
import LassoSnapshot
import Logging
import NIOCore
import NIOHTTP1
import Testing
import _LassoLiveTestSupport
import _LassoTestSupport

@testable import LassoServer

/// A Sensors phone's visualized session on `lasso serve`: paired by the admin, streaming its screens into the snapshot
/// library, sent a config, echoing its events; refused in the SDK's own way (`delay` -1) when its pairing is not
/// open; on SQLite and, when `LASSO_TEST_DATABASE_URL` is set, on PostgreSQL.
@Suite struct LiveSensorsTests {
    static func screen(_ number: Int) -> FakeSensorsPhone.Screen {
        FakeSensorsPhone.Screen(
            page: "com.example.shop.Page\(number % 5)", title: "第\(number)页", button: "加入购物车",
            shade: UInt8(number * 5 % 256))
    }

    /// Pairs a phone of `sdk` and returns its link.
    static func pair(_ server: LiveServer, sdk: String = "sensors-android", project: String = "default") async throws
        -> (id: String, link: String)
    {
        let body = #"{"sdk": "\#(sdk)", "server": "\#(server.base)", "scheme": "sa5d0c9a2b", "project": "\#(project)"}"#
        let reply = try await server.send(.POST, "/v1/live/pairings", body: body, headers: server.auth)
        #expect(reply.status == 201, "\(reply.body)")
        let answer = try JSONParser.parse(Array(reply.body.utf8), file: "answer")
        return (try #require(answer["id"]?.stringValue), try #require(answer["link"]?.stringValue))
    }

    static func screens(_ server: LiveServer, query: String = "") async throws -> [JSONValue] {
        let reply = try await server.send(.GET, "/v1/live/screens?limit=1000" + query, headers: server.auth)
        #expect(reply.status == 200, "\(reply.body)")
        return try JSONParser.parse(Array(reply.body.utf8), file: "answer")["screens"]?.arrayValue ?? []
    }

    /// Streams 50 screens (each posted twice, the second time unchanged) and checks the library, the snapshots and
    /// that every answer is one the SDK reads.
    static func streams(_ store: any DocumentStore, platform: FakeSensorsPhone.Platform) async throws {
        try await LiveServer.with(store) { server in
            let sdk = platform == .android ? "sensors-android" : "sensors"
            let (pairing, link) = try await pair(server, sdk: sdk)
            // The link is what the SDK opens: `sa<scheme>://visualized?feature_code=…&url=…` (SASchemeHelper.java
            // L58-77), the upload URL carrying `project` (SAVisualTools.java L81-97 needs it on Android).
            #expect(link.hasPrefix("sa5d0c9a2b://visualized?feature_code=\(pairing)&url=http%3A%2F%2F127.0.0.1"))
            var phone = try FakeSensorsPhone(platform: platform, link: link)
            #expect(URLComponents(string: phone.upload)?.queryItems?.first { $0.name == "project" }?.value == "default")
            let before = try await screens(server)
            for number in 1...50 {
                let changed = try await phone.post(screen(number))
                #expect(changed.status == 200)
                #expect(changed.answer?["delay"]?.doubleValue == 1, "\(String(describing: changed.answer))")
                let unchanged = try await phone.post(nil)
                #expect(unchanged.status == 200)
                #expect(unchanged.answer?["delay"]?.doubleValue == 1)
            }
            let listed = try await screens(server).filter { $0["pairing"]?.stringValue == pairing }
            #expect(listed.count == 50, "an unchanged screen was kept again, or a screen was lost (\(before.count))")
            let newest = try #require(listed.first)
            #expect(newest["app"]?.stringValue == "com.example.shop")
            #expect(newest["version"]?.stringValue == "5.3.0")
            #expect(newest["screen"]?.stringValue == "com.example.shop.Page0")
            #expect(newest["sdk"]?.stringValue == sdk)
            let ids = listed.compactMap { $0["id"]?.doubleValue }
            #expect(ids == ids.sorted(by: >), "newest first")
            // The screen is a lasso snapshot of the phone's views, with its screenshot, speaking the phone's SDK.
            let id = Int(try #require(newest["id"]?.doubleValue))
            let reply = try await server.send(.GET, "/v1/live/screens/\(id)", headers: server.auth)
            #expect(reply.status == 200)
            let snapshot = try SnapshotLoader.load(bytes: Array(reply.body.utf8), file: "screen")
            #expect(snapshot.app.key == "com.example.shop")
            #expect(snapshot.sdkProfile == (platform == .android ? .sensorsAndroid : .sensors))
            #expect(snapshot.screenshot != nil)
            // Android's element_content is a view's text; iOS's, a button's title (CodelessIOSTree).
            #expect(snapshot.indices.contains { (snapshot.text(of: $0) ?? snapshot.title(of: $0)) == "加入购物车" })
            // Only the admin lists and reads the library.
            #expect(try await server.send(.GET, "/v1/live/screens").status == 401)
            #expect(try await server.send(.GET, "/v1/live/screens/\(id)").status == 401)
        }
    }

    @Test func anAndroidPhoneStreamsFiftyScreens() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await Self.streams(store, platform: .android)
    }

    @Test func anIOSPhoneStreamsFiftyScreens() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await Self.streams(store, platform: .iOS)
    }

    @Test(.enabled(if: Tools.hasPostgres, "needs PostgreSQL: set LASSO_TEST_DATABASE_URL"))
    func aPhoneStreamsIntoPostgreSQL() async throws {
        let url = try #require(Tools.databaseURL)
        var logger = Logger(label: "lasso.test.postgres")
        logger.logLevel = .error
        let store = try PostgresDocumentStore(url: url, logger: logger)
        let pool = Task { await store.run() }
        defer { pool.cancel() }
        try await Self.streams(store, platform: .android)
    }

    /// An unknown secret, an ended pairing and an expired one are told `delay: -1` (the SDK ends its session:
    /// AbstractViewCrawler.java L471-474 `stopUpdates(true)`, SAVisualizedConnection.m L176-179 `close`), and nothing
    /// of their posts is kept.
    @Test func aPairingThatIsNotOpenIsToldToStop() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await LiveServer.with(store) { server in
            let (pairing, link) = try await Self.pair(server)
            var phone = try FakeSensorsPhone(platform: .android, link: link)
            #expect(try await phone.post(Self.screen(1)).answer?["delay"]?.doubleValue == 1)
            // Another secret: never paired.
            let unknown = link.replacingOccurrences(
                of: #"sensors%2F[0-9a-f]{32}"#, with: "sensors%2F" + String(repeating: "ab", count: 16),
                options: .regularExpression)
            var stranger = try FakeSensorsPhone(platform: .android, link: unknown)
            let refused = try await stranger.post(Self.screen(2))
            #expect(refused.status == 200)
            #expect(refused.answer?["delay"]?.doubleValue == -1)
            // Ended by the admin: the phone's next post is told to stop.
            #expect(try await server.send(.DELETE, "/v1/live/pairings/\(pairing)", headers: server.auth).status == 200)
            #expect(try await phone.post(Self.screen(3)).answer?["delay"]?.doubleValue == -1)
            #expect(
                try await server.send(.DELETE, "/v1/live/pairings/000000000000", headers: server.auth).status == 404)
            let kept = try await Self.screens(server)
            #expect(kept.count == 1, "a refused post was kept: \(kept)")
        }
        // Expired: a pairing whose hours have passed (written into the store as one made long ago).
        let (other, _) = try Fixtures.sqliteStore()
        let secret = String(repeating: "c", count: 32)
        try await other.addPairing(
            LivePairing(
                id: "0123456789ab", sdk: .sensorsAndroid, project: "default", appKey: nil,
                created: Date(timeIntervalSinceNow: -7200), expires: Date(timeIntervalSinceNow: -3600),
                secretHash: SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()))
        try await LiveServer.with(other) { server in
            let link =
                "sa1://visualized?feature_code=x&url=" + "\(server.base)/live/sensors/\(secret)?project=default"
                .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            var phone = try FakeSensorsPhone(platform: .android, link: link)
            #expect(try await phone.post(Self.screen(1)).answer?["delay"]?.doubleValue == -1)
            #expect(try await Self.screens(server).isEmpty)
        }
    }

    /// A config sent from the UI reaches the phone in the next answer as `visualized_sdk_config` (an object: iOS asks
    /// it for `count`, SAVisualizedConnection.m L208-213) until the phone says it holds that version; the click the
    /// phone then echoes in `event_debug` is listed with the value the config read.
    @Test(arguments: [FakeSensorsPhone.Platform.android, .iOS])
    func aConfigSentToThePhoneComesBackAsAnEcho(_ platform: FakeSensorsPhone.Platform) async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await LiveServer.with(store) { server in
            let (pairing, link) = try await Self.pair(server, sdk: platform == .android ? "sensors-android" : "sensors")
            var phone = try FakeSensorsPhone(platform: platform, link: link)
            let shown = Self.screen(1)
            _ = try await phone.post(shown)
            let id = Int(try #require(try await Self.screens(server).first?["id"]?.doubleValue))
            let snapshotText = try await server.send(.GET, "/v1/live/screens/\(id)", headers: server.auth).body
            let snapshot = try SnapshotLoader.load(bytes: Array(snapshotText.utf8), file: "screen")
            let profile: SDKProfile = platform == .android ? .sensorsAndroid : .sensors
            let table = PathTable(snapshot)
            let button = try #require(
                snapshot.indices.first { (snapshot.text(of: $0) ?? snapshot.title(of: $0)) == "加入购物车" })
            let config = try Self.config(
                on: button, table: table, profile: profile, keyPath: platform == .android ? "text" : "title")
            let sent = try await server.send(
                .POST, "/v1/live/pairings/\(pairing)/configs", body: JSONWriter.compact(ConfigCodec.json(config)),
                headers: server.auth)
            #expect(sent.status == 202, "\(sent.body) \(ConfigCodec.fileText(config))")
            let answer = try #require(try await phone.post(nil).answer)
            let document = try #require(answer["visualized_sdk_config"]?.objectValue, "\(answer)")
            #expect(document["app_id"]?.stringValue == "com.example.shop")
            #expect(document["project"]?.stringValue == "default")
            #expect(document["os"]?.stringValue == (platform == .android ? "Android" : "iOS"))
            let event = try #require(document["events"]?.arrayValue?.first)
            #expect(event["event_type"]?.stringValue == "appclick")
            let eventName = try #require(event["event_name"]?.stringValue)
            let path = try #require(event["event"]?["element_path"]?.stringValue)
            #expect(event["properties"]?.arrayValue?.first?["name"]?.stringValue == "buttonTitle")
            // The phone holds that version now: it is not sent again.
            #expect(try await phone.post(nil).answer?["visualized_sdk_config"] == nil)
            // A tap: the SDK tracks $AppClick, finds the config, and echoes the event on the next post.
            phone.echoes = [
                FakeSensorsPhone.clickEcho(shown, path: path, eventName: eventName, property: ("buttonTitle", "加入购物车"))
            ]
            let waiting = Task { try await server.send(.GET, "/v1/live/echoes?after=0&wait=20", headers: server.auth) }
            try await Task.sleep(for: .milliseconds(200))
            _ = try await phone.post(nil)
            let echoes = try await waiting.value
            let echo = try #require(
                try JSONParser.parse(Array(echoes.body.utf8), file: "echoes")["echoes"]?.arrayValue?.first,
                "\(echoes.body)")
            #expect(echo["pairing"]?.stringValue == pairing)
            #expect(echo["event"]?.stringValue == eventName)
            #expect(echo["content"]?.stringValue == "加入购物车")
            #expect(echo["properties"]?["buttonTitle"]?.stringValue == "加入购物车")
            // A config a Sensors SDK cannot carry is refused in words.
            var unsent = config
            unsent.viewEvent = "PageView"
            let refused = try await server.send(
                .POST, "/v1/live/pairings/\(pairing)/configs", body: JSONWriter.compact(ConfigCodec.json(unsent)),
                headers: server.auth)
            #expect(refused.status == 422)
            #expect(refused.body.contains("no click"), "\(refused.body)")
        }
    }

    /// A config reading the button's text, as the circle form writes one in the phone's profile.
    static func config(on node: Int, table: PathTable, profile: SDKProfile, keyPath: String) throws -> KVCConfig {
        let dialect = ScreenMatcher(table).dialect(profile)
        let location = try #require(dialect.location(of: node))
        var config = KVCConfig(
            appKey: "com.example.shop", viewEvent: "ButtonClick", pattern: try profile.read(location.path),
            profile: profile, keyPath: keyPath, keyName: "buttonTitle")
        config.sensors = SensorsFields.make(
            keyPath: keyPath, node: node, dialect: dialect, evaluator: KeyPathEvaluator(table.snapshot))
        return config
    }

    /// A screen kept is there for a server started again on the same file; a request that waits for the next screen
    /// is answered when it comes.
    @Test func theLibraryOutlivesARestartAndAWaitEndsWithTheNextScreen() async throws {
        let (store, path) = try Fixtures.sqliteStore()
        let link = try await LiveServer.with(store) { server in
            let (_, link) = try await Self.pair(server)
            var phone = try FakeSensorsPhone(platform: .android, link: link)
            _ = try await phone.post(Self.screen(1))
            return link
        }
        let again = try SQLiteDocumentStore(path: path)
        try await LiveServer.with(again) { server in
            let kept = try await Self.screens(server)
            #expect(kept.count == 1)
            let id = Int(try #require(kept.first?["id"]?.doubleValue))
            // The phone goes on posting to the same URL on the new port: the pairing outlived the restart too.
            let moved = link.replacingOccurrences(
                of: #"127\.0\.0\.1%3A[0-9]+"#, with: "127.0.0.1%3A\(server.port)", options: .regularExpression)
            var phone = try FakeSensorsPhone(platform: .android, link: moved)
            let started = ContinuousClock.now
            let waiting = Task { try await Self.screens(server, query: "&after=\(id)&wait=20") }
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await phone.post(Self.screen(2)).answer?["delay"]?.doubleValue == 1)
            let next = try await waiting.value
            #expect(next.count == 1)
            #expect(ContinuousClock.now - started < .seconds(10), "the wait was not ended by the new screen")
        }
    }

    /// What an attacker may send: a body past the limit, a gzip bomb inside `gzip_payload`, garbage; the server answers
    /// each in words and goes on serving the phone.
    @Test func hostilePostsAreRefusedAndThePhoneGoesOn() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await LiveServer.with(store) { server in
            let (_, link) = try await Self.pair(server)
            var phone = try FakeSensorsPhone(platform: .android, link: link)
            func raw(_ body: [UInt8]) async throws -> (Int, String) {
                var request = HTTPClientRequest(url: phone.upload)
                request.method = .POST
                request.body = .bytes(ByteBuffer(bytes: body))
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
                let bytes = try await response.body.collect(upTo: 1 << 20)
                return (Int(response.status.code), String(buffer: bytes))
            }
            // 64 MB: past the 32 MiB a post may be.
            let (big, _) = try await raw([UInt8](repeating: 0x20, count: 64 << 20))
            #expect(big == 413)
            // 1 GiB of zeros gzipped into ~1 MB, inside the envelope: refused past 64 MiB, not inflated whole.
            let bomb = try FakeSensorsPhone.gzip([UInt8](repeating: 0, count: 200 << 20))
            let envelope =
                #"{"type": "snapshot_response","app_id": "com.example.shop","os": "Android","gzip_payload": ""#
                + Data(bomb).base64EncodedString() + #""}"#
            let (bombed, words) = try await raw(Array(envelope.utf8))
            #expect(bombed == 400)
            #expect(words.contains("inflates to more than 64 MiB"), "\(words)")
            let (garbage, said) = try await raw(Array("not json at all".utf8))
            #expect(garbage == 400)
            #expect(said.contains("snapshot_response"), "\(said)")
            #expect(try await phone.post(Self.screen(1)).answer?["delay"]?.doubleValue == 1)
            #expect(try await Self.screens(server).count == 1)
        }
    }

    /// What a pairing is asked is checked, each wrong member in words; a config the phone's SDK would leave out is
    /// refused, not accepted to be dropped.
    @Test func pairingsAndConfigsSentAreCheckedInWords() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await LiveServer.with(store) { server in
            let cases: [(String, Int, String)] = [
                (#"{"sdk": "sensors", "server": "http://h:1", "scheme": "sa1", "hours": "5"}"#, 400, "hours: expected"),
                (#"{"sdk": "sensors", "server": "http://h:1", "scheme": "sa1", "hours": 0}"#, 400, "hours: expected"),
                (
                    #"{"sdk": "sensors", "server": "http://h:1", "scheme": "sa1", "project": 5}"#, 400,
                    "project: expected"
                ),
                (#"{"sdk": "sensors", "server": "http://h:1", "scheme": "sa"}"#, 400, "scheme: expected"),
                (#"{"sdk": "sensors", "server": "ftp://h:1", "scheme": "sa1"}"#, 400, "server: expected"),
                (#"{"sdk": "sensors", "server": "http://h:1/?x=1", "scheme": "sa1"}"#, 400, "server: expected"),
                (#"{"sdk": "growingio", "server": "http://h:1", "scheme": "growing.1"}"#, 422, "does not answer"),
                (#"{"sdk": "posthog", "server": "http://h:1", "scheme": "sa1"}"#, 400, "sdk: expected one of"),
            ]
            for (body, status, words) in cases {
                let reply = try await server.send(.POST, "/v1/live/pairings", body: body, headers: server.auth)
                #expect(reply.status == status, "\(body): \(reply.status) \(reply.body)")
                #expect(reply.body.contains(words), "\(body): \(reply.body)")
            }
            let body = #"{"sdk": "sensors-android", "server": "http://h:1", "scheme": "sa1"}"#
            #expect(try await server.send(.POST, "/v1/live/pairings", body: body).status == 401)
            // An iOS config for an Android phone: the phone's document would leave it out.
            let (pairing, _) = try await Self.pair(server, sdk: "sensors-android")
            var config = Fixtures.config(appKey: "com.example.shop")
            config.profile = .sensors
            let sent = try await server.send(
                .POST, "/v1/live/pairings/\(pairing)/configs", body: JSONWriter.compact(ConfigCodec.json(config)),
                headers: server.auth)
            #expect(sent.status == 422, "\(sent.body)")
        }
    }

    /// The secret in a phone's upload URL is never written to the access log, however the path is spelt; the admin's
    /// routes are written as they are.
    @Test func theAccessLogNeverWritesThePairingSecret() {
        let secret = String(repeating: "d", count: 32)
        func logged(_ target: String) -> String {
            AnsweredRequest(
                at: Date(), client: nil, method: "POST", target: target, status: 200, bodyBytes: 0, elapsed: .zero
            ).loggedTarget
        }
        for target in [
            "/live/sensors/\(secret)?project=p", "//live/sensors/\(secret)", "/live//sensors/\(secret)",
            "/LIVE/Sensors/\(secret)", "/live/sensors/\(secret)/more",
        ] {
            let line = logged(target)
            #expect(!line.contains("dddd"), "\(target) → \(line)")
            #expect(line.contains("REDACTED"), "\(target) → \(line)")
        }
        #expect(logged("/live/sensors/\(secret)?project=p") == "/live/sensors/REDACTED?project=p")
        #expect(logged("/v1/live/screens/12?limit=5&after=3") == "/v1/live/screens/12?limit=5&after=3")
    }

    /// A screen of more views than any phone shows is refused before it is imported, in words.
    @Test func aScreenOfTooManyViewsIsRefused() async throws {
        let (store, _) = try Fixtures.sqliteStore()
        try await LiveServer.with(store) { server in
            let (_, link) = try await Self.pair(server)
            let phone = try FakeSensorsPhone(platform: .android, link: link)
            let object = #"{"hashCode":1,"index":0,"classes":["android.view.View"],"subviews":[]}"#
            let payload =
                #"{"activities":[{"activity":"A","scale":1,"serialized_objects":{"rootObject":1,"objects":["#
                + Array(repeating: object, count: 50_001).joined(separator: ",")
                + #"]},"image_hash":"x","screenshot":"iVBORw0KGgo="}],"snapshot_time_millis": 1}"#
            let envelope =
                #"{"type": "snapshot_response","app_id": "com.example.shop","os": "Android","gzip_payload": ""#
                + Data(try FakeSensorsPhone.gzip(Array(payload.utf8))).base64EncodedString() + #""}"#
            let reply = try await server.send(.POST, String(phone.upload.dropFirst(server.base.count)), body: envelope)
            #expect(reply.status == 413, "\(reply.body)")
            #expect(reply.body.contains("at most 50000 views on a screen, found 50001"), "\(reply.body)")
            #expect(try await Self.screens(server).isEmpty)
        }
    }
}
