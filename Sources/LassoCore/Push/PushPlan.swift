/// What `lasso push` will do to make the server match the configs folder, one step per config.
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
        public var keyName: String
        /// The local file (nil for a delete).
        public var file: String?
        public var action: Action
        public var text: String?
        /// The server's revision when read; 0 for a create (create only).
        public var revision: Int64
    }

    public var steps: [Step]
    /// Configs only the server has, kept because `--prune` was not given.
    public var serverOnly: [String]

    public init(steps: [Step], serverOnly: [String] = []) {
        self.steps = steps
        self.serverOnly = serverOnly
    }

    /// Compares the folder's configs of one app with the server's.
    public static func make(local: [ConfigDirectory.Entry], remote: RemoteState, prune: Bool) -> PushPlan {
        var steps: [Step] = []
        var localIDs = Set<String>()
        for entry in local.sorted(by: { $0.file < $1.file }) {
            let config = entry.config
            localIDs.insert(config.id)
            let text = ConfigCodec.fileText(config)
            if let server = remote.items[config.id] {
                let action: Action = server.text == text ? .unchanged : .update
                steps.append(
                    Step(
                        id: config.id, keyName: config.keyName, file: entry.file, action: action, text: text,
                        revision: server.revision))
            } else {
                steps.append(
                    Step(
                        id: config.id, keyName: config.keyName, file: entry.file, action: .create, text: text,
                        revision: 0))
            }
        }
        let extra = remote.items.values.filter { !localIDs.contains($0.config.id) }.sorted {
            $0.config.id < $1.config.id
        }
        if prune {
            for item in extra {
                steps.append(
                    Step(
                        id: item.config.id, keyName: item.config.keyName, file: nil, action: .delete, text: nil,
                        revision: item.revision))
            }
        }
        return PushPlan(steps: steps, serverOnly: prune ? [] : extra.map(\.config.id))
    }

    /// How many steps have each action.
    public func count(_ action: Action) -> Int { steps.filter { $0.action == action }.count }

    /// True when nothing needs sending.
    public var isEmpty: Bool { steps.allSatisfy { $0.action == .unchanged } }
}
