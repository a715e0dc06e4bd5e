import LassoSnapshot

/// The members of one Android codeless view object that become fields, found in one pass over its members (the last of
/// a repeated name, as a look-up by name gives), and the rest kept for its `properties`.
struct CodelessAndroidMembers {
    var classes: JSONValue?
    var text: JSONValue?
    var elementContent: JSONValue?
    var sensorsID: JSONValue?
    var mixpanelID: JSONValue?
    var contentDescription: JSONValue?
    var visibility: JSONValue?
    var clickable: JSONValue?
    var scrollX: JSONValue?
    var scrollY: JSONValue?
    var left: JSONValue?
    var top: JSONValue?
    var width: JSONValue?
    var height: JSONValue?
    var translationX: JSONValue?
    var translationY: JSONValue?
    /// The hash codes of the view's children.
    var subviews: JSONValue?
    /// Whether Sensors' own members (`sa_id_name`, `element_level`) or Mixpanel's (`mp_id_name`) are there.
    var sensorsKeys = false
    var mixpanelKeys = false
    /// The members that are not fields nor the tree's structure (all but `classes`, `subviews`, `contentDescription`
    /// and `text`), in order.
    private var others: [JSONObject.Member] = []

    init(_ object: JSONObject) {
        others.reserveCapacity(object.count)
        for member in object.members {
            let value = member.value
            var kept = true
            // By length first: a view object has some twenty members, and there are thousands of views.
            switch member.key.utf8.count {
            case 3: if member.key == "top" { top = value }
            case 4:
                if member.key == "text" {
                    text = value
                    kept = false
                } else if member.key == "left" {
                    left = value
                }
            case 5: if member.key == "width" { width = value }
            case 6: if member.key == "height" { height = value }
            case 7:
                if member.key == "classes" {
                    classes = value
                    kept = false
                } else if member.key == "scrollX" {
                    scrollX = value
                } else if member.key == "scrollY" {
                    scrollY = value
                }
            case 8:
                if member.key == "subviews" {
                    subviews = value
                    kept = false
                }
            case 9: if member.key == "clickable" { clickable = value }
            case 10:
                if member.key == "visibility" {
                    visibility = value
                } else if member.key == "mp_id_name" {
                    mixpanelID = value
                    mixpanelKeys = true
                } else if member.key == "sa_id_name" {
                    sensorsID = value
                    sensorsKeys = true
                }
            case 12:
                if member.key == "translationX" {
                    translationX = value
                } else if member.key == "translationY" {
                    translationY = value
                }
            case 13: if member.key == "element_level" { sensorsKeys = true }
            case 15: if member.key == "element_content" { elementContent = value }
            case 18:
                if member.key == "contentDescription" {
                    contentDescription = value
                    kept = false
                }
            default: break
            }
            if kept { others.append(member) }
        }
    }

    /// The view's `properties`: `class` (the qualified class name) first, then every member kept, each name once, in
    /// its first place, with its last value (as setting the members one by one by name makes them).
    func properties(className: String?) -> JSONObject {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(others.count + 1)
        // Names' lengths beside them: a name is compared only with those of its length.
        var lengths: [Int] = []
        lengths.reserveCapacity(others.count + 1)
        func set(_ key: String, _ value: JSONValue) {
            let length = key.utf8.count
            for place in members.indices.reversed() where lengths[place] == length && members[place].key == key {
                members[place].value = value
                return
            }
            members.append(JSONObject.Member(key: key, value: value))
            lengths.append(length)
        }
        if let className { set("class", .string(className)) }
        for member in others { set(member.key, member.value) }
        return JSONObject(members)
    }
}
