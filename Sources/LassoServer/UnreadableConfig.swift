import LassoCore

/// A stored config whose text does not read as a config, and why: left out of every answer, named by `/health`.
public struct UnreadableConfig: Sendable, Equatable {
    public var appKey: String
    public var id: String
    public var problem: String

    public init(appKey: String, id: String, problem: String) {
        self.appKey = appKey
        self.id = id
        self.problem = problem
    }

    /// The problem with `text` as a stored config of `appKey`; nil when it reads.
    static func problem(with text: String, appKey: String, id: String) -> String? {
        do {
            let config = try ConfigCodec.decode(
                try JSONParser.parse(Array(text.utf8), file: "stored config"), file: "stored config")
            guard config.appKey == appKey, config.id == id else {
                return "it names \(config.appKey)/\(config.id), not the app and id it is stored under"
            }
            return nil
        } catch let error as InputError {
            return error.description
        } catch {
            return "\(error)"
        }
    }
}
