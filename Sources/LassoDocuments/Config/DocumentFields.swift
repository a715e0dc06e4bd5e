import LassoSnapshot

/// The fields of one document's JSON object as a codec reads them (configs, event definitions, hook configs): each
/// problem placed at its JSON path in the same words, and the checks every kind makes of the id, app key and versions.
struct DocumentFields {
    let object: JSONObject
    let file: String
    /// The JSON path of the object.
    let base: String

    /// The fields of `value`, which must be an object (`what` names it in the message when it is not: "a config
    /// object").
    init(_ value: JSONValue, file: String, base: String, what: String) throws(InputError) {
        self.file = file
        self.base = base
        guard case .object(let object) = value else {
            throw InputError(file: file, jsonPath: base, expected: what, found: value.kindDescription)
        }
        self.object = object
    }

    subscript(key: String) -> JSONValue? { object[key] }

    /// The error for the field `key` (the object itself when empty).
    func fault(_ key: String, _ expected: String, _ found: String) -> InputError {
        InputError(file: file, jsonPath: key.isEmpty ? base : base + "." + key, expected: expected, found: found)
    }

    /// What a message says was found: a string in quotes, else the kind of value, or that the field is missing.
    static func found(_ value: JSONValue?) -> String {
        guard let value else { return "nothing (the field is missing)" }
        if case .string(let text) = value { return "\"\(text)\"" }
        return value.kindDescription
    }

    /// The string field `key`: non-empty when required, nil when missing or null and not required.
    func string(_ key: String, required: Bool = true) throws(InputError) -> String? {
        guard let field = object[key], field != .null else {
            if required { throw fault(key, "a non-empty string", "nothing (the field is missing)") }
            return nil
        }
        guard case .string(let text) = field, !text.isEmpty || !required else {
            throw fault(key, "a non-empty string", Self.found(field))
        }
        return text
    }

    /// `id` when it is one (letters, digits and '-', at least 8 long).
    func checkedID(_ id: String) throws(InputError) -> String {
        guard id.count >= 8, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw fault("id", "an id of letters, digits and '-' (a UUID), at least 8 long", "\"\(id)\"")
        }
        return id
    }

    /// `appKey` when it can be a folder name.
    func checkedAppKey(_ appKey: String) throws(InputError) -> String {
        guard SafeName.isSafe(appKey) else {
            throw fault(
                "appKey", "an app key usable as a folder name (\(SafeName.rule))", DisplayText.quoted(appKey))
        }
        return AppKeyText.normalized(appKey)
    }

    /// The `versions` field (none when missing).
    func versions() throws(InputError) -> VersionRanges {
        try ConfigCodec.decodeVersions(object["versions"], fault: fault)
    }

    /// The `viewPath` field, parsed, and its text as written.
    /// The document's `profile`: the SDK whose dialect its `viewPath` is written in (lasso when absent).
    func profile() throws(InputError) -> SDKProfile {
        guard let name = try string("profile", required: false) else { return .lasso }
        guard let profile = SDKProfile(rawValue: name) else {
            throw fault("profile", "one of \(SDKProfile.names)", "\"\(name)\"")
        }
        return profile
    }

    /// The `viewPath`, read in the profile's dialect.
    func viewPath(in profile: SDKProfile) throws(InputError) -> DialectPattern {
        let pathText = try string("viewPath")!
        do throws(PathSyntaxError) { return try profile.read(pathText) } catch {
            throw fault(
                "viewPath",
                profile == .lasso
                    ? "a viewPath such as Page[0]/UIView[0]/Cell[0:*] (\(error.reason))"
                    : "a \(profile.rawValue) path (\(error.reason))", "\"\(pathText)\"")
        }
    }

    func viewPath() throws(InputError) -> (path: ViewPath, text: String) {
        let pathText = try string("viewPath")!
        do throws(PathSyntaxError) { return (try PathNotation.parse(pathText), pathText) } catch {
            throw fault(
                "viewPath", "a viewPath such as Page[0]/UIView[0]/Cell[0:*] (\(error.reason))", "\"\(pathText)\"")
        }
    }
}
