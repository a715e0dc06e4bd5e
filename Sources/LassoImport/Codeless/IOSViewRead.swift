import LassoSnapshot

/// An object of an iOS codeless snapshot's `objects`: parsed as a value (a controller, the application, anything in
/// an unusual shape), or a plain view read in place from its bytes (`IOSViewObjectScan`).
enum IOSObject: Sendable {
    case parsed(JSONValue)
    case read(IOSViewRead)

    /// The object's `id`, nil when it has none.
    var id: JSONValue? {
        switch self {
        case .parsed(let object): return object["id"]
        case .read(let view): return view.id
        }
    }
}

/// A view object of an iOS codeless snapshot read in place: its id, its class list, whether it has Sensors' members,
/// the properties the tree reads (as values, wrapped as the snapshot gives them), and its `properties` field, `id`
/// first and every other kept property unwrapped, as compact JSON. A class: the tree passes each view around a few
/// times, and its properties are many values to copy.
final class IOSViewRead: Sendable {
    let id: JSONValue
    let classList: Int
    let sensors: Bool
    let properties: CodelessIOSProperties
    let json: [UInt8]

    init(id: JSONValue, classList: Int, sensors: Bool, properties: CodelessIOSProperties, json: [UInt8]) {
        self.id = id
        self.classList = classList
        self.sensors = sensors
        self.properties = properties
        self.json = json
    }
}
