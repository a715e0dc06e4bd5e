import LassoSnapshot

extension ContentCondition {
    /// Why `pattern` is not a regular expression lasso and every back end read alike, or nil when it keeps to
    /// `PortableRegex`'s subset and compiles within `RegexProgram`'s limits: what counting runs is what is checked.
    public static func regexProblem(_ pattern: String) -> String? {
        do {
            _ = try RegexProgram(pattern: pattern)
            return nil
        } catch {
            return error.text
        }
    }

    /// The condition as what it selects, for telling two definitions that count the same thing: a `oneOf`'s
    /// values in one order and each once, and a `oneOf` of one value as `equals`.
    public var meaning: ContentCondition {
        guard case .oneOf(let values) = operation else { return self }
        let distinct = Set(values).sorted()
        return ContentCondition(key: key, distinct.count == 1 ? .equals(distinct[0]) : .oneOf(distinct))
    }

    /// The condition in plain words: `entranceTitle is 热门推荐`, `url is one of a, b`, `title contains 推荐`,
    /// `title matches ^A.*$`.
    public var sentence: String {
        switch operation {
        case .equals(let value): "\(key) is \(value)"
        case .oneOf(let values): "\(key) is one of \(values.joined(separator: ", "))"
        case .contains(let value): "\(key) contains \(value)"
        case .regex(let pattern): "\(key) matches /\(pattern)/"
        }
    }
}

extension EventDefinition {
    /// How another saved definition clashes with this one, or nil when it does not.
    public enum Clash: Sendable, Equatable {
        /// The same app and `key` for an overlapping set of versions: a back end would count two things as one.
        case sameKey
        /// The same event, location (page included) and content for overlapping versions under another key: one thing
        /// counted twice.
        case sameMeaning
        /// The same app and `number` under another key, whatever the versions: a number names one event of its app
        /// for good.
        case sameNumber
    }

    /// The fields the SDK sends with every click whatever the configs say: `title`, `text` and `state.*`.
    public static func isSDKField(_ key: String) -> Bool {
        key == "title" || key == "text" || key == "state" || key.hasPrefix("state.")
    }

    /// How `other` clashes with this definition (docs/event-definitions.md, "Conflicts").
    public func clash(with other: EventDefinition) -> Clash? {
        guard id != other.id, appKey == other.appKey else { return nil }
        if versions.overlaps(other.versions) {
            if key == other.key { return .sameKey }
            if viewEvent == other.viewEvent && profile.recordsSDK == other.profile.recordsSDK
                && viewPath == other.viewPath && screen == other.screen
                && Set(content.map(\.meaning)) == Set(other.content.map(\.meaning))
            {
                return .sameMeaning
            }
        }
        // One event continued across releases (`check --repair` ends it at V and writes it again from V) keeps its
        // number under its key; another key never takes it.
        if let number, number == other.number, key != other.key { return .sameNumber }
        return nil
    }

    /// The definition in plain words, for a person checking what it counts: "ButtonClick on any EntranceButton in
    /// EntranceBar on HomeViewController whose entranceTitle is 热门推荐".
    public var sentence: String {
        var words =
            isPageOnly
            ? viewEvent + " of " + (screen.map { "the page " + $0 } ?? "every page")
            : viewEvent + " on " + EventDefinition.place(of: viewPath)
        if !content.isEmpty {
            words += " whose " + content.map(\.sentence).joined(separator: " and whose ")
        }
        return words
    }

    /// "any EntranceButton in EntranceBar on HomeViewController": the view, the nearest view around it that is not a
    /// plain container, and the page.
    static func place(of path: ViewPath) -> String {
        let segments = path.segments
        guard let last = segments.last else { return "any view" }
        func named(_ segment: PathSegment) -> String {
            (segment.index.hasWildcard ? "any " : "the ") + segment.label
        }
        var words = named(last)
        guard segments.count > 1 else { return words }
        let containers: Set<String> = [
            "UIView", "View", "ViewGroup", "FrameLayout", "LinearLayout", "RelativeLayout", "ConstraintLayout",
            "UITableViewCellContentView", "UICollectionViewCellContentView", "UIStackView",
        ]
        let between = segments.dropFirst().dropLast()
        if let holder = between.last(where: { !containers.contains($0.name) }) {
            words += " in " + (holder.index.hasWildcard ? "any " : "") + holder.label
        }
        return words + " on " + segments[0].label
    }
}
