import Foundation
import Hummingbird
import HummingbirdTesting
import LassoServer
import Testing

/// docs/openapi.yaml and the router name the same routes and methods: every operation the document lists is a route,
/// and any other method on its path is 405 with an `Allow` field naming the document's methods. (Schemathesis checks
/// the rest against a real server in CI: .ci/schemathesis.sh.)
@Suite struct OpenAPIDocumentTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/openapi.yaml").standardized

    /// Each path of the document and its operations' methods, read from its `paths:` block (two-space path keys,
    /// four-space method keys).
    static func operations() throws -> [(path: String, methods: [String])] {
        let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
        var operations: [(path: String, methods: [String])] = []
        var inPaths = false
        for line in lines {
            if line == "paths:" {
                inPaths = true
            } else if inPaths, !line.hasPrefix(" "), !line.isEmpty {
                break
            } else if inPaths, line.hasPrefix("  /"), line.hasSuffix(":") {
                operations.append((String(line.dropFirst(2).dropLast()), []))
            } else if inPaths,
                let method = ["get", "put", "post", "delete", "patch", "head", "options"].first(where: {
                    line == "    \($0):"
                })
            {
                operations[operations.count - 1].methods.append(method.uppercased())
            }
        }
        return operations
    }

    @Test func everyOperationOfTheDocumentIsARouteAndOtherMethodsAre405() async throws {
        let operations = try Self.operations()
        #expect(operations.count == 21, "\(operations)")
        let (store, _) = try Fixtures.sqliteStore()
        // A pairing and a screen for the live routes that take one.
        try await store.addPairing(
            LivePairing(
                id: "0123456789ab", sdk: .sensors, project: "default", appKey: "shop-ios", created: Date(),
                expires: Date(timeIntervalSinceNow: 3600), secretHash: String(repeating: "0", count: 64)))
        let screen = try await store.keepScreen(
            LiveScreen(
                id: 0, pairing: "0123456789ab", sdk: .sensors, appKey: "shop-ios", version: nil, screen: "Home",
                imageHash: "x", time: Date(), bytes: 0),
            snapshot: Array(#"{"format": "lasso.snapshot/1", "root": {"class": "UIWindow"}}"#.utf8))
        let app = Application(router: Fixtures.server(store).router())
        try await app.test(.router) { client in
            for operation in operations {
                let uri = operation.path.replacingOccurrences(of: "{appKey}", with: "shop-ios")
                    .replacingOccurrences(of: "{id}", with: "3c1f0a9e-5b7d-4c2a-9f1e-2d7b8a6c4e10")
                    .replacingOccurrences(of: "{secret}", with: String(repeating: "ab", count: 16))
                    .replacingOccurrences(of: "{pairing}", with: "0123456789ab")
                    .replacingOccurrences(of: "{screen}", with: String(screen.id))
                for method in ["GET", "HEAD", "PUT", "POST", "DELETE", "PATCH", "OPTIONS", "TRACE"] {
                    try await client.execute(uri: uri, method: HTTPRequest.Method(method)!) { response in
                        if operation.methods.contains(method) {
                            #expect(![404, 405].contains(response.status.code), "\(method) \(uri): \(response.status)")
                            if method == "GET" {
                                #expect(operation.methods.contains("HEAD"), "\(uri): a GET route takes HEAD too")
                            }
                        } else {
                            #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                            let allowed = response.headers[.allow]?.components(separatedBy: ", ").sorted()
                            #expect(allowed == operation.methods.sorted(), "\(method) \(uri)")
                        }
                    }
                }
            }
            for uri in ["/nothing", "/v1/apps//configs", "/v1/apps/shop-ios/configs/a/b", "/v1/apps/shop-ios"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(response.body.readableBytes == 0)
                }
            }
        }
    }
}
