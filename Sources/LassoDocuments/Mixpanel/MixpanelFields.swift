import LassoSnapshot

/// What a Mixpanel codeless SDK (iOS ≤ 3.9.2) needs beyond a config's selector to bind it from `/decide`'s
/// `event_bindings` (docs/sdk-mixpanel.md, "Event bindings"): which binding the view takes and its control events or
/// table, worked out on the screen when the config is written, since the document is written with no screen.
public struct MixpanelFields: Sendable, Equatable {
    /// The binding the SDK makes for the config's view, or why it makes none.
    public enum Binding: Sendable, Equatable {
        /// `ui_control`: the SDK adds a target for `controlEvent` on the control the path selects, checked at
        /// `verifyEvent` (0: at the control event itself).
        case control(controlEvent: Int, verifyEvent: Int)
        /// `ui_table_view`: the SDK swizzles `tableView:didSelectRowAtIndexPath:` on `tableDelegate` and tracks a
        /// selected row of the table `tablePath` selects.
        case tableRow(tablePath: String, tableDelegate: String)
        /// No binding: the SDK binds only controls' events and table rows.
        case none(reason: String)
    }

    public var binding: Binding

    public init(binding: Binding) { self.binding = binding }

    /// UIKit's `UIControlEvents` bits the bindings use (UIControl.h).
    public enum ControlEvent {
        public static let touchDown = 1
        public static let touchUpInside = 64
        public static let valueChanged = 4096
        public static let editingDidBegin = 65536
        public static let editingDidEndOnExit = 524288
    }

    /// The fields for a config on `event` whose view is `node`, read off the tree the SDK walks.
    public static func make(event: String, node: Int, dialect: MixpanelDialect) -> MixpanelFields {
        let snapshot = dialect.snapshot
        let name = snapshot.className(of: node)
        switch EventType(rawValue: event) {
        case .buttonClick?, .viewTap?:
            guard snapshot.isKind(node, of: "UIControl") else {
                return MixpanelFields(
                    binding: .none(
                        reason:
                            "\(name) is no UIControl: Mixpanel SDKs bind a tap only on a control (a button, a switch, a field) or a table row"
                    ))
            }
            return MixpanelFields(
                binding: .control(controlEvent: ControlEvent.touchUpInside, verifyEvent: ControlEvent.touchDown))
        case .valueChanged?:
            guard snapshot.isKind(node, of: "UIControl") else {
                return MixpanelFields(
                    binding: .none(reason: "\(name) is no UIControl, whose value change Mixpanel SDKs bind"))
            }
            return MixpanelFields(binding: .control(controlEvent: ControlEvent.valueChanged, verifyEvent: 0))
        case .searchSubmit?:
            guard snapshot.isKind(node, of: "UITextField") else {
                return MixpanelFields(
                    binding: .none(reason: "\(name) is no UITextField, whose Return Mixpanel SDKs bind"))
            }
            return MixpanelFields(
                binding: .control(
                    controlEvent: ControlEvent.editingDidEndOnExit, verifyEvent: ControlEvent.editingDidBegin))
        case .listItemClick?:
            return tableRow(of: node, dialect: dialect)
        default:
            return MixpanelFields(
                binding: .none(
                    reason:
                        "Mixpanel SDKs bind a control's tap, value change or Return and a table row's selection, not \(event)"
                ))
        }
    }

    /// The table binding for a row (or a view in it): the table's own selector and the controller that holds it,
    /// the usual delegate of its rows.
    static func tableRow(of node: Int, dialect: MixpanelDialect) -> MixpanelFields {
        let snapshot = dialect.snapshot
        var current: Int? = node
        while let view = current, !snapshot.isKind(view, of: "UITableView") {
            if snapshot.isKind(view, of: "UICollectionView") {
                return MixpanelFields(
                    binding: .none(reason: "Mixpanel SDKs bind rows of a UITableView only, not of a UICollectionView"))
            }
            current = snapshot.parent(of: view)
        }
        guard let table = current else {
            return MixpanelFields(
                binding: .none(reason: "the view sits in no UITableView, whose rows Mixpanel SDKs bind"))
        }
        guard let tablePath = dialect.location(of: table)?.path else {
            return MixpanelFields(
                binding: .none(reason: "Mixpanel SDKs name no selector for the table (it is outside the key window)"))
        }
        var page: Int? = table
        while let view = page, !snapshot.isPageRoot(view) { page = snapshot.parent(of: view) }
        guard let holder = page.flatMap(snapshot.controller(of:)) else {
            return MixpanelFields(
                binding: .none(reason: "no view controller holds the table, to be its table_delegate"))
        }
        let delegate = ClassName.runtimeNames(holder.className).last ?? holder.className
        return MixpanelFields(binding: .tableRow(tablePath: tablePath, tableDelegate: delegate))
    }

    /// What is wrong with these fields on a config of `event` at `path` (a hand-edited file): the binding lasso
    /// makes for that event, as the codec's expected and found; nil when they fit. A `none` always fits.
    func misfit(event: String, path: String) -> (key: String, expected: String, found: String)? {
        let controls: [String: (Int, Int)] = [
            "ButtonClick": (ControlEvent.touchUpInside, ControlEvent.touchDown),
            "ViewTap": (ControlEvent.touchUpInside, ControlEvent.touchDown),
            "ValueChanged": (ControlEvent.valueChanged, 0),
            "SearchSubmit": (ControlEvent.editingDidEndOnExit, ControlEvent.editingDidBegin),
        ]
        let wanted: String
        if let (control, verify) = controls[event] {
            wanted = "ui_control with controlEvent \(control) and verifyEvent \(verify)"
        } else if event == EventType.listItemClick.rawValue {
            wanted = "ui_table_view with the selector of a table above the view"
        } else {
            wanted = "none (Mixpanel SDKs bind no \(event))"
        }
        switch binding {
        case .none:
            return nil
        case .control(let controlEvent, let verifyEvent):
            if let (control, verify) = controls[event], control == controlEvent, verify == verifyEvent { return nil }
            return (
                "mixpanel", "the binding lasso makes for \(event): \(wanted)",
                "ui_control with controlEvent \(controlEvent) and verifyEvent \(verifyEvent)"
            )
        case .tableRow(let tablePath, _):
            guard event == EventType.listItemClick.rawValue else {
                return ("mixpanel", "the binding lasso makes for \(event): \(wanted)", "ui_table_view")
            }
            guard path.hasPrefix(tablePath + "/") else {
                return (
                    "mixpanel.tablePath", "the selector of a UITableView above the view (a start of its viewPath)",
                    "\"\(tablePath)\""
                )
            }
            return nil
        }
    }

    /// Why a config cannot be sent to Mixpanel SDKs, in words; nil when it can.
    public static func unsent(_ config: KVCConfig) -> String? {
        guard config.profile == .mixpanel else {
            return
                "its path is written in \(config.profile.rawValue)'s dialect, not as a Mixpanel selector: write it with --profile mixpanel"
        }
        guard let fields = config.mixpanel else {
            return
                "it was written before lasso kept the Mixpanel binding: save it again on a screen (lasso config edit \(config.shortID) --profile mixpanel --snapshot … --node …)"
        }
        if case .none(let reason) = fields.binding { return reason }
        // The SDK's selector scanner stops at a flag and reads `%` as a format: a selector with either is cut short.
        if config.viewPathText.contains("(") {
            return "its selector has a flag such as (unique), after which the SDK's parser reads nothing"
        }
        if config.viewPathText.contains("%") {
            return "its selector has a %, which the SDK's predicate reads as a format specifier"
        }
        return nil
    }

    /// The fields as a config file writes them (`"mixpanel"`).
    public var json: JSONValue {
        var object = JSONObject()
        switch binding {
        case .control(let controlEvent, let verifyEvent):
            object["binding"] = .string("ui_control")
            object["controlEvent"] = .int(controlEvent)
            object["verifyEvent"] = .int(verifyEvent)
        case .tableRow(let tablePath, let tableDelegate):
            object["binding"] = .string("ui_table_view")
            object["tablePath"] = .string(tablePath)
            object["tableDelegate"] = .string(tableDelegate)
        case .none(let reason):
            object["binding"] = .string("none")
            object["reason"] = .string(reason)
        }
        return .object(object)
    }

    /// Reads the `"mixpanel"` field of a config; `fault` places an error at a key below it.
    static func decode(_ value: JSONValue, fault: (String, String, String) -> InputError) throws(InputError)
        -> MixpanelFields
    {
        guard case .object(let object) = value else { throw fault("mixpanel", "an object", value.kindDescription) }
        func text(_ key: String) throws(InputError) -> String {
            guard case .string(let text)? = object[key], !text.isEmpty else {
                throw fault("mixpanel." + key, "a non-empty string", object[key]?.kindDescription ?? "none")
            }
            return text
        }
        func events(_ key: String, required: Bool) throws(InputError) -> Int {
            guard let field = object[key] else {
                if required { throw fault("mixpanel." + key, "a UIControlEvents number", "none") }
                return 0
            }
            guard case .number(let text) = field, let number = Int(text), number >= 0, number <= 0xFFFF_FFFF else {
                throw fault("mixpanel." + key, "a UIControlEvents number (0 to 4294967295)", field.kindDescription)
            }
            guard !required || number > 0 else { throw fault("mixpanel." + key, "a UIControlEvents number", "0") }
            return number
        }
        switch try text("binding") {
        case "ui_control":
            return MixpanelFields(
                binding: .control(
                    controlEvent: try events("controlEvent", required: true),
                    verifyEvent: try events("verifyEvent", required: false)))
        case "ui_table_view":
            let tablePath = try text("tablePath")
            do {
                _ = try MixpanelDialect.read(tablePath)
            } catch {
                throw fault("mixpanel.tablePath", "a Mixpanel selector (\(error.reason))", "\"\(tablePath)\"")
            }
            let delegate = try text("tableDelegate")
            guard delegate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) else {
                throw fault("mixpanel.tableDelegate", "an Objective-C class name (Module.Class)", "\"\(delegate)\"")
            }
            return MixpanelFields(binding: .tableRow(tablePath: tablePath, tableDelegate: delegate))
        case "none":
            return MixpanelFields(binding: .none(reason: try text("reason")))
        case let other:
            throw fault("mixpanel.binding", "ui_control, ui_table_view or none", "\"\(other)\"")
        }
    }
}
