import Foundation
import LassoSnapshot

/// The table hook libraries such as RJEventTracking read: `{"version": …, "tracking": [{"class": …, "event": {name:
/// selector | [selectors]}}]}`, made from hook configs, with what the table cannot say listed (docs/hook-configs.md,
/// "Export").
public struct HookTable: Sendable, Equatable {
    /// One class of the table: its events (or impl class names) and their selectors, in the order the configs were added.
    public struct ClassEntry: Sendable, Equatable {
        public var className: String
        public var events: [(name: String, selectors: [String])]

        public static func == (left: ClassEntry, right: ClassEntry) -> Bool {
            left.className == right.className && left.events.map(\.name) == right.events.map(\.name)
                && left.events.map(\.selectors) == right.events.map(\.selectors)
        }
    }

    public var version: String
    public var classes: [ClassEntry]
    /// What the table leaves out or cannot say, one line each, for stderr.
    public var unexpressed: [String]

    /// The table of `configs` (of one app) for the app version `version` (nil: every config, whatever its versions).
    ///
    /// Classes come by name; a class's entries in the order the configs were added (`added`, then id); a fixed event
    /// is its name, a rule-based config its `implName`; two configs of one class with the same name share one entry.
    public init(tableVersion: String, configs: [HookConfig], appVersion: AppVersion?) {
        self.version = tableVersion
        var notes: [String] = []
        let chosen = configs.filter { appVersion.map($0.versions.contains) ?? true }
        let ordered = chosen.sorted { left, right in
            switch (left.addedDate, right.addedDate) {
            case (let a?, let b?) where a != b: return a < b
            case (.some, nil): return true
            case (nil, .some): return false
            default: return left.id < right.id
            }
        }
        var byClass: [String: ClassEntry] = [:]
        var kinds: [String: [String: Bool]] = [:]
        for config in ordered {
            let label = "\(config.className) \(config.selectors.joined(separator: " ")) (\(config.shortID))"
            let name: String
            let isRuleBased: Bool
            switch config.trigger {
            case .event(let event):
                name = event
                isRuleBased = false
            case .rules(let rules):
                guard let implName = config.implName else {
                    notes.append(
                        "\(label): left out: its \(rules.count) rule(s) need an impl class, and the config has no implName"
                    )
                    continue
                }
                name = implName
                isRuleBased = true
                notes.append(
                    "\(label): its \(rules.count) rule(s) are not in the table: the app needs an impl class named \(implName) that returns \(rules.map(\.event).joined(separator: ", "))"
                )
            }
            if !config.values.isEmpty {
                notes.append(
                    "\(label): its values (\(config.values.map(\.name).joined(separator: ", "))) are not in the table, which carries event names only"
                )
            }
            var entry = byClass[config.className] ?? ClassEntry(className: config.className, events: [])
            if let earlier = kinds[config.className]?[name], earlier != isRuleBased {
                notes.append(
                    "\(label): left out: \(name) is both an event name and an impl class name in \(config.className), which the table cannot tell apart"
                )
                continue
            }
            kinds[config.className, default: [:]][name] = isRuleBased
            if let at = entry.events.firstIndex(where: { $0.name == name }) {
                for selector in config.selectors where !entry.events[at].selectors.contains(selector) {
                    entry.events[at].selectors.append(selector)
                }
            } else {
                entry.events.append((name, config.selectors))
            }
            byClass[config.className] = entry
        }
        if appVersion == nil {
            let limited = chosen.filter { !$0.versions.intervals.isEmpty }
            if !limited.isEmpty {
                notes.append(
                    "no --app-version: \(limited.count) config(s) that hold only some versions are all in the table; give --app-version for one release's table"
                )
            }
        }
        self.classes = byClass.keys.sorted().map { byClass[$0]! }
        self.unexpressed = notes
    }

    /// The table's text: the layout hook libraries' own example tables use (one class a block, one event a line),
    /// ending with a newline.
    public var text: String {
        var out = "{\n  \"version\": "
        JSONWriter.writeString(version, into: &out)
        guard !classes.isEmpty else { return out + ",\n  \"tracking\": []\n}\n" }
        out += ",\n  \"tracking\": [\n"
        for (position, entry) in classes.enumerated() {
            out += "    {\"class\": "
            JSONWriter.writeString(entry.className, into: &out)
            out += ",\n     \"event\": {"
            for (index, event) in entry.events.enumerated() {
                if index > 0 { out += ",\n               " }
                JSONWriter.writeString(event.name, into: &out)
                out += ": "
                if event.selectors.count == 1 {
                    JSONWriter.writeString(event.selectors[0], into: &out)
                } else {
                    out += "["
                    for (at, selector) in event.selectors.enumerated() {
                        if at > 0 { out += ", " }
                        JSONWriter.writeString(selector, into: &out)
                    }
                    out += "]"
                }
            }
            out += "}}" + (position == classes.count - 1 ? "\n" : ",\n")
        }
        return out + "  ]\n}\n"
    }
}
