/// What `lasso push` will do to make the server match the configs folder, one step per document (config or event
/// definition).
public struct PushPlan: Sendable, Equatable {
    /// What happens to one config.
    public enum Action: String, Sendable {
        case create, update, delete, unchanged
        /// Refused by the server: its copy changed after the plan was made (`412`); nothing was overwritten.
        case conflict
    }

    /// One config's step: the action, the text to send, and the revision the server had when the plan was made.
    public struct Step: Sendable, Equatable {
        public var id: String
        /// The name in the file name: a config's key name, an event definition's key.
        public var keyName: String
        /// The local file (nil for a delete).
        public var file: String?
        public var action: Action
        public var text: String?
        /// The server's revision when read; 0 for a create (create only).
        public var revision: Int64
        /// What kind of document the step sends.
        public var kind: DocumentKind = .config
    }

    public var steps: [Step]
    /// Configs only the server has, kept because `--prune` was not given.
    public var serverOnly: [String]

    public init(steps: [Step], serverOnly: [String] = []) {
        self.steps = steps
        self.serverOnly = serverOnly
    }

    /// Compares the folder's documents of one kind and one app with the server's.
    public static func make(
        local: [StoredEntry], remote: RemoteDocuments, prune: Bool
    ) -> PushPlan {
        var steps: [Step] = []
        var localIDs = Set<String>()
        for (document, file) in local.sorted(by: { $0.file < $1.file }).map({ ($0.document, $0.file) }) {
            localIDs.insert(document.id)
            let text = document.text
            let server = remote.items[document.id]
            let action: Action = server.map { $0.text == text ? .unchanged : .update } ?? .create
            steps.append(
                Step(
                    id: document.id, keyName: document.label, file: file, action: action, text: text,
                    revision: server?.revision ?? 0, kind: remote.kind))
        }
        let extra = remote.items.values.filter { !localIDs.contains($0.document.id) }.sorted {
            $0.document.id < $1.document.id
        }
        if prune {
            for item in extra {
                steps.append(
                    Step(
                        id: item.document.id, keyName: item.document.label, file: nil, action: .delete, text: nil,
                        revision: item.revision, kind: remote.kind))
            }
        }
        return PushPlan(steps: steps, serverOnly: prune ? [] : extra.map(\.document.id))
    }

    /// The plans of several kinds as one, in order.
    public static func joined(_ plans: [PushPlan]) -> PushPlan {
        PushPlan(steps: plans.flatMap(\.steps), serverOnly: plans.flatMap(\.serverOnly))
    }

    /// How many steps have each action.
    public func count(_ action: Action) -> Int { steps.filter { $0.action == action }.count }

    /// True when nothing needs sending.
    public var isEmpty: Bool { steps.allSatisfy { $0.action == .unchanged } }
}
