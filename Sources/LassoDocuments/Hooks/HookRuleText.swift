import Foundation
import LassoSnapshot

/// The one-line text form of a hook rule, as `lasso hook add --rule` takes it and `lasso hook list` shows it:
/// `dataManager.orderType == 1 && $args[0].tag in [1, 2] => user_order_click`; `=> event` is the default rule.
///
/// Operators: `==` (equals), `!=` (notEquals), `in` (oneOf, a JSON array), `contains`. A value that reads as JSON
/// (`1`, `true`, `null`, `"quoted text"`) is that value; any other text is a string.
public enum HookRuleText {
    static let operators: [(text: String, op: HookOperator)] = [
        (" == ", .equals), (" != ", .notEquals), (" in ", .oneOf), (" contains ", .contains),
    ]

    /// The rule `text` says, or what is wrong with it (expected and found, for one message).
    public static func parse(_ text: String) -> Result<HookRule, InputError> {
        func fault(_ expected: String, _ found: String) -> Result<HookRule, InputError> {
            .failure(InputError(file: "--rule", expected: expected, found: found))
        }
        guard let arrow = text.range(of: "=>", options: .backwards) else {
            return fault("CONDITION [&& CONDITION…] => EVENT (or => EVENT for the default)", "\"\(text)\" (no =>)")
        }
        let event = text[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
        guard !event.isEmpty, !event.unicodeScalars.contains(where: DisplayText.isEscaped) else {
            return fault("an event name after =>", "\"\(event)\"")
        }
        let left = text[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
        var conditions: [HookCondition] = []
        if !left.isEmpty {
            for part in left.components(separatedBy: "&&") {
                let piece = " " + part.trimmingCharacters(in: .whitespaces) + " "
                guard
                    let (found, op) = operators.compactMap({ entry in
                        piece.range(of: entry.text).map { ($0, entry.op) }
                    }).min(by: { $0.0.lowerBound < $1.0.lowerBound })
                else {
                    return fault(
                        "a condition KEYPATH == VALUE (or !=, in, contains)",
                        "\"\(part.trimmingCharacters(in: .whitespaces))\"")
                }
                let sourceText = piece[..<found.lowerBound].trimmingCharacters(in: .whitespaces)
                guard let source = HookSource(sourceText) else {
                    return fault("a key path on the instance or $args[i] (i below 64)", "\"\(sourceText)\"")
                }
                let valueText = piece[found.upperBound...].trimmingCharacters(in: .whitespaces)
                let value =
                    (try? JSONParser.parse(Array(valueText.utf8), file: "--rule")) ?? .string(valueText)
                switch (op, value) {
                case (.oneOf, .array(let items))
                where !items.isEmpty && !items.contains(where: KeyPathEvaluator.isContainer):
                    break
                case (.oneOf, _):
                    return fault("a JSON array of values after in ([1, 2])", "\"\(valueText)\"")
                case (_, .array), (_, .object):
                    return fault("a string, number, boolean or null", "\"\(valueText)\"")
                default: break
                }
                conditions.append(HookCondition(source: source, op: op, value: value))
            }
        }
        return .success(HookRule(when: conditions, event: event))
    }

    /// The rule in the form `parse` reads.
    public static func write(_ rule: HookRule) -> String {
        let conditions = rule.when.map { condition in
            let op = operators.first { $0.op == condition.op }!.text
            return condition.source.description + op + JSONWriter.compact(condition.value)
        }
        return (conditions.isEmpty ? "" : conditions.joined(separator: " && ") + " ") + "=> " + rule.event
    }
}
