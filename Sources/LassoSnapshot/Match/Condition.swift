import Foundation

/// A condition that tells apart views, states or events sharing one path (docs/viewpath.md, "Conditions"): `title=加入购物车`, `state.isOn=true`.
///
/// `action` checks the view's target-action selectors; `alert.title` and `alert.message` check the alert
/// that holds the view; any other key is a KVC key path on the view, compared as text.
public struct Condition: Sendable, Hashable, CustomStringConvertible {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// Parses `KEY=VALUE`.
    public init?(parsing text: String) {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let key = text[..<equals].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { return nil }
        self.init(key: key, value: String(text[text.index(after: equals)...]))
    }

    public var description: String { key + "=" + value }

    public func holds(on node: Int, in snapshot: Snapshot) -> Bool {
        guard let actual = Condition.actualValues(of: key, on: node, in: snapshot) else { return false }
        return actual.contains { Condition.same($0, value) }
    }

    /// The values the key has on the view (several for `action`), or nil when it has none.
    public static func actualValues(of key: String, on node: Int, in snapshot: Snapshot) -> [String]? {
        switch key {
        case "action", "actions":
            let actions = snapshot.actions(of: node)
            return actions.isEmpty ? nil : actions
        case "alert.title", "alert.message":
            guard let alert = EventType.alertController(above: node, in: snapshot),
                let controller = snapshot.controller(of: alert)
            else { return nil }
            if key == "alert.title" {
                if let title = controller.title { return [title] }
            }
            let field = key == "alert.title" ? "title" : "message"
            return snapshot.properties(of: controller)?[field].map { [$0.plainText] }
        default:
            return KeyPathEvaluator(snapshot).evaluate(key, on: node).value.map { [$0.plainText] }
        }
    }

    /// Text equality, with numbers equal by value (`1` and `1.0`) and booleans by name.
    static func same(_ actual: String, _ wanted: String) -> Bool {
        if actual == wanted { return true }
        if let left = Double(actual), let right = Double(wanted) { return left == right }
        return false
    }

    /// The conditions that a config on `node` starts with (docs/viewpath.md, "Conditions"): the stable ones only, a
    /// bar button's action and an alert's title and message when they hold no number.
    public static func suggested(for node: Int, in snapshot: Snapshot) -> [Condition] {
        candidates(for: node, in: snapshot).filter { $0.isStable }
    }

    /// The conditions that could tell `node` apart but are left for the person to add: an alert text with a number
    /// in it (an amount, a count, an order number) changes from one order, user or row to the next, and a config
    /// made with it would match only the moment it was captured.
    public static func offered(for node: Int, in snapshot: Snapshot) -> [Condition] {
        candidates(for: node, in: snapshot).filter { !$0.isStable }
    }

    /// True when the value is one that stays the same each time the view is shown: a selector, or a text with no digit.
    public var isStable: Bool {
        key == "action" || !value.contains { $0.isNumber }
    }

    private static func candidates(for node: Int, in snapshot: Snapshot) -> [Condition] {
        var conditions: [Condition] = []
        // Navigation bars and alert views are UIKit's: an Android view is judged by its own rules.
        let inNavigationBar =
            !snapshot.isAndroid
            && snapshot.ancestry(of: node).dropFirst().contains {
                snapshot.isKind($0, of: "UINavigationBar")
            }
        if inNavigationBar, let action = snapshot.actions(of: node).first {
            conditions.append(Condition(key: "action", value: action))
        }
        let isAlertAction =
            snapshot.isAndroid
            ? EventType.alertAction.applies(to: node, in: snapshot)
            : EventType.alertActionViews.contains(where: { snapshot.isKind(node, of: $0) })
        if isAlertAction {
            for key in ["alert.title", "alert.message"] {
                if let value = actualValues(of: key, on: node, in: snapshot)?.first {
                    conditions.append(Condition(key: key, value: value))
                }
            }
        }
        return conditions
    }
}
