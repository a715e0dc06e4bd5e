import LassoSnapshot

/// The `event_bindings` a Mixpanel codeless SDK (iOS ≤ 3.9.2) reads from `/decide`, made from lasso's configs in the
/// Mixpanel profile (docs/sdk-mixpanel.md, "Event bindings"): one binding for each config, sending the event named
/// by the config's key name, since a binding sends an event and no value.
public struct MixpanelEventBindings: Sendable {
    /// The document the SDK reads: `{"event_bindings": [...]}`.
    public var document: JSONValue
    public var bindings: Int
    /// The configs the document cannot carry, and why.
    public var unsent: [(config: KVCConfig, reason: String)]

    /// The document for `configs` (every config of the app); `version` picks the configs that hold in that app
    /// version, else those still open. Two configs that make the same binding make it once, as the SDK's set does.
    public static func make(configs: [KVCConfig], version: AppVersion?) -> MixpanelEventBindings {
        var unsent: [(config: KVCConfig, reason: String)] = []
        var bindings: [String: JSONValue] = [:]
        for config in configs {
            guard config.isSent(in: version) else { continue }
            if let reason = MixpanelFields.unsent(config) {
                unsent.append((config, reason))
                continue
            }
            guard config.conditions.isEmpty else {
                let words = config.conditions.map(\.description).joined(separator: ", ")
                unsent.append(
                    (config, "its conditions (\(words)) cannot be said to Mixpanel SDKs, which bind by selector only"))
                continue
            }
            var binding = JSONObject()
            switch config.mixpanel?.binding {
            case .control(let controlEvent, let verifyEvent)?:
                binding["event_type"] = .string("ui_control")
                binding["event_name"] = .string(config.keyName)
                binding["path"] = .string(config.viewPathText)
                binding["control_event"] = .int(controlEvent)
                binding["verify_event"] = .int(verifyEvent)
            case .tableRow(let tablePath, let tableDelegate)?:
                binding["event_type"] = .string("ui_table_view")
                binding["event_name"] = .string(config.keyName)
                binding["path"] = .string(tablePath)
                binding["table_delegate"] = .string(tableDelegate)
            case .none?, nil:
                continue
            }
            let value = JSONValue.object(binding)
            bindings[JSONWriter.compact(value)] = value
        }
        let ordered = bindings.keys.sorted().map { bindings[$0]! }
        var document = JSONObject()
        document["event_bindings"] = .array(ordered)
        return MixpanelEventBindings(document: .object(document), bindings: ordered.count, unsent: unsent)
    }
}
