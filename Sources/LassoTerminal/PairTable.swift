import CNcursesw

/// The colour pairs of pictures: one extended pair per foreground/background combination on screen, made with
/// init_extended_pair as needed, within the terminal's pair count.
///
/// Pairs are never reused behind a cell's back: when a new screen needs more than are free, the table starts
/// again and the terminal repaints everything (a whole screen's combinations always fit, since `CursesTerminal`
/// lowers the colour depth until they do).
struct PairTable {
    /// The first pair number pictures use; those below are the styles'.
    let first: Int32
    /// How many pairs pictures may have.
    let capacity: Int
    private var pairs: [Int64: Int32] = [:]

    init(first: Int32, total: Int) {
        self.first = first
        capacity = max(0, min(total, 0x7FFF_FFFF) - Int(first))
    }

    static func key(_ foreground: Int32, _ background: Int32) -> Int64 {
        Int64(foreground) << 32 | Int64(UInt32(bitPattern: background))
    }

    /// How many of `keys` the table does not hold yet.
    func missing(_ keys: Set<Int64>) -> Int { keys.reduce(0) { $0 + (pairs[$1] == nil ? 1 : 0) } }

    var count: Int { pairs.count }

    /// Forgets every pair (the caller repaints the whole screen).
    mutating func reset() { pairs.removeAll(keepingCapacity: true) }

    /// The pair for a combination, made when new; nil when the table is full.
    mutating func pair(_ key: Int64) -> Int32? {
        if let pair = pairs[key] { return pair }
        guard pairs.count < capacity else { return nil }
        let pair = first + Int32(pairs.count)
        let foreground = Int32(truncatingIfNeeded: key >> 32)
        let background = Int32(truncatingIfNeeded: key)
        guard init_extended_pair(pair, foreground, background) == OK else { return nil }
        pairs[key] = pair
        return pair
    }
}
