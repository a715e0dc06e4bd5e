/// What the push service has to show: the report's lines, the plan Enter would send, and whether it ended badly.
public struct PushReply: Sendable, Equatable {
    public var lines: [String]
    /// The plan that Enter sends, when there is one the person may send (changes, and a token to send them with).
    public var plan: PushPlan?
    public var canSend: Bool { plan != nil }
    /// True when the server refused part of the plan or the run stopped part way.
    public var failed: Bool
    /// How many configs only the server has, which a plan made with `prune` would delete (0 once it does).
    public var serverOnly: Int
    /// How the configs only the server has are named (`title (ButtonClick, 3c1f0a9e)`), for the question that deletes them.
    public var serverOnlyNames: [String]

    public init(
        lines: [String], plan: PushPlan? = nil, failed: Bool = false, serverOnly: Int = 0,
        serverOnlyNames: [String] = []
    ) {
        self.lines = lines
        self.plan = plan
        self.failed = failed
        self.serverOnly = serverOnly
        self.serverOnlyNames = serverOnlyNames
    }
}
