import LassoSnapshot

/// The documents of one kind of one app as the server has them: canonical text and revision per id (`GET
/// /v1/apps/{appKey}/<kind>` without a version).
public struct RemoteDocuments: Sendable, Equatable {
    /// One document on the server.
    public struct Item: Sendable, Equatable {
        public var document: Document
        /// The canonical file text, the bytes a pull writes.
        public var text: String
        public var revision: Int64
    }

    public var kind: DocumentKind
    public var items: [String: Item]

    public init(kind: DocumentKind, items: [String: Item] = [:]) {
        self.kind = kind
        self.items = items
    }

    /// Reads `{"<kind plural>": [{…document…, "revision": N}]}`.
    public static func decode(_ body: String, kind: DocumentKind, source: String) throws -> RemoteDocuments {
        let value = try JSONParser.parse(Array(body.utf8), file: source)
        let key = kind.plural
        guard let list = value[key]?.arrayValue else {
            throw InputError(
                file: source, jsonPath: "$." + key, expected: "an array of \(kind.noun)s",
                found: value[key]?.kindDescription ?? "nothing")
        }
        var state = RemoteDocuments(kind: kind)
        for (index, item) in list.enumerated() {
            guard case .object(var object) = item, case .number(let revisionText)? = object["revision"],
                let revision = Int64(revisionText)
            else {
                throw InputError(
                    file: source, jsonPath: "$.\(key)[\(index)].revision", expected: "a revision number",
                    found: item["revision"]?.kindDescription ?? "nothing")
            }
            object["revision"] = nil
            let document = try kind.decode(.object(object), file: source, base: "$.\(key)[\(index)]")
            state.items[document.id] = Item(document: document, text: document.text, revision: revision)
        }
        return state
    }
}
