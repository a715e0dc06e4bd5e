import LassoDocuments
import LassoSnapshot

/// A stored document of any kind whose text does not read as one of its kind, and why: left out of every answer,
/// named by `/health`.
public struct UnreadableDocument: Sendable, Equatable {
    public var kind: DocumentKind
    public var appKey: String
    public var id: String
    public var problem: String

    public init(kind: DocumentKind, appKey: String, id: String, problem: String) {
        self.kind = kind
        self.appKey = appKey
        self.id = id
        self.problem = problem
    }

    /// The problem with `text` as a stored document of `kind` of `appKey`; nil when it reads.
    static func problem(with text: String, kind: DocumentKind, appKey: String, id: String) -> String? {
        let file = "stored " + kind.noun
        do {
            let document = try kind.decode(try JSONParser.parse(Array(text.utf8), file: file), file: file)
            guard document.appKey == appKey, document.id == id else {
                return "it names \(document.appKey)/\(document.id), not the app and id it is stored under"
            }
            return nil
        } catch {
            return error.description
        }
    }
}
