import Foundation
import LassoSnapshot

/// The `properties` of one iOS codeless object that make its tree and its view's fields, found in one pass over its
/// members (the last of a repeated name, as a look-up by name gives), each unwrapped as `CodelessIOSTree.value` does,
/// and the rest kept for the view's `properties`.
struct CodelessIOSProperties: Sendable {
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
    /// The frame and the subview ids when they were read in place, plainly written (`IOSPlainProperty`); `frame` and
    /// `subviews` are nil then.
    var frameRead: Rect?
    var subviewIDs: [String]?
    /// The members that are neither the tree's structure nor fields (`CodelessIOSTree.structural`), in order.
    private var others: [JSONObject.Member] = []

    /// The properties the tree reads, by name.
    enum Field {
        case subelements, windows, keyWindow, subviews, view, rootViewController, hidden, alpha, elementContent, text
        case titleForState, accessibilityIdentifier, accessibilityLabel, contentOffset, frame

        /// The field a property name (UTF-8) is, or nil. By length first: an object has many properties, and there are
        /// thousands of objects.
        init?(_ name: UnsafeBufferPointer<UInt8>) {
            func `is`(_ word: StaticString) -> Bool { ByteText.equals(name, word) }
            switch name.count {
            case 4: self.init(`is`("text") ? .text : `is`("view") ? .view : nil)
            case 5: self.init(`is`("alpha") ? .alpha : `is`("frame") ? .frame : nil)
            case 6: self.init(`is`("hidden") ? .hidden : nil)
            case 7: self.init(`is`("windows") ? .windows : nil)
            case 8: self.init(`is`("subviews") ? .subviews : nil)
            case 9: self.init(`is`("keyWindow") ? .keyWindow : nil)
            case 11: self.init(`is`("subelements") ? .subelements : nil)
            case 13: self.init(`is`("titleForState") ? .titleForState : `is`("contentOffset") ? .contentOffset : nil)
            case 15: self.init(`is`("element_content") ? .elementContent : nil)
            case 18:
                self.init(
                    `is`("rootViewController")
                        ? .rootViewController : `is`("accessibilityLabel") ? .accessibilityLabel : nil)
            case 23: self.init(`is`("accessibilityIdentifier") ? .accessibilityIdentifier : nil)
            default: return nil
            }
        }

        private init?(_ field: Field?) {
            guard let field else { return nil }
            self = field
        }
    }

    /// No properties.
    init() {}

    init(_ object: JSONValue) {
        guard case .object(let properties)? = object["properties"] else { return }
        others.reserveCapacity(properties.count)
        for member in properties.members {
            var key = member.key
            if let field = key.withUTF8({ Field($0) }) { set(field, member.value) }
            if !CodelessIOSTree.structural.contains(key) { others.append(member) }
        }
    }

    /// Sets a field to a property's value (as the snapshot gives it, wrapped or bare).
    mutating func set(_ field: Field, _ value: JSONValue) {
        switch field {
        case .subelements: subelements = value
        case .windows: windows = value
        case .keyWindow: keyWindow = value
        case .subviews: subviews = value
        case .view: view = value
        case .rootViewController: rootViewController = value
        case .hidden: hidden = value
        case .alpha: alpha = value
        case .elementContent: elementContent = value
        case .text: text = value
        case .titleForState: titleForState = value
        case .accessibilityIdentifier: accessibilityIdentifier = value
        case .accessibilityLabel: accessibilityLabel = value
        case .contentOffset: contentOffset = value
        case .frame: frame = value
        }
    }

    /// Whether a property name (UTF-8) is the tree's structure or a field (`CodelessIOSTree.structural`).
    static func isStructure(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        CodelessIOSTree.structural.contains(String(decoding: name, as: UTF8.self))
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
