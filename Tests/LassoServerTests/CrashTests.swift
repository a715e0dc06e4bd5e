import Foundation
import LassoDocuments
import LassoSnapshot
import NIOHTTP1
import Testing
import _LassoTestSupport

/// Kills the real `lasso serve` with SIGKILL in the middle of a stream of PUTs, restarts it, and finds every acknowledged one.
@Suite struct CrashTests {
    /// Starts `lasso serve --port 0 --db PATH` and waits for the line that names its port.
    static func startServer(db: String) throws -> (Process, Int) {
        let server = try ServeProcess(db: db, token: Fixtures.token)
        return (server.process, server.port)
    }

    @Test func everyAcknowledgedPutSurvivesKillDashNine() async throws {
        let folder = TestRunFolder.fresh("lasso-crash-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let db = folder + "/store.sqlite"
        let (process, port) = try Self.startServer(db: db)
        let server = LiveServer(port: port)
        let acknowledged = AcknowledgedIDs()
        let writers = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        while !Task.isCancelled {
                            let config = Fixtures.config()
                            // A failed request (the server killed, or slow under load) is simply not acknowledged.
                            guard
                                let reply = try? await server.send(
                                    .PUT, "/v1/apps/shop-ios/configs/\(config.id)", body: Fixtures.text(config),
                                    headers: server.auth)
                            else {
                                try? await Task.sleep(for: .milliseconds(20))
                                continue
                            }
                            if reply.status == 201 { await acknowledged.add(config.id) }
                        }
                    }
                }
            }
        }
        // Kill it mid-stream: once a good number of PUTs were acknowledged (however busy the machine is).
        let deadline = Date().addingTimeInterval(60)
        while await acknowledged.ids.count < 40 && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        writers.cancel()
        _ = await writers.value
        let ids = await acknowledged.ids
        #expect(ids.count > 10, "only \(ids.count) PUTs were acknowledged before the kill")

        let (restarted, newPort) = try Self.startServer(db: db)
        defer {
            restarted.terminate()
            restarted.waitUntilExit()
        }
        let reply = try await LiveServer(port: newPort).send(.GET, "/v1/apps/shop-ios/configs")
        let stored = Set(
            (try JSONParser.parse(Array(reply.body.utf8), file: "reply")["configs"]?.arrayValue ?? []).compactMap {
                $0["id"]?.stringValue
            })
        let missing = ids.subtracting(stored)
        #expect(missing.isEmpty, "\(missing.count) of \(ids.count) acknowledged PUTs are gone after kill -9")
    }

    @Test func sigtermStopsTheServerGracefully() async throws {
        let folder = TestRunFolder.fresh("lasso-term-")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (process, port) = try Self.startServer(db: folder + "/store.sqlite")
        #expect(try await LiveServer(port: port).send(.GET, "/health").status == 200)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}

/// The config ids the server acknowledged, collected from several writers.
actor AcknowledgedIDs {
    var ids = Set<String>()
    func add(_ id: String) { ids.insert(id) }
}
