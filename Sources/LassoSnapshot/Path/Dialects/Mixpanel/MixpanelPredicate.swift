/// A predicate of a Mixpanel selector step (`[text == "Label 1"]`): the subset of `NSPredicate`'s format that
/// codeless selectors use, evaluated on one object of the tree as the SDK's `evaluateWithObject:` would.
public indirect enum MixpanelPredicate: Sendable, Hashable {
    case constant(Bool)
    case not(MixpanelPredicate)
    /// `AND`: every one holds, checked left to right and stopping at the first that fails.
    case all([MixpanelPredicate])
    /// `OR`: one holds, checked left to right and stopping at the first that holds.
    case any([MixpanelPredicate])
    case compare(MixpanelOperand, MixpanelComparison, MixpanelOperand)

    /// True when the predicate holds on `object`; a comparison `NSPredicate` would raise on (a string against a
    /// number) makes the whole predicate false, as the SDK catches the exception and answers false.
    public func holds(on object: MixpanelObject, in tree: MixpanelTree) -> Bool {
        (try? evaluate(on: object, in: tree)) ?? false
    }

    private func evaluate(on object: MixpanelObject, in tree: MixpanelTree) throws(MixpanelPredicateRaise) -> Bool {
        switch self {
        case .constant(let value): return value
        case .not(let inner): return try !inner.evaluate(on: object, in: tree)
        case .all(let parts):
            for part in parts {
                if try !part.evaluate(on: object, in: tree) { return false }
            }
            return true
        case .any(let parts):
            for part in parts {
                if try part.evaluate(on: object, in: tree) { return true }
            }
            return false
        case .compare(let left, let comparison, let right):
            return try comparison.holds(left.value(on: object, in: tree), right.value(on: object, in: tree))
        }
    }
}

/// What `NSPredicate` raises on, which the SDK turns into "not selected".
struct MixpanelPredicateRaise: Error {}

/// One side of a comparison: a key path on the object or a literal.
public indirect enum MixpanelOperand: Sendable, Hashable {
    case keyPath(String)
    case string(String)
    case number(Double)
    case null
    /// An aggregate `{1, 2, "a"}`, the right side of `IN`.
    case list([MixpanelOperand])

    func value(on object: MixpanelObject, in tree: MixpanelTree) -> MixpanelValue {
        switch self {
        case .keyPath(let path): return MixpanelValue(tree.value(of: path, on: object))
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .null: return .null
        case .list(let items): return .list(items.map { $0.value(on: object, in: tree) })
        }
    }
}

/// A value a predicate compares, as Foundation sees it: booleans are numbers, objects are opaque.
enum MixpanelValue: Equatable {
    case null
    case number(Double)
    case string(String)
    case list([MixpanelValue])
    case other

    init(_ json: JSONValue?) {
        switch json {
        case nil, .null: self = .null
        case .bool(let flag): self = .number(flag ? 1 : 0)
        case .number(let text): self = Double(text).map { .number($0) } ?? .other
        case .string(let text): self = .string(text)
        case .array(let items): self = .list(items.map { MixpanelValue($0) })
        case .object: self = .other
        }
    }

    /// `isEqual:`: numbers by value, strings by their characters, nil only to nil.
    func isEqual(_ other: MixpanelValue) -> Bool {
        switch (self, other) {
        case (.null, .null): true
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.list(let a), .list(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.isEqual($1) }
        default: false
        }
    }
}

/// The comparison operators lasso evaluates, by their `NSPredicate` meaning.
public enum MixpanelComparison: String, Sendable, Hashable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH"
    case contains = "CONTAINS"
    case endsWith = "ENDSWITH"
    case isIn = "IN"

    func holds(_ left: MixpanelValue, _ right: MixpanelValue) throws(MixpanelPredicateRaise) -> Bool {
        switch self {
        case .equal: return left.isEqual(right)
        case .notEqual: return !left.isEqual(right)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            switch (left, right) {
            case (.null, _), (_, .null): return false
            case (.number(let a), .number(let b)): order = a < b ? -1 : (a > b ? 1 : 0)
            case (.string(let a), .string(let b)): order = a < b ? -1 : (a > b ? 1 : 0)
            default: throw MixpanelPredicateRaise()
            }
            switch self {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .beginsWith, .endsWith:
            switch (left, right) {
            case (.null, _), (_, .null): return false
            case (.string(let a), .string(let b)): return self == .beginsWith ? a.hasPrefix(b) : a.hasSuffix(b)
            default: throw MixpanelPredicateRaise()
            }
        case .contains:
            switch (left, right) {
            case (.null, _), (_, .null): return false
            case (.string(let a), .string(let b)): return b.isEmpty ? false : a.contains(b)
            case (.list(let items), let wanted): return items.contains { $0.isEqual(wanted) }
            default: throw MixpanelPredicateRaise()
            }
        case .isIn:
            switch (left, right) {
            case (_, .null): return false
            case (let wanted, .list(let items)): return items.contains { $0.isEqual(wanted) }
            case (.null, .string): return false
            case (.string(let a), .string(let b)): return a.isEmpty ? false : b.contains(a)
            default: throw MixpanelPredicateRaise()
            }
        }
    }
}

extension MixpanelTree {
    /// `valueForKeyPath:` on a tree object: a view's through lasso's KVC, a controller's `title` and `properties`;
    /// every view answers `mp_fingerprintVersion` with 1, as the SDK's category on `UIView` does.
    func value(of keyPath: String, on object: MixpanelObject) -> JSONValue? {
        switch object {
        case .view(let node):
            if let value = KeyPathEvaluator(snapshot).evaluate(keyPath, on: node).value { return value }
            return keyPath == "mp_fingerprintVersion" ? .int(1) : nil
        case .controller(let node):
            guard let info = snapshot.controller(of: node) else { return nil }
            if keyPath == "title" { return info.title.map { .string($0) } }
            var value = snapshot.properties(of: info)
            for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
                value = value?[String(key)]
            }
            return value
        }
    }
}
