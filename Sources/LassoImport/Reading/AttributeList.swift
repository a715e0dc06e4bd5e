/// A node's attributes as names and texts in the order they came, each name once (a repeated name keeps its last
/// text): for the dozen attributes a dump gives each node, looking a name up along the list costs less than hashing
/// it into a dictionary.
struct AttributeList {
    private var pairs: [(name: String, text: String)] = []

    init() {}

    var count: Int { pairs.count }
    var names: [String] { pairs.map(\.name) }

    /// The text of `name`, or nil; setting replaces an earlier text of the same name.
    subscript(name: String) -> String? {
        get { index(of: name).map { pairs[$0].text } }
        set {
            if let at = index(of: name) {
                if let newValue { pairs[at].text = newValue } else { pairs.remove(at: at) }
            } else if let newValue {
                pairs.append((name, newValue))
            }
        }
    }

    mutating func reserveCapacity(_ count: Int) { pairs.reserveCapacity(count) }

    /// Names are compared only when their lengths agree, which most names of a node's attributes do not.
    private func index(of name: String) -> Int? {
        let length = name.utf8.count
        for index in pairs.indices where pairs[index].name.utf8.count == length && pairs[index].name == name {
            return index
        }
        return nil
    }
}
