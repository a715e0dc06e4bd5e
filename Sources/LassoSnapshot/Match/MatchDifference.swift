/// How the views one path matches differ where a person would not expect it: a class, a target-action, or a
/// button's title (“5 "加入购物车", 1 "到货提醒"”), and the condition that keeps the most of them in one key.
///
/// A row's texts differing is what "any row" is for, so texts are not compared; titles are, on controls, where a
/// different title is a different button in the same place (a sold-out row's "notify me").
public struct MatchDifference: Sendable, Equatable {
    /// What differs: `class`, `action` or `title`.
    public var key: String
    /// Each value with how many of the matched views have it, most first.
    public var counts: [(value: String, count: Int)]
    /// The condition that keeps the views of the most frequent value, when a condition can say it.
    public var majority: Condition?

    public static func == (lhs: MatchDifference, rhs: MatchDifference) -> Bool {
        lhs.key == rhs.key && lhs.majority == rhs.majority
            && lhs.counts.map(\.value) == rhs.counts.map(\.value) && lhs.counts.map(\.count) == rhs.counts.map(\.count)
    }

    /// The first way the matched views differ, in a person's words first (title, then action, then class), or nil
    /// when they are alike.
    public static func find(in views: [Int], snapshot: Snapshot) -> MatchDifference? {
        guard views.count > 1 else { return nil }
        let titles = views.map { snapshot.title(of: $0) ?? "" }
        if titles.contains(where: { !$0.isEmpty }), let found = difference("title", titles, condition: "title") {
            return found
        }
        let actions = views.map { snapshot.actions(of: $0).first ?? "" }
        if actions.contains(where: { !$0.isEmpty }), let found = difference("action", actions, condition: "action") {
            return found
        }
        let classes = views.map { ClassName.pathName(snapshot.className(of: $0)) }
        return difference("class", classes, condition: nil)
    }

    private static func difference(_ key: String, _ values: [String], condition: String?) -> MatchDifference? {
        var counts: [(value: String, count: Int)] = []
        for value in values {
            if let at = counts.firstIndex(where: { $0.value == value }) {
                counts[at].count += 1
            } else {
                counts.append((value, 1))
            }
        }
        guard counts.count > 1 else { return nil }
        counts.sort { $0.count > $1.count }
        let top = counts[0]
        // A condition only when one value holds more than any other and says something (not the empty one).
        let majority =
            condition != nil && top.count > counts[1].count && !top.value.isEmpty
            ? Condition(key: condition!, value: top.value) : nil
        return MatchDifference(key: key, counts: counts, majority: majority)
    }

    /// `5 "加入购物车", 1 "到货提醒"`, with “(none)” for views that have no value.
    public var words: String {
        counts.map { "\($0.count) " + ($0.value.isEmpty ? "(no \(key))" : "“\($0.value)”") }.joined(separator: ", ")
    }
}
