import LassoSnapshot

/// The `properties` of one iOS codeless object that make its tree and its view's fields, found in one pass over its
/// members (the last of a repeated name, as a look-up by name gives), each unwrapped as `CodelessIOSTree.value` does,
/// and the rest kept for the view's `properties`.
struct CodelessIOSProperties {
    var subelements: JSONValue?
    var windows: JSONValue?
    var keyWindow: JSONValue?
    var subviews: JSONValue?
    var view: JSONValue?
    var rootViewController: JSONValue?
    var hidden: JSONValue?
    var alpha: JSONValue?
    var elementContent: JSONValue?
    var text: JSONValue?
    var titleForState: JSONValue?
    var accessibilityIdentifier: JSONValue?
    var accessibilityLabel: JSONValue?
    var contentOffset: JSONValue?
    var frame: JSONValue?
    /// The members that are neither the tree's structure nor fields (`CodelessIOSTree.structural`), in order.
    private var others: [JSONObject.Member] = []

    init(_ object: JSONValue) {
        guard case .object(let properties)? = object["properties"] else { return }
        others.reserveCapacity(properties.count)
        for member in properties.members {
            let key = member.key
            let value = member.value
            // By length first: an object has many properties, and there are thousands of objects.
            switch key.utf8.count {
            case 4:
                if key == "text" {
                    text = value
                } else if key == "view" {
                    view = value
                }
            case 5:
                if key == "alpha" {
                    alpha = value
                } else if key == "frame" {
                    frame = value
                }
            case 6: if key == "hidden" { hidden = value }
            case 7: if key == "windows" { windows = value }
            case 8: if key == "subviews" { subviews = value }
            case 9: if key == "keyWindow" { keyWindow = value }
            case 11: if key == "subelements" { subelements = value }
            case 13:
                if key == "titleForState" {
                    titleForState = value
                } else if key == "contentOffset" {
                    contentOffset = value
                }
            case 15: if key == "element_content" { elementContent = value }
            case 18:
                if key == "rootViewController" {
                    rootViewController = value
                } else if key == "accessibilityLabel" {
                    accessibilityLabel = value
                }
            case 23: if key == "accessibilityIdentifier" { accessibilityIdentifier = value }
            default: break
            }
            if !CodelessIOSTree.structural.contains(key) { others.append(member) }
        }
    }

    /// The view's `properties`: its `id` first (when it has one), then every property kept, unwrapped, each name once,
    /// in its first place, with its last value (as setting them one by one by name makes them).
    func properties(id: JSONValue?) -> JSONObject {
        var object = JSONObject()
        if let id { object["id"] = id }
        for member in others { object[member.key] = CodelessIOSTree.value(member.value) ?? .null }
        return object
    }
}
