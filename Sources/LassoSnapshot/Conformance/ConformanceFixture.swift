/// One screen of the SDK conformance kit (docs/sdk-conformance.md): a snapshot written by lasso's authors to exercise
/// some of the path rules, and the configs whose matches and values the kit states for it.
public struct ConformanceFixture: Sendable {
    /// The file name stem (`cells-and-wrappers`).
    public var name: String
    /// The rules of docs/viewpath.md it exercises, in words.
    public var covers: String
    /// The whole `lasso.snapshot/1` document.
    public var snapshot: String
    public var configs: [Config]

    /// A config of the kit: what a KVC config says about where and what to read (docs/config-format.md).
    public struct Config: Sendable {
        public var name: String
        /// The path, in lasso's notation, wildcards allowed.
        public var viewPath: String
        public var event: String
        public var conditions: [Condition]
        public var keyPath: String

        public init(name: String, viewPath: String, event: String, conditions: [Condition] = [], keyPath: String) {
            self.name = name
            self.viewPath = viewPath
            self.event = event
            self.conditions = conditions
            self.keyPath = keyPath
        }
    }
}
