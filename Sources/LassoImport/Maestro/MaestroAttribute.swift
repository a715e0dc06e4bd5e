/// The attributes of a Maestro node that lasso reads or puts first in a view's `properties`, in the order they are put
/// there; the five flags are also the node's own boolean members, which win over the attributes of their names.
enum MaestroAttribute: Int, CaseIterable {
    case `class`, text, resourceID, accessibilityText, hintText, title, value, bounds
    case clickable, enabled, focused, checked, selected

    /// The names, in `properties` order.
    static let names = allCases.map(\.name)
    /// The flags, in the order their members are set in `properties`.
    static let flags: [MaestroAttribute] = [.clickable, .enabled, .focused, .checked, .selected]

    var name: String {
        switch self {
        case .class: return "class"
        case .text: return "text"
        case .resourceID: return "resource-id"
        case .accessibilityText: return "accessibilityText"
        case .hintText: return "hintText"
        case .title: return "title"
        case .value: return "value"
        case .bounds: return "bounds"
        case .clickable: return "clickable"
        case .enabled: return "enabled"
        case .focused: return "focused"
        case .checked: return "checked"
        case .selected: return "selected"
        }
    }

    /// Whether it is one of the five flags.
    var isFlag: Bool { rawValue >= MaestroAttribute.clickable.rawValue }

    /// The attribute named by `name` (UTF-8 bytes), nil for any other name.
    init?(_ name: UnsafeBufferPointer<UInt8>) {
        func `is`(_ word: StaticString) -> Bool { ByteText.equals(name, word) }
        switch name.count {
        case 4: self.init(rawValue: `is`("text") ? MaestroAttribute.text.rawValue : -1)
        case 5:
            self.init(
                rawValue: `is`("class")
                    ? MaestroAttribute.class.rawValue
                    : `is`("title")
                        ? MaestroAttribute.title.rawValue
                        : `is`("value") ? MaestroAttribute.value.rawValue : -1)
        case 6: self.init(rawValue: `is`("bounds") ? MaestroAttribute.bounds.rawValue : -1)
        case 7:
            self.init(
                rawValue: `is`("enabled")
                    ? MaestroAttribute.enabled.rawValue
                    : `is`("focused")
                        ? MaestroAttribute.focused.rawValue
                        : `is`("checked") ? MaestroAttribute.checked.rawValue : -1)
        case 8:
            self.init(
                rawValue: `is`("hintText")
                    ? MaestroAttribute.hintText.rawValue : `is`("selected") ? MaestroAttribute.selected.rawValue : -1)
        case 9: self.init(rawValue: `is`("clickable") ? MaestroAttribute.clickable.rawValue : -1)
        case 11: self.init(rawValue: `is`("resource-id") ? MaestroAttribute.resourceID.rawValue : -1)
        case 17: self.init(rawValue: `is`("accessibilityText") ? MaestroAttribute.accessibilityText.rawValue : -1)
        default: return nil
        }
    }
}
