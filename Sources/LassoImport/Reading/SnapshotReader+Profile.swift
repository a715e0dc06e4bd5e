import LassoSnapshot

extension SnapshotReader {
    /// A lasso snapshot's text with its top-level `"profile"` set to `profile`: the snapshot of an app running that
    /// SDK, whose paths commands then speak (`lasso import --profile`, a phone's live screen).
    /// `pretty`: indented, as a file a person reads; else compact, as a store keeps it.
    public static func marked(_ text: [UInt8], profile: SDKProfile, file: String, pretty: Bool = true)
        throws(InputError) -> [UInt8]
    {
        guard case .object(var object) = try JSONParser.parse(text, file: file) else { return text }
        object["profile"] = .string(profile.rawValue)
        let written = pretty ? JSONWriter.pretty(.object(object)) : JSONWriter.compact(.object(object))
        return Array((written + "\n").utf8)
    }
}
