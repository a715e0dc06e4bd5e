/// A Sensors Analytics location as the SDK sends it and matches it (docs/sdk-sensors.md, "What the SDK sends"): the
/// `$element_path`, which is always the similar path (the innermost list's row written `[-]`), and the
/// `$element_position` that pins one row.
///
/// sa-sdk-ios v4.9.1 `SAVisualizedManager.m` `propertiesWithView:` (L302-323) puts `viewSimilarPathForView:` into
/// `$element_path` and the row into `$element_position`; a config's event matches a click when its `element_path`
/// equals the click's as text, its row only with `limit_element_position` (`SAVisualPropertiesConfig.m` L101-115).
/// A path with the row written (`Cell[0][2]`) is lasso's way of saying "this row"; the SDK never sends it.
public struct SensorsSentPath: Sendable, Hashable {
    /// The `$element_path` the SDK sends for the location.
    public var elementPath: String
    /// The `$element_position` of the one row the location stands for; nil for any row, or outside a list.
    public var position: String?

    public init(elementPath: String, position: String?) {
        self.elementPath = elementPath
        self.position = position
    }

    /// An iOS path read as the SDK sends it. The innermost place the SDK writes `[-]` for (the last cell
    /// `Name[s][r]`, `UISegment[i]` or `UITabBarButton[i]`; `[SectionHeader][s]` is none) becomes `[-]` and its row
    /// the position (`s:r`, `i`), as `UIView+SAElementPosition.m` L19-85 gives it to every view inside; a path that
    /// already leaves its row open, or names no list, is sent as written.
    public init(iOS text: String) {
        self.init(elementPath: text, position: nil)
        guard !text.contains("[-]") else { return }
        var segments = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for index in segments.indices.reversed() {
            let segment = segments[index]
            guard let open = segment.firstIndex(of: "["), open != segment.startIndex else { continue }
            let name = segment[..<open]
            let indices = Self.indices(segment[open...])
            if indices.count == 2 {
                segments[index] = "\(name)[\(indices[0])][-]"
                position = "\(indices[0]):\(indices[1])"
            } else if indices.count == 1, name == "UISegment" || name == "UITabBarButton" {
                segments[index] = "\(name)[-]"
                position = indices[0]
            } else {
                continue
            }
            elementPath = segments.joined(separator: "/")
            return
        }
    }

    /// An Android path read as the SDK sends it: its text. sa-sdk-android writes a list item's position in the same
    /// `[i]` as a sibling index, so a path with the row written cannot be told from one outside a list; one row is
    /// the `[-]` path with a condition on `$element_position`.
    public init(android text: String) { self.init(elementPath: text, position: nil) }

    /// The location `text`, written in `profile`'s dialect, as that Sensors SDK sends it; nil for another profile.
    public init?(_ text: String, profile: SDKProfile) {
        switch profile {
        case .sensors: self.init(iOS: text)
        case .sensorsAndroid: self.init(android: text)
        default: return nil
        }
    }

    /// `text` as a person should read it in `profile`: for a Sensors path with its row written, the path the SDK
    /// sends and "(this row: $element_position …)"; any other text as it is.
    public static func shown(_ text: String, profile: SDKProfile) -> String {
        guard let sent = SensorsSentPath(text, profile: profile), let row = sent.position else { return text }
        return sent.elementPath + "  (this row: $element_position " + row + ")"
    }

    /// Why the SDK of `profile` never sends `text` (read in its dialect), in words; nil when it may. A Sensors SDK
    /// writes `[-]` once, for the innermost list only (`SAUIProperties.m` L87-103; sa-sdk-android `ViewUtil.java`
    /// L319-462): a cell's row (`Name[s][-]`), a segment or a tab button (iOS), a list item (Android); never `[-1]`.
    public static func problem(_ text: String, profile: SDKProfile) -> String? {
        guard profile == .sensors || profile == .sensorsAndroid,
            let pattern = try? profile.read(text), case .segments(let segments) = pattern.parsed
        else { return nil }
        if text.unicodeScalars.contains(where: DisplayText.isEscaped) {
            return "a class name holds a control character, which no class name has"
        }
        var open: Int?
        for (position, segment) in segments.enumerated() {
            let place = "segment \(position + 1) (\(segment.name))"
            if segment.indices.contains(-1) {
                return "\(place): the SDK writes no [-1]; a view without siblings of its class has its name alone"
            }
            guard segment.indices.contains(nil) else {
                if profile == .sensors, let open, segment.indices.count == 2 {
                    return
                        "\(place) is a cell with its row written inside the list left open at segment \(open + 1): the SDK writes [-] for the innermost list only"
                }
                continue
            }
            if let open {
                return
                    "\(place) leaves a row open after segment \(open + 1) does: the SDK writes one [-], the innermost list's"
            }
            open = position
            if profile == .sensors {
                let cell = segment.indices.count == 2 && segment.indices[0] != nil && segment.indices[1] == nil
                let single = segment.indices.count == 1 && ["UISegment", "UITabBarButton"].contains(segment.name)
                guard cell || single else {
                    return
                        "\(place): the SDK writes [-] only for a cell's row (Name[section][-]), a UISegment or a UITabBarButton"
                }
            }
        }
        return nil
    }

    /// True when `text`, an Android path, writes a number where a list item usually stands (a child of a
    /// `RecyclerView`, `ListView`, `GridView` or `ViewPager`): the SDK sends `[-]` there, the row beside it.
    public static func looksLikeAndroidRow(_ text: String) -> Bool {
        let lists = ["RecyclerView", "ListView", "GridView", "ViewPager"]
        let parts = text.split(separator: "/").map(String.init)
        for (index, part) in parts.enumerated().dropFirst() where !part.hasSuffix("[-]") {
            let parent = parts[index - 1].prefix { $0 != "[" }
            if lists.contains(where: { parent.hasSuffix($0) }) { return true }
        }
        return false
    }

    /// The numbers in `[…][…]` after a name: all of them, or none when one is not a number.
    private static func indices(_ text: Substring) -> [String] {
        var result: [String] = []
        var rest = text
        while rest.first == "[", let close = rest.firstIndex(of: "]") {
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            guard !inside.isEmpty, inside.allSatisfy(\.isNumber), inside.allSatisfy(\.isASCII) else { return [] }
            result.append(String(inside))
            rest = rest[rest.index(after: close)...]
        }
        return rest.isEmpty ? result : []
    }
}
