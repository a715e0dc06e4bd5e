import LassoSnapshot

extension FolderLint {
    /// What two definitions that count the same thing (`EventDefinition.Clash.sameMeaning`) have equal: the group the
    /// lint compares a definition with, whatever its key and versions.
    struct MeaningPlace: Hashable {
        var appKey: String
        var event: String
        var recordsSDK: SDKProfile
        var path: ViewPath
        var screen: String?
        var content: Set<ContentCondition>

        init(_ definition: EventDefinition) {
            appKey = definition.appKey
            event = definition.viewEvent
            recordsSDK = definition.profile.recordsSDK
            path = definition.viewPath
            screen = definition.screen
            content = Set(definition.content.map(\.meaning))
        }
    }

    /// What two configs that say the same thing (`KVCConfig.conflicts(with:)`) have equal: the group the lint
    /// compares a config with, whatever its id and versions.
    struct ReportPlace: Hashable {
        var appKey: String
        var event: String
        var profile: SDKProfile
        var path: ViewPath
        var conditions: [String: String]
        var keyName: String

        init(_ config: KVCConfig) {
            appKey = config.appKey
            event = config.viewEvent
            profile = config.profile
            path = config.viewPath
            conditions = config.conditionMap
            keyName = config.keyName
        }
    }
}
