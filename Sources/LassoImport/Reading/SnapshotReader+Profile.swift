import LassoSnapshot

extension SnapshotReader {
    /// A lasso snapshot's text with its top-level `"profile"` set to `profile`: the snapshot of an app running that
    /// SDK, whose paths commands then speak (`lasso import --profile`, a phone's live screen).
    public static func marked(_ text: [UInt8], profile: SDKProfile, file: String) throws(InputError) -> [UInt8] {
        guard case .object(var object) = try JSONParser.parse(text, file: file) else { return text }
        object["profile"] = .string(profile.rawValue)
        return Array((JSONWriter.pretty(.object(object)) + "\n").utf8)
    }
}
