/// A count as messages write it: its thousands grouped by commas (100,000), whatever the locale.
public enum GroupedNumber {
    public static func text(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        return (number < 0 ? "-" : "") + ([Substring(digits)] + groups).joined(separator: ",")
    }
}
