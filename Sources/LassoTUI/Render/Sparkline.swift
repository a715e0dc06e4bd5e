/// A row of counts as a line of block glyphs, one a count, scaled to the largest: `▁▃█▅` (a zero is a blank, so a
/// day with nothing stands out from a day with little).
public enum Sparkline {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    public static func text(_ counts: [Int]) -> String {
        let largest = counts.max() ?? 0
        guard largest > 0 else { return String(repeating: " ", count: counts.count) }
        return String(
            counts.map { count -> Character in
                guard count > 0 else { return " " }
                let level = (count * levels.count + largest - 1) / largest - 1
                return levels[min(levels.count - 1, max(0, level))]
            })
    }
}
