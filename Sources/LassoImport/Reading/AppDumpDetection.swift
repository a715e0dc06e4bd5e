/// How lasso tells the app-side dumps (SDK snapshots, Maestro, dumpsys) from the start of a file.
///
/// JSON starting with `{` is lasso's own unless its first key or its head says otherwise; text is a dumpsys dump when it
/// has the `View Hierarchy:` section, an `ACTIVITY … pid=` line or a `DecorView@` line, and Maestro output when a
/// `Running on …` line comes before the JSON.
enum AppDumpDetection {
    /// Keys only Sensors Analytics' snapshots carry.
    static let sensorsMarkers = [
        "\"sa_id_name\"", "\"element_level\"", "\"element_content\"", "\"element_path\"", "\"is_list_view\"",
        "\"screen_name\"", "\"sensorsdata_", "\"enableAppClick\"", "\"subelements\"",
    ]

    /// The format of a JSON head that starts with `{`, or nil when it is lasso's.
    static func json(_ head: String) -> SnapshotSourceFormat? {
        let key = firstKey(head)
        // lasso's own snapshots start with `format`; their properties may hold any of the words below.
        if key == "format" { return nil }
        if ByteText.contains(head, "\"snapshot_response\"") || ByteText.contains(head, "\"serialized_objects\"")
            || (ByteText.contains(head, "\"activities\"") && ByteText.contains(head, "\"scale\""))
        {
            return sensorsMarkers.contains { ByteText.contains(head, $0) } ? .sensors : .mixpanel
        }
        if key == "attributes" || key == "children" { return .maestro }
        return nil
    }

    /// The format of a text head, or nil when it is none of the app-side dumps.
    static func text(_ head: String) -> SnapshotSourceFormat? {
        if ByteText.contains(head, "View Hierarchy:") || ByteText.contains(head, "DecorView@")
            || ByteText.contains(head, ".DecorView{")
            || (ByteText.contains(head, "ACTIVITY ") && ByteText.contains(head, " pid="))
        {
            return .dumpsys
        }
        let start = head.drop { $0.isWhitespace }
        if start.hasPrefix("Running on "), let brace = start.firstIndex(of: "{"),
            let key = firstKey(String(start[brace...])), key == "attributes" || key == "children"
        {
            return .maestro
        }
        return nil
    }

    /// The first member name of the object the text starts with (after white space), if it starts so.
    static func firstKey(_ text: String) -> String? {
        var rest = Substring(text).drop { $0.isWhitespace }
        guard rest.first == "{" else { return nil }
        rest = rest.dropFirst().drop { $0.isWhitespace }
        guard rest.first == "\"" else { return nil }
        let name = rest.dropFirst().prefix { $0 != "\"" }
        return name.count < 40 ? String(name) : nil
    }
}

extension SnapshotSourceFormat {
    /// The name of the app-side formats, for notes and messages.
    var appDisplayName: String {
        switch self {
        case .mixpanel: return "Mixpanel codeless snapshot"
        case .sensors: return "Sensors Analytics visual-tracking snapshot"
        case .maestro: return "Maestro hierarchy"
        case .dumpsys: return "dumpsys activity dump"
        default: return rawValue
        }
    }
}
