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
    /// and `text`), each name once, in its first place, with its last value; the lengths of their names beside them.
    private var others: [JSONObject.Member] = []
    private var lengths: [Int] = []

    init(_ object: JSONObject) {
        others.reserveCapacity(object.count + 1)
        lengths.reserveCapacity(object.count + 1)
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
            if kept { keep(member) }
        }
    }

    /// Keeps a member for `properties`: a name met before takes the new value in its first place. Names are compared
    /// only with those of their length.
    private mutating func keep(_ member: JSONObject.Member) {
        let length = member.key.utf8.count
        for place in others.indices.reversed() where lengths[place] == length && others[place].key == member.key {
            others[place].value = member.value
            return
        }
        others.append(member)
        lengths.append(length)
    }

    /// The view's `properties`: `class` (the qualified class name) first, then every member kept, each name once, in
    /// its first place, with its last value (as setting the members one by one by name makes them): a member named
    /// `class` gives its value to the first place.
    /// Read once: the members are moved into the result.
    mutating func properties(className: String?) -> JSONObject {
        var members = others
        others = []
        if let className {
            if let place = members.indices.first(where: { lengths[$0] == 5 && members[$0].key == "class" }) {
                let named = members.remove(at: place)
                members.insert(named, at: 0)
            } else {
                members.insert(JSONObject.Member(key: "class", value: .string(className)), at: 0)
            }
        }
        return JSONObject(members)
    }
}
