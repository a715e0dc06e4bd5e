import LassoSnapshot

/// The checks a config gets on the view it was made on, before it is saved (docs/config-format.md, "Other checks on the view"): one rule set for the CLI and the UI.
///
/// It only finds; each caller decides which findings refuse the save (and `--force` / Ctrl-F override)
/// and says them in its own words.
public enum ConfigPreflight {
    /// Something about a config on its view that a person should know before saving it.
    public enum Finding: Sendable, Equatable {
        /// The config's path does not match the view it was made on.
        case pathDoesNotMatch
        /// A known event that cannot happen on this view; `applicable` lists those that can.
        case eventDoesNotApply(applicable: [String])
        /// The key path reads a text field's text, which may be a password or a private message.
        case readsPrivateText
        /// The key path gives nothing on this view.
        case givesNothing
        /// The key path gives lists inside a list (`[["Alice", "20:07"], […]]`), which no event carries as one
        /// value; `instead` are key paths that each read one of the values it reaches.
        case givesNestedLists(instead: [String])
    }

    public static func check(_ config: KVCConfig, on node: Int, in table: PathTable) -> [Finding] {
        let snapshot = table.snapshot
        var findings: [Finding] = []
        // A path in an SDK's dialect is checked against the view by that dialect where it is written.
        if config.profile == .lasso && !config.viewPath.matches(table.path(of: node)) {
            findings.append(.pathDoesNotMatch)
        }
        if let event = EventType(rawValue: config.viewEvent), !event.applies(to: node, in: snapshot) {
            findings.append(
                .eventDoesNotApply(applicable: EventType.applicable(to: node, in: snapshot).map(\.rawValue)))
        }
        let result = KeyPathEvaluator(snapshot).evaluate(config.keyPath, on: node)
        if result.readsPrivateText { findings.append(.readsPrivateText) }
        if result.value == nil { findings.append(.givesNothing) }
        if KeyPathEvaluator.nestsLists(result.value) {
            let instead = KeyPathEvaluator(snapshot).singleValues(of: config.keyPath, on: node, limit: 3).map(\.keyPath)
            findings.append(.givesNestedLists(instead: instead))
        }
        return findings
    }
}
