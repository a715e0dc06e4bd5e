import LassoDocuments
import LassoSnapshot

/// What the SDK's records said, counted for this screen: each config's taps, each definition's count and each
/// view's taps (records whose viewPath is the view's own).
public struct TapCounts: Sendable, Equatable {
    /// Per config id: records of the config's event whose viewPath its path matches.
    public var configs: [String: Int]
    /// Per definition id: records the definition counts.
    public var definitions: [String: Int]
    /// Per view of this screen (by node): records (of any event) whose viewPath is exactly that view's.
    public var views: [Int: Int]
    /// Records read, and lines that were not a record (skipped).
    public var records: Int
    public var skipped: Int
    /// Per definition id: its records per UTC day, oldest first, over the logs' last `daysShown` days (every
    /// definition over the same days, the last being the logs' latest day); empty when no record had a time.
    public var definitionDays: [String: [Int]] = [:]
    /// The start of the logs' latest day (seconds since 1970, UTC), when a record had a time.
    public var latestDay: Int64?

    /// How many days the sparklines of the named events cover, at most.
    public static let daysShown = 30

    public init(
        configs: [String: Int] = [:], definitions: [String: Int] = [:], views: [Int: Int] = [:], records: Int = 0,
        skipped: Int = 0
    ) {
        self.configs = configs
        self.definitions = definitions
        self.views = views
        self.records = records
        self.skipped = skipped
    }

    /// The most taps on one view: the top of the heat map's scale.
    public var busiestView: Int { views.values.max() ?? 0 }
}

/// What a count asks for: the logs, and what to count in them.
public struct TapCountRequest: Sendable, Equatable {
    public var logs: [String]
    public var configs: [KVCConfig]
    public var definitions: [EventDefinition]
    /// Every view's own path on this screen, by node.
    public var viewPaths: [ViewPath]

    public init(logs: [String], configs: [KVCConfig], definitions: [EventDefinition], viewPaths: [ViewPath]) {
        self.logs = logs
        self.configs = configs
        self.definitions = definitions
        self.viewPaths = viewPaths
    }
}

/// The heat map's scale: four steps from one tap to the busiest view's, each a glyph and a colour.
public enum HeatScale {
    /// The shades, lightest first.
    public static let glyphs = ["░", "▒", "▓", "█"]

    /// The step (0–3) of `taps` on a scale up to `busiest`; nil for no taps.
    public static func level(_ taps: Int, busiest: Int) -> Int? {
        guard taps > 0, busiest > 0 else { return nil }
        return min(3, (taps * 4 - 1) / busiest)
    }

    /// The lowest tap count of each step, for the legend (`░ 1  ▒ 26  ▓ 51  █ 76`).
    public static func thresholds(busiest: Int) -> [Int] {
        (0..<4).map { step in max(1, step * busiest / 4 + 1) }
    }

    /// The colour of a step: yellow to red.
    package static func color(_ level: Int) -> RGB {
        [RGB(255, 230, 120), RGB(255, 170, 60), RGB(255, 100, 40), RGB(230, 30, 30)][min(max(level, 0), 3)]
    }
}
