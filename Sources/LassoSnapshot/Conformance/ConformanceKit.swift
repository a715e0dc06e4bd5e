/// The answers of the SDK conformance kit for one fixture (docs/sdk-conformance.md): for every view its path in each
/// notation and each SDK profile lasso speaks, its viewIds, and the kit's configs that match it with their values.
public struct ConformanceKit: Sendable {
    public let fixture: ConformanceFixture
    public let snapshot: Snapshot

    public init(_ fixture: ConformanceFixture) throws {
        self.fixture = fixture
        snapshot = try SnapshotLoader.load(bytes: Array(fixture.snapshot.utf8), file: fixture.name + ".snapshot.json")
    }

    /// The kit's version of its JSON, for an SDK's tests to check they read what they expect.
    public static let format = "lasso.conformance/1"

    /// The expected answers as one JSON document.
    public func expected() throws -> JSONValue {
        let table = PathTable(snapshot)
        let matcher = PathMatcher(table)
        let evaluator = KeyPathEvaluator(snapshot)
        let dialects = SDKProfile.allCases.compactMap { profile -> (any PathDialect)? in
            let dialect = profile.dialect(for: snapshot)
            // A profile whose dialect has not landed speaks lasso's: left out rather than stated wrongly.
            return dialect.profile == profile && profile != .lasso ? dialect : nil
        }
        var configMatches: [[Int]] = []
        var configs: [JSONValue] = []
        for config in fixture.configs {
            let path = try PathNotation.parse(config.viewPath)
            let matches = matcher.matches(path, event: config.event, conditions: config.conditions)
            configMatches.append(matches)
            var object = JSONObject()
            object["name"] = .string(config.name)
            object["viewPath"] = .string(config.viewPath)
            object["viewId"] = .string(ViewId.make(path))
            object["event"] = .string(config.event)
            object["conditions"] = .object(
                JSONObject(config.conditions.map { .init(key: $0.key, value: .string($0.value)) }))
            object["keyPath"] = .string(config.keyPath)
            object["matches"] = .array(matches.map { .int($0) })
            object["values"] = .array(matches.map { evaluator.evaluate(config.keyPath, on: $0).value ?? .null })
            configs.append(.object(object))
        }
        var views: [JSONValue] = []
        for node in snapshot.indices {
            var view = JSONObject()
            view["index"] = .int(node)
            view["id"] = snapshot.nodeID(of: node).map { .string($0) } ?? .null
            view["class"] = .string(snapshot.className(of: node))
            let path = table.path(of: node)
            view["paths"] = .object(
                JSONObject(PathNotation.allCases.map { .init(key: $0.rawValue, value: .string($0.write(path))) }))
            view["viewIds"] = .object(
                JSONObject(
                    PathRules.Hash.allCases.map { .init(key: $0.rawValue, value: .string(ViewId.make(path, hash: $0))) }
                ))
            var profiles = JSONObject()
            for dialect in dialects {
                var entry = JSONObject()
                let location = dialect.location(of: node)
                entry["path"] = location.map { .string($0.path) } ?? .null
                entry["anyRow"] = dialect.anyRowLocation(of: node).map { .string($0.path) } ?? .null
                // The fields the SDK sends beside the path, by the SDK's own names ($screen_name, xcontent, …).
                entry["fields"] = .object(
                    JSONObject((location?.fields ?? []).map { .init(key: $0.name, value: .string($0.value)) }))
                profiles[dialect.profile.rawValue] = .object(entry)
            }
            view["profiles"] = .object(profiles)
            var matched: [JSONValue] = []
            for (config, matches) in zip(fixture.configs, configMatches) where matches.contains(node) {
                matched.append(
                    .object(
                        JSONObject([
                            "name": .string(config.name),
                            "value": evaluator.evaluate(config.keyPath, on: node).value ?? .null,
                        ])))
            }
            view["configs"] = .array(matched)
            views.append(.object(view))
        }
        return .object(
            JSONObject([
                "format": .string(Self.format),
                "fixture": .string(fixture.name),
                "snapshot": .string(fixture.name + ".snapshot.json"),
                "covers": .string(fixture.covers),
                "rules": .object(
                    JSONObject([
                        "skipClasses": .array(PathRules.standard.skipClasses.sorted().map { .string($0) }),
                        "siblingIndex": .string(PathRules.standard.siblingIndex.rawValue),
                    ])),
                "views": .array(views),
                "configs": .array(configs),
            ]))
    }
}
