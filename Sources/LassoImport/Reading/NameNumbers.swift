/// Numbers class names and lists of names in the order they are first met, as the loader numbers them.
struct NameNumbers {
    var strings: [String] = []
    var lists: [[String]] = []
    private var stringIDs: [String: Int32] = [:]
    private var listIDs: [[String]: Int32] = [:]

    mutating func className(_ name: String) -> Int32 {
        if let id = stringIDs[name] { return id }
        let id = Int32(strings.count)
        strings.append(name)
        stringIDs[name] = id
        return id
    }

    /// The id of a list of names. The loader tells lists apart by their JSON text, which two lists share exactly when
    /// they hold the same names in the same order.
    mutating func list(_ items: [String]) -> Int32 {
        if let id = listIDs[items] { return id }
        let id = Int32(lists.count)
        lists.append(items)
        listIDs[items] = id
        return id
    }
}
