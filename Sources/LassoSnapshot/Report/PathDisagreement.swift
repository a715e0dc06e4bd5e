/// Views whose `viewPath` from the app's SDK names another place than lasso's own path: the two compute paths differently there.
public struct PathDisagreement: Sendable {
    public var node: Int
    public var sdkPath: String
    public var lassoPath: String

    /// Every disagreeing view of a screen, in pre-order.
    public static func find(in table: PathTable) -> [PathDisagreement] {
        let report = NodeReport(table)
        return table.snapshot.indices.compactMap { node in
            guard let sdk = table.snapshot.sdkViewPath(of: node), !report.sdkPathAgrees(node, sdk) else { return nil }
            return PathDisagreement(node: node, sdkPath: sdk, lassoPath: table.pathText(of: node))
        }
    }

    public var json: JSONValue {
        .object(JSONObject(["node": .int(node), "sdkViewPath": .string(sdkPath), "lassoPath": .string(lassoPath)]))
    }
}
