import Foundation
import LassoSnapshot

/// Turns a codeless-analytics SDK snapshot — Mixpanel's codeless designer `snapshot_response` or Sensors Analytics'
/// visual-tracking fork of it — into a lasso snapshot, iOS or Android shape alike.
///
/// The Android shape (`payload.activities[]`, each with `activity`, `scale`, `screenshot` and `serialized_objects`)
/// is read by `CodelessAndroidTree`, the iOS shape (`payload.serialized_objects` of `{id, class, properties}` objects)
/// by `CodelessIOSTree`. The message may be given whole, as its `payload`, or (Android) as the bare activities array.
enum CodelessImporter {
    static func importDump(_ bytes: [UInt8], file: String, format: SnapshotSourceFormat, options: ImportOptions)
        throws(InputError) -> ImportedSnapshot
    {
        // An Android snapshot names its activities near the start. Its view objects, or an iOS snapshot's, are read in
        // place as it is parsed.
        var android = AndroidObjectsReader()
        var ios = IOSObjectsReader()
        let saysActivities = ByteText.contains(String(decoding: bytes.prefix(65_536), as: UTF8.self), "\"activities\"")
        var document = try JSONParser.parse(
            bytes, file: file, reading: saysActivities ? android as JSONMemberReader : ios)
        if isAndroid(document) != saysActivities {
            // The start told wrong (an iOS snapshot that says "activities", an Android one whose activities come late):
            // parsed again as it is.
            BackgroundRelease.release(consume document)
            (android, ios) = (AndroidObjectsReader(), IOSObjectsReader())
            document = try JSONParser.parse(bytes, file: file)
        }
        let readers = (android: android, ios: ios)
        return try BackgroundRelease.using(consume document) { document throws(InputError) in
            try importDocument(document, readers: readers, file: file, format: format, options: options)
        }
    }

    /// Whether the document is an Android snapshot: activities, as `importDocument` finds them.
    private static func isAndroid(_ document: JSONValue) -> Bool {
        let payload = document["payload"].flatMap { $0.objectValue != nil ? $0 : nil } ?? document
        return payload.arrayValue != nil || payload["activities"]?.arrayValue != nil
    }

    private static func importDocument(
        _ document: JSONValue, readers: (android: AndroidObjectsReader, ios: IOSObjectsReader), file: String,
        format: SnapshotSourceFormat, options: ImportOptions
    ) throws(InputError) -> ImportedSnapshot {
        var payload = document
        var payloadPath = "$"
        if let inner = document["payload"], inner.objectValue != nil {
            payload = inner
            payloadPath = "$.payload"
        }
        var options = options
        let named = AppNamed(document, payload: payload)
        options.appKey = options.appKey ?? named.key
        options.appVersion = options.appVersion ?? named.version
        if let activities = payload.arrayValue ?? payload["activities"]?.arrayValue {
            let path = payload.arrayValue != nil ? payloadPath : payloadPath + ".activities"
            return try importAndroid(
                activities, objects: readers.android, path: path, file: file, format: format, options: options)
        }
        if let objects = payload["serialized_objects"] {
            if options.activity != nil {
                throw InputError(
                    file: file, jsonPath: payloadPath,
                    expected: "an Android snapshot (payload.activities) for --activity",
                    found: "an iOS snapshot, which has no activities")
            }
            return try importIOS(
                objects, reader: readers.ios, screenshot: payload["screenshot"],
                path: payloadPath + ".serialized_objects", file: file,
                format: format, options: options)
        }
        throw InputError(
            file: file, jsonPath: payloadPath,
            expected:
                "a codeless snapshot_response: payload.activities (Android) or payload.serialized_objects (iOS)",
            found: document.objectValue.map { "an object with \(describeKeys($0))" } ?? document.kindDescription)
    }

    private static func importAndroid(
        _ activities: [JSONValue], objects reader: AndroidObjectsReader, path: String, file: String,
        format: SnapshotSourceFormat, options: ImportOptions
    ) throws(InputError) -> ImportedSnapshot {
        let entries = activities.indices.filter { activities[$0]["serialized_objects"] != nil }
        guard !entries.isEmpty else {
            throw InputError(
                file: file, jsonPath: path, expected: "an activity with serialized_objects",
                found: activities.isEmpty ? "an empty array" : "\(activities.count) entries without serialized_objects")
        }
        let names = entries.map { activities[$0]["activity"]?.stringValue ?? "(unnamed)" }
        let chosen: Int
        if let wanted = options.activity {
            guard let match = entries.indices.last(where: { ActivityName.matches(names[$0], wanted) }) else {
                throw InputError(
                    file: file, jsonPath: path, expected: "an activity named \"\(wanted)\" (--activity)",
                    found: names.joined(separator: ", "))
            }
            chosen = match
        } else {
            chosen = entries.count - 1
        }
        let index = entries[chosen]
        let activityPath = "\(path)[\(index)]"
        var scale = 1.0
        if let given = activities[index]["scale"], !given.isNull {
            guard let value = given.doubleValue, value.isFinite, value > 0, value <= 10 else {
                throw InputError(
                    file: file, jsonPath: activityPath + ".scale", expected: "a scale such as 0.333 (160 / dpi)",
                    found: given.kindDescription == "a number" ? JSONWriter.compact(given) : given.kindDescription)
            }
            scale = value
        }
        var builder = CodelessAndroidTree(file: file, path: activityPath, scale: scale, tree: options.newTree())
        try builder.build(activities[index], objects: reader)
        reader.releaseObjects()
        let vendor =
            builder.sawSensorsKeys ? SnapshotSourceFormat.sensors : builder.sawMixpanelKeys ? .mixpanel : format

        var notes: [String] = []
        if entries.count > 1 {
            let others = names.enumerated().filter { $0.offset != chosen }.map(\.element)
            notes.append(
                "\(entries.count) activities in the snapshot: took \(names[chosen])\(options.activity == nil ? " (the last)" : ""); the others (\(others.joined(separator: ", "))) can be taken with --activity NAME"
            )
        }
        notes.append(
            activities[index]["scale"].map { !$0.isNull } == true
                ? "the activity is the page; frames are in points (dp): the snapshot's pixels times its scale \(JSONWriter.compact(.double(scale))) (160 / the screen's dpi), the screenshot's size"
                : "the activity is the page; the snapshot gives no scale: frames and the screen size are in pixels")
        notes += builder.notes
        let screenshot = carriedScreenshot(
            activities[index]["screenshot"], path: activityPath + ".screenshot", notes: &notes)
        return document(
            builder.tree, platform: "android", screen: builder.screen, vendor: vendor, file: file, options: options,
            notes: notes, screenshot: screenshot, screenshotPlace: activityPath + ".screenshot")
    }

    private static func importIOS(
        _ objects: JSONValue, reader: IOSObjectsReader, screenshot: JSONValue?, path: String, file: String,
        format: SnapshotSourceFormat,
        options: ImportOptions
    ) throws(InputError) -> ImportedSnapshot {
        var builder = CodelessIOSTree(file: file, path: path, format: format, tree: options.newTree())
        try builder.build(objects, objects: reader)
        reader.releaseObjects()
        var notes = builder.notes
        // The screenshot sits beside serialized_objects, in the payload.
        let payloadPath = path.hasSuffix(".serialized_objects") ? String(path.dropLast(19)) : path
        let image = carriedScreenshot(screenshot, path: payloadPath + ".screenshot", notes: &notes)
        return document(
            builder.tree, platform: "ios", screen: builder.screen, vendor: builder.vendor, file: file,
            options: options, notes: notes, screenshot: image, screenshotPlace: payloadPath + ".screenshot")
    }

    /// The screenshot a snapshot carries as base64 text; when the text is not base64, a note says why and there is
    /// none.
    private static func carriedScreenshot(_ value: JSONValue?, path: String, notes: inout [String])
        -> ImportedScreenshot?
    {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue, !text.isEmpty else {
            // Said, not passed over: a person expecting the SDK's picture learns why there is none.
            notes.append(
                "the screenshot the snapshot carries (\(path)) is \(value.stringValue == nil ? value.kindDescription : "empty"), not base64 text: there is no picture"
            )
            return nil
        }
        switch ImportedScreenshot.read(base64: text) {
        case .success(let screenshot): return screenshot
        case .failure(let fault):
            notes.append("the screenshot the snapshot carries (\(path)) is not base64 (\(fault)): it was not kept")
            return nil
        }
    }

    private static func document(
        _ tree: ImportedTree, platform: String, screen: (width: Double, height: Double)?, vendor: SnapshotSourceFormat,
        file: String, options: ImportOptions, notes: [String], screenshot: ImportedScreenshot?, screenshotPlace: String
    ) -> ImportedSnapshot {
        var notes = notes
        var screenshot = screenshot
        if let carried = screenshot, !carried.isImage {
            notes.append(
                "the screenshot the snapshot carries (\(carried.byteCount) bytes) is neither a PNG nor a JPEG: it was not kept"
            )
            screenshot = nil
        }
        var top = JSONObject()
        top["app"] = .object(options.app(platform: platform))
        if let screen, screen.width > 0, screen.height > 0 {
            top["screen"] = .object(JSONObject(["width": .double(screen.width), "height": .double(screen.height)]))
        }
        // The SDK's own screenshot goes into the snapshot, unless --screenshot names another; where it was in the dump
        // is kept, for a message about it to name.
        var carriedAt: String?
        if options.screenshot != nil {
            options.addScreenshot(to: &top)
        } else if let screenshot {
            top["screenshot"] = screenshot.json
            carriedAt = screenshotPlace
        }
        top["importedFrom"] = ImportOptions.source(vendor, file: file, notes: notes, screenshot: carriedAt)
        return ImportedSnapshot(
            tree: tree, topLevel: top, notes: notes, format: vendor, viewCount: tree.count,
            screenshot: screenshot)
    }

    static func describeKeys(_ object: JSONObject) -> String {
        guard !object.isEmpty else { return "no members" }
        let keys = object.keys.prefix(4).map { "\"\(DisplayText.escaped(String($0.prefix(30))))\"" }
        return "the keys " + keys.joined(separator: ", ") + (object.count > 4 ? ", …" : "")
    }
}

/// The app id and version an SDK's snapshot message carries beside its views (`app_id`, `app_version`, or the
/// `$`-prefixed names of Mixpanel's properties), in the message or in its payload.
struct AppNamed {
    static let keyNames = [
        "app_id", "appId", "$app_id", "app_key", "appKey", "bundle_id", "package_name", "$bundle_id",
    ]
    static let versionNames = ["app_version", "appVersion", "$app_version", "$app_version_string", "$app_release"]

    var key: String?
    var version: String?

    init(_ document: JSONValue, payload: JSONValue) {
        func first(_ names: [String]) -> String? {
            for object in [payload, document] {
                for name in names {
                    if let text = object[name]?.stringValue, !text.isEmpty { return text }
                }
            }
            return nil
        }
        key = first(Self.keyNames).flatMap { SafeName.isSafe($0) ? $0 : nil }
        version = first(Self.versionNames).flatMap { AppVersion($0) == nil ? nil : $0 }
    }
}

/// Matching an activity name given with `--activity` against the names a dump gives.
enum ActivityName {
    /// True when `wanted` names `name`: the whole name, its class part after `/`, or its simple class name, compared
    /// without letter case (`com.example/.ui.MainActivity` is named by `MainActivity` and `.ui.MainActivity`).
    static func matches(_ name: String, _ wanted: String) -> Bool {
        let name = name.lowercased()
        let wanted = wanted.lowercased()
        if name == wanted { return true }
        let classPart = name.split(separator: "/").last.map(String.init) ?? name
        if classPart == wanted || name.hasSuffix("/" + wanted) { return true }
        let simple = classPart.split(separator: ".").last.map(String.init) ?? classPart
        if simple == wanted { return true }
        // `com.example/.MainActivity` is `com.example.MainActivity` in full.
        if let slash = name.firstIndex(of: "/"), classPart.hasPrefix(".") {
            return String(name[..<slash]) + classPart == wanted
        }
        return false
    }

    /// The simple class name of an activity name: `com.example/.ui.MainActivity` → `MainActivity`.
    static func simple(_ name: String) -> String {
        let classPart = name.split(separator: "/").last.map(String.init) ?? name
        let simple = classPart.split(separator: ".").last.map(String.init) ?? classPart
        return simple.isEmpty ? "Activity" : simple
    }
}
