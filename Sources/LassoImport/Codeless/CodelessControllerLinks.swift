import LassoSnapshot

/// What an iOS codeless snapshot says of its controllers beyond the view tree, as the snapshot's SDK fields
/// (docs/snapshot-format.md, "Fields SDK profiles read"): each controller's view, its place among its parent's
/// `childViewControllers`, and which controller presented which.
struct CodelessControllerLinks {
    /// For each controller object, the id of its `view`.
    private var viewIDs: [String: String] = [:]
    /// For each controller object (by index), its position among its parent's `childViewControllers`.
    private(set) var childIndex: [Int: Int] = [:]
    /// For each container (by index), the class names of its `childViewControllers`.
    private(set) var childClasses: [Int: [String]] = [:]
    /// For each controller (by index) that presented one, the id of the presented controller's view.
    private(set) var presentedView: [Int: String] = [:]
    private(set) var isPresented: Set<Int> = []

    init() {}

    init(
        objects: [JSONValue], chains: [[String]], byID: [String: Int], value: (JSONValue, String) -> JSONValue?
    ) {
        func ids(_ property: JSONValue?) -> [String] {
            guard let property, !property.isNull else { return [] }
            return property.arrayValue.map { $0.filter { !$0.isNull }.map(\.plainText) } ?? [property.plainText]
        }
        for index in objects.indices where chains[index].contains("UIViewController") {
            let id = objects[index]["id"]!.plainText
            if let view = value(objects[index], "view"), !view.isNull { viewIDs[id] = view.plainText }
        }
        for index in objects.indices where chains[index].contains("UIViewController") {
            let children = ids(value(objects[index], "childViewControllers"))
            if !children.isEmpty {
                childClasses[index] = children.map { byID[$0].flatMap { chains[$0].first } ?? "UIViewController" }
                for (position, child) in children.enumerated() {
                    if let row = byID[child], childIndex[row] == nil { childIndex[row] = position }
                }
            }
            if let presented = ids(value(objects[index], "presentedViewController")).first,
                let row = byID[presented]
            {
                isPresented.insert(row)
                if let view = viewIDs[presented] { presentedView[index] = view }
            }
        }
    }

    /// The id of the view of the controller whose id is `controller`.
    func viewID(ofController controller: String) -> String? { viewIDs[controller] }
}
