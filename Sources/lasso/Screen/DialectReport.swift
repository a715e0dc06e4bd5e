import LassoSnapshot

/// A view's path in the screen's SDK profile, and the fields that SDK sends beside it, as the CLI shows them.
enum DialectReport {
    /// The report's summary with `path` (what the SDK sends for the view) and `viewId` in the profile's dialect,
    /// `rowPath` where the SDK sends the row beside the path (the path with the row written, lasso's "this row"),
    /// `anyRowPath` when the SDK has an any-row form, and the SDK's fields by their JSON names (`screenName`,
    /// `elementPosition`, `xpath`, …).
    static func summary(_ node: Int, on screen: Screen) -> JSONObject {
        fields(node, on: screen, into: screen.report.summary(node))
    }

    /// `object` with the dialect's path and fields put in (unchanged for the lasso profile).
    static func fields(_ node: Int, on screen: Screen, into object: JSONObject) -> JSONObject {
        guard screen.sdkProfile != .lasso else { return object }
        var object = object
        let dialect = screen.dialect
        object["profile"] = .string(screen.sdkProfile.rawValue)
        let location = dialect.sentLocation(of: node)
        let own = dialect.location(of: node)
        object["path"] = location.map { .string($0.path) } ?? .null
        if let row = own?.path, row != location?.path { object["rowPath"] = .string(row) }
        // The view's own id: its row's path, so that two rows are two ids.
        object["viewId"] =
            own.map { .string(ViewId.make(lassoText: $0.path, hash: screen.table.profile.hash)) } ?? .null
        object["lassoPath"] = .string(screen.table.pathText(of: node))
        if let anyRow = dialect.anyRowLocation(of: node) { object["anyRowPath"] = .string(anyRow.path) }
        for field in location?.fields ?? [] { object[jsonName(field.name)] = .string(field.value) }
        return object
    }

    /// The SDK's field name as a JSON key: `$screen_name` is `screenName`; GrowingIO's page, `path`, is `pagePath`
    /// (the report's `path` is the view's).
    static func jsonName(_ name: String) -> String {
        if name == "path" { return "pagePath" }
        let words = name.drop { $0 == "$" }.split(separator: "_")
        guard let first = words.first else { return name }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The view's path as the text outputs print it: in the profile's dialect, or lasso's.
    static func pathText(_ node: Int, on screen: Screen) -> String {
        guard screen.sdkProfile != .lasso else { return screen.table.pathText(of: node) }
        return screen.dialect.sentLocation(of: node)?.path ?? "(no \(screen.sdkProfile.rawValue) path)"
    }

    /// The viewId of that path.
    static func viewId(_ node: Int, on screen: Screen) -> String {
        guard screen.sdkProfile != .lasso else { return screen.table.viewId(of: node) }
        guard let path = screen.dialect.location(of: node)?.path else { return "" }
        return ViewId.make(lassoText: path, hash: screen.table.profile.hash)
    }
}
