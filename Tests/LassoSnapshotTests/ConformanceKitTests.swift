import LassoSnapshot
import Testing

/// The SDK conformance kit run against lasso itself: what it states for each view is what lasso's own reading of
/// the stated paths finds, and the fixtures exercise the rules they say they cover.
@Suite("The conformance kit holds for lasso")
struct ConformanceKitTests {
    @Test(
        "every stated path reads back and matches its view; viewIds, profiles and configs agree",
        arguments: ConformanceFixtures.all.map(\.name))
    func kitHolds(name: String) throws {
        let fixture = try #require(ConformanceFixtures.all.first { $0.name == name })
        let kit = try ConformanceKit(fixture)
        let expected = try kit.expected()
        let snapshot = kit.snapshot
        let matcher = PathMatcher(PathTable(snapshot))
        let mixpanel = MixpanelDialect(snapshot)
        let views = try #require(expected["views"]?.arrayValue)
        #expect(views.count == snapshot.count)
        for (node, view) in views.enumerated() {
            let lassoText = try #require(view["paths"]?["lasso"]?.stringValue)
            let path = try PathNotation.parse(lassoText)
            for notation in PathNotation.allCases {
                let text = try #require(view["paths"]?[notation.rawValue]?.stringValue)
                #expect(try notation.parse(text) == path, "\(name) #\(node) \(notation)")
            }
            #expect(matcher.matches(path).contains(node), "\(name) #\(node) \(lassoText)")
            #expect(view["viewIds"]?["md5"]?.stringValue == ViewId.make(lassoText: lassoText, hash: .md5))
            #expect(view["viewIds"]?["sha256"]?.stringValue?.count == 64)
            if let selector = view["profiles"]?["mixpanel"]?["path"]?.stringValue {
                #expect(mixpanel.select(try mixpanel.parse(selector)).contains(node), "\(name) #\(node) \(selector)")
            }
        }
        let configs = try #require(expected["configs"]?.arrayValue)
        for config in configs {
            let configName = try #require(config["name"]?.stringValue)
            let matches = try #require(config["matches"]?.arrayValue).compactMap { $0.doubleValue.map(Int.init) }
            #expect(!matches.isEmpty, "\(name): the kit's config \(configName) matches a view")
            #expect(config["values"]?.arrayValue?.contains(.null) == false, "\(name): \(configName) gives values")
            for node in snapshot.indices {
                let listed =
                    views[node]["configs"]?.arrayValue?.contains { $0["name"]?.stringValue == configName } ?? false
                #expect(listed == matches.contains(node), "\(name) #\(node) \(configName)")
            }
        }
    }

    @Test("the fixtures exercise wrappers, module and mangled names, cells, pager pages, aliases and wildcards")
    func coverage() throws {
        let texts = try ConformanceFixtures.all.flatMap { fixture in
            try ConformanceKit(fixture).expected()["views"]!.arrayValue!.map { $0["paths"]!["lasso"]!.stringValue! }
        }
        #expect(!texts.contains { $0.contains("UITableViewWrapperView[0]/") })
        #expect(texts.contains { $0.contains("UITableViewWrapperView[0]") })
        #expect(texts.contains { $0.contains("/ProductCell[0:1]") })
        #expect(texts.contains { $0.contains("ListCell<Item>[1:0]") })
        #expect(texts.contains { $0.hasPrefix("ProductDetailViewController[2]/") })
        #expect(texts.contains { $0.hasPrefix("ProductListViewController@hot[0]/") })
        #expect(!texts.contains { $0.contains("ShopKit.") || $0.contains("_TtC") })
        let paths = ConformanceFixtures.all.flatMap(\.configs).map(\.viewPath)
        #expect(paths.contains { $0.contains("[0:*]") } && paths.contains { $0.contains("[*]") })
    }
}
