/// Where each node of a nested JSON tree is, as a JSON path spelled out only when a message names it: an importer
/// walks tens of thousands of nodes, and writing each one's path would be a good part of its time.
struct NodePlaces {
    /// The place of the root.
    static let root = -1
    /// Each place's parent place and its offset in the parent's array.
    private var entries: [(up: Int, offset: Int)] = []
    /// The member that holds a node's children (`children`).
    private let member: String

    init(member: String, expected: Int = 0) {
        self.member = member
        entries.reserveCapacity(expected)
    }

    /// The place of the child at `offset` of the node at `place`.
    mutating func child(_ offset: Int, of place: Int) -> Int {
        entries.append((place, offset))
        return entries.count - 1
    }

    /// The JSON path of `place`: `$.children[0].children[3]`.
    func path(_ place: Int) -> String {
        var offsets: [Int] = []
        var at = place
        while at != Self.root {
            offsets.append(entries[at].offset)
            at = entries[at].up
        }
        return "$" + offsets.reversed().map { ".\(member)[\($0)]" }.joined()
    }
}
