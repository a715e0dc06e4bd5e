import LassoSnapshot

/// One view object of an Android codeless snapshot, as the tree needs it: what becomes its fields, its pixel numbers
/// (made points with the activity's scale once the whole activity is read), its `properties` as compact JSON, and the
/// hash codes that link it to its children. Read in place from the bytes (`AndroidObjectsReader`) or, for an object
/// in an unusual shape, from its parsed members.
struct AndroidViewObject: Sendable, Equatable {
    /// A pixel number as the snapshot gives it: missing (or null), a number, or something else, kept for the message
    /// that refuses it when the view is added.
    enum Pixels: Sendable, Equatable {
        case absent
        case value(Double)
        case refused(found: String)

        /// A number member's value as `CodelessAndroidTree` accepts it: a finite number under a billion pixels.
        init(_ value: JSONValue?) {
            guard let value, !value.isNull else {
                self = .absent
                return
            }
            guard case .number = value else {
                self = .refused(found: value.kindDescription)
                return
            }
            guard let number = value.doubleValue else {
                self = .refused(found: JSONWriter.compact(value))
                return
            }
            self = Pixels(number, text: { JSONWriter.compact(value) })
        }

        /// A number read from its text.
        init(_ number: Double, text: () -> String) {
            self = number.isFinite && abs(number) <= 1e9 ? .value(number) : .refused(found: text())
        }
    }

    /// What the entry is when it is not an object ("a string"), which the tree refuses; nil for a view object.
    var notAnObject: String?
    var hash: AndroidHashKey?
    var classList = 0
    var sensorsKeys = false
    var mixpanelKeys = false
    var hidden = false
    var text: String?
    var identifier: String?
    var label: String?
    var clickable = false
    var scrollX = Pixels.absent
    var scrollY = Pixels.absent
    var left = Pixels.absent
    var top = Pixels.absent
    var width = Pixels.absent
    var height = Pixels.absent
    var translationX = Pixels.absent
    var translationY = Pixels.absent
    /// The view's `properties` object as compact JSON.
    var properties: [UInt8] = []
    var subviews: [AndroidHashKey] = []

    init() {}

    /// An entry of the objects array that is not an object: the tree refuses it.
    init(notAnObject kind: String) {
        notAnObject = kind
    }

    /// A view object from its parsed members (the last of a repeated name counts, as a look-up by name gives).
    init(_ object: JSONObject, classLists: inout ClassListTable) {
        var read = CodelessAndroidMembers(object)
        sensorsKeys = read.sensorsKeys
        mixpanelKeys = read.mixpanelKeys
        if case .number(let text) = object["hashCode"] { hash = AndroidHashKey(text) }
        let classes = read.classes?.arrayValue ?? []
        let qualified = classes.compactMap(\.stringValue)
        classList = classLists.id(qualified, anonymous: classes.first?.isNull == true)
        if let visibility = read.visibility?.doubleValue, visibility != 0 { hidden = true }
        text = (read.text?.stringValue ?? read.elementContent?.stringValue).flatMap { $0.isEmpty ? nil : $0 }
        identifier = (read.sensorsID ?? read.mixpanelID)?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        label = read.contentDescription?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        clickable = read.clickable == .bool(true)
        scrollX = Pixels(read.scrollX)
        scrollY = Pixels(read.scrollY)
        left = Pixels(read.left)
        top = Pixels(read.top)
        width = Pixels(read.width)
        height = Pixels(read.height)
        translationX = Pixels(read.translationX)
        translationY = Pixels(read.translationY)
        JSONArrayWriter.write(.object(read.properties(className: qualified.first)), into: &properties)
        subviews = (read.subviews?.arrayValue ?? []).map { AndroidHashKey($0.plainText) }
    }
}
