import LassoSnapshot

/// Reads a config from JSON, checking every field, and writes it in the one canonical form the repo commits (docs/config-format.md, "Canonical form").
///
/// Canonical form: keys in a fixed order, two-space indent, trailing newline; empty `conditions` and a missing
/// `note` are left out; unknown fields follow the known ones in the order they came.
public enum ConfigCodec {
    static let knownKeys: Set<String> = [
        "id", "appKey", "versions", "viewEvent", "profile", "viewPath", "viewId", "conditions", "keyPath", "keyName",
        "note", "sensors", "mixpanel",
    ]

    public static func json(_ config: KVCConfig) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(config.id)
        object["appKey"] = .string(config.appKey)
        object["versions"] = json(config.versions)
        object["viewEvent"] = .string(config.viewEvent)
        if config.profile != .lasso { object["profile"] = .string(config.profile.rawValue) }
        object["viewPath"] = .string(config.viewPathText)
        object["viewId"] = .string(config.viewId)
        if !config.conditions.isEmpty {
            object["conditions"] = .object(
                JSONObject(config.conditions.map { JSONObject.Member(key: $0.key, value: .string($0.value)) }))
        }
        object["keyPath"] = .string(config.keyPath)
        object["keyName"] = .string(config.keyName)
        if let note = config.note { object["note"] = .string(note) }
        if let sensors = config.sensors { object["sensors"] = sensors.json }
        if let mixpanel = config.mixpanel { object["mixpanel"] = mixpanel.json }
        for member in config.otherFields.members where !knownKeys.contains(member.key) {
            object[member.key] = member.value
        }
        return .object(object)
    }

    /// A config's `versions` as its file writes them: `[{"from": …, "until": …}]`.
    public static func json(_ versions: VersionRanges) -> JSONValue {
        .array(
            versions.intervals.map { interval in
                var range = JSONObject()
                if let from = interval.from { range["from"] = .string(from.text) }
                if let until = interval.until { range["until"] = .string(until.text) }
                return .object(range)
            })
    }

    /// The file text: canonical JSON and a newline.
    public static func fileText(_ config: KVCConfig) -> String { JSONWriter.pretty(json(config)) + "\n" }

    /// Builds a config from parsed JSON; `file` and `base` (the JSON path of the object) place errors.
    public static func decode(_ value: JSONValue, file: String, base: String = "$") throws(InputError) -> KVCConfig {
        let fields = try DocumentFields(value, file: file, base: base, what: "a config object")
        let id = try fields.checkedID(try fields.string("id")!)
        let appKey = try fields.checkedAppKey(try fields.string("appKey")!)
        let versions = try fields.versions()
        let viewEvent = try fields.string("viewEvent")!
        let profile = try fields.profile()
        let pattern = try fields.viewPath(in: profile)
        let viewId = try fields.string("viewId")!
        var conditions: [Condition] = []
        if let field = fields["conditions"], field != .null {
            guard case .object(let members) = field else {
                throw fields.fault("conditions", "an object of text values", field.kindDescription)
            }
            for member in members.members {
                switch member.value {
                case .string(let text): conditions.append(Condition(key: member.key, value: text))
                case .number(let text): conditions.append(Condition(key: member.key, value: text))
                case .bool(let flag): conditions.append(Condition(key: member.key, value: flag ? "true" : "false"))
                default:
                    throw fields.fault(
                        "conditions." + member.key, "a string, number or boolean", member.value.kindDescription)
                }
            }
        }
        let keyPath = try fields.string("keyPath")!
        let keyName = try fields.string("keyName")!
        guard SafeName.isSafe(keyName) else {
            throw fields.fault(
                "keyName", "a key name usable in a file name (\(SafeName.rule))", DisplayText.quoted(keyName))
        }
        let note = try fields.string("note", required: false)
        var config = KVCConfig(
            id: id, appKey: appKey, versions: versions, viewEvent: viewEvent, pattern: pattern, profile: profile,
            conditions: conditions, keyPath: keyPath, keyName: keyName, note: note)
        config.viewPathText = pattern.text
        let expectedIds = config.possibleViewIds
        guard expectedIds.contains(viewId.lowercased()) else {
            throw fields.fault("viewId", "the MD5 (\(expectedIds[0])) or SHA-256 of the viewPath", "\"\(viewId)\"")
        }
        config.viewId = viewId
        config.conditions = conditions
        if let field = fields["sensors"], field != .null {
            guard SensorsFields.applies(to: profile) else {
                throw fields.fault(
                    "sensors", "no \"sensors\" field on a config whose profile is not a Sensors one", "one")
            }
            config.sensors = try SensorsFields.decode(field, fault: fields.fault)
        }
        if let field = fields["mixpanel"], field != .null {
            guard profile == .mixpanel else {
                throw fields.fault("mixpanel", "no \"mixpanel\" field on a config whose profile is not mixpanel", "one")
            }
            let mixpanel = try MixpanelFields.decode(field, fault: fields.fault)
            if let misfit = mixpanel.misfit(event: config.viewEvent, path: config.viewPathText) {
                // A hand-edited binding would have the SDK bind what the config does not say.
                throw fields.fault(misfit.key, misfit.expected, misfit.found)
            }
            config.mixpanel = mixpanel
        }
        // A repeated unknown key keeps its last value (as for the known ones), in its first place: what the file
        // form writes, so that a config read back from its own text is the same config.
        for member in fields.object.members where !knownKeys.contains(member.key) {
            config.otherFields[member.key] = member.value
        }
        return config
    }

    static func decodeVersions(_ field: JSONValue?, fault: (String, String, String) -> InputError) throws(InputError)
        -> VersionRanges
    {
        guard let field, field != .null else { return VersionRanges() }
        guard case .array(let items) = field else {
            throw fault("versions", "an array of {\"from\", \"until\"} intervals", field.kindDescription)
        }
        var intervals: [VersionInterval] = []
        for (position, item) in items.enumerated() {
            let place = "versions[\(position)]"
            guard case .object(let range) = item else {
                throw fault(place, "an object with \"from\" and/or \"until\"", item.kindDescription)
            }
            var ends: [AppVersion?] = []
            for end in ["from", "until"] {
                guard let value = range[end], value != .null else {
                    ends.append(nil)
                    continue
                }
                guard case .string(let text) = value, let version = AppVersion(text) else {
                    throw fault(
                        place + "." + end, "a version such as 5.3.0 or 5.3.0-beta.2",
                        value.stringValue.map { "\"\($0)\"" } ?? value.kindDescription)
                }
                ends.append(version)
            }
            let interval = VersionInterval(from: ends[0], until: ends[1])
            guard !interval.isEmpty else {
                throw fault(
                    place, "\"until\" after \"from\" (until is not included)",
                    "from \(ends[0]!.text) until \(ends[1]!.text)")
            }
            intervals.append(interval)
        }
        return VersionRanges(intervals)
    }
}
