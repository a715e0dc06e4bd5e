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

    /// What two configs whose places may overlap have equal: an app, event, SDK and key name, and a path of the same
    /// classes whatever its indices (`ProductCell[0:3]` and `ProductCell[0:*]`).
    struct ShapePlace: Hashable {
        var appKey: String
        var event: String
        var profile: SDKProfile
        var keyName: String
        var names: [String]

        init(_ config: KVCConfig) {
            appKey = config.appKey
            event = config.viewEvent
            profile = config.profile
            keyName = config.keyName
            names = config.viewPath.segments.map(\.label)
        }
    }

    /// Whether `later` and `earlier` report one key name from different key paths on a view both can match, for
    /// overlapping versions: places that overlap without being the same (the same place is `conflicts(with:)`),
    /// and conditions that can hold together.
    static func readOtherSources(_ later: KVCConfig, _ earlier: KVCConfig) -> Bool {
        guard later.keyPath != earlier.keyPath, !later.conflicts(with: earlier),
            later.versions.overlaps(earlier.versions), later.viewPath.overlaps(earlier.viewPath)
        else { return false }
        let conditions = earlier.conditionMap
        return later.conditionMap.allSatisfy { key, value in conditions[key].map { $0 == value } ?? true }
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
