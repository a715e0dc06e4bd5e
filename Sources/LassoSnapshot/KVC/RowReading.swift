/// How one key path reads across the rows a path matches: what differs from row to row (`mixed`: the kinds of the
/// values, or the views they come from, told apart by identity), and on how many rows the field is not there.
public struct RowReading: Sendable, Equatable {
    /// The kinds or the views with their counts (`1 × the TextView #read_count, 1 × the TextView #topic_title`), or
    /// nil when the rows that give a value give the same field.
    public var mixed: String?
    /// The rows that give nothing from the same field, or from no view at all (`views[#read_count]` on a row
    /// without a read count).
    public var absent: Int
    /// The rows read.
    public var rows: Int

    public init(mixed: String?, absent: Int, rows: Int) {
        self.mixed = mixed
        self.absent = absent
        self.rows = rows
    }

    /// `absent on 1 of 2 rows`, or nil when every row gives a value.
    public var absentWords: String? {
        absent > 0 && absent < rows ? "absent on \(absent) of \(rows) rows" : nil
    }
}
