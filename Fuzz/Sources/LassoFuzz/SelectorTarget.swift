import LassoSnapshot

/// The bytes as a Mixpanel selector: `MixpanelSelector.parse` (and the predicate parser on the same text), then the
/// selector evaluated forward and backward on the key path target's fixed screen. A refusal must say why; a selector
/// read gives segments that make the same selector again.
enum SelectorTarget {
    static let dialect = MixpanelDialect(KeyPathTarget.snapshot)

    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            _ = try MixpanelPredicateParser.parse(text)
        } catch {
            if error.reason.isEmpty { broken("a predicate refused without a reason", bytes) }
        }
        let selector: MixpanelSelector
        do {
            selector = try MixpanelSelector.parse(text)
        } catch {
            if error.reason.isEmpty { broken("a selector refused without a reason", bytes) }
            return
        }
        guard MixpanelSelector(text: text, segments: selector.segments) == selector else {
            broken("a selector's segments make another selector", bytes)
        }
        let tree = dialect.tree
        for root in [tree.defaultRoot, .view(0)].compactMap({ $0 }) {
            let selected = selector.select(from: root, in: tree)
            for object in selected { _ = selector.isLeafSelected(object, from: root, in: tree, fuzzy: true) }
            for node in tree.snapshot.indices { _ = selector.isLeafSelected(.view(node), from: root, in: tree) }
        }
    }
}
