import LassoSnapshot

/// The configs of one app as the server has them: canonical file text and revision per config id.
public struct RemoteState: Sendable, Equatable {
    /// One config on the server.
    public struct Item: Sendable, Equatable {
        public var config: KVCConfig
        /// The canonical file text (`ConfigCodec.fileText`), the bytes a pull writes.
        public var text: String
        public var revision: Int64
    }

    public var items: [String: Item]

    public init(items: [String: Item] = [:]) { self.items = items }

    /// Reads `{"configs": [{…config…, "revision": N}]}`.
    public static func decode(_ body: String, source: String) throws -> RemoteState {
        let value = try JSONParser.parse(Array(body.utf8), file: source)
        guard let configs = value["configs"]?.arrayValue else {
            throw InputError(
                file: source, jsonPath: "$.configs", expected: "an array of configs",
                found: value["configs"]?.kindDescription ?? "nothing")
        }
        var state = RemoteState()
        for (index, item) in configs.enumerated() {
            guard case .object(var object) = item, case .number(let revisionText)? = object["revision"],
                let revision = Int64(revisionText)
            else {
                throw InputError(
                    file: source, jsonPath: "$.configs[\(index)].revision", expected: "a revision number",
                    found: item["revision"]?.kindDescription ?? "nothing")
            }
            object["revision"] = nil
            let config = try ConfigCodec.decode(.object(object), file: source, base: "$.configs[\(index)]")
            state.items[config.id] = Item(config: config, text: ConfigCodec.fileText(config), revision: revision)
        }
        return state
    }
}
