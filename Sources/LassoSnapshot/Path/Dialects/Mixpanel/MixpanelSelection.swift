/// Evaluates a selector as `MPObjectSelector` does: forward from a root (`selectFromRoot:`) and backward from a leaf
/// (`isLeafSelected:fromRoot:`), in exact or fuzzy mode (the last step's class only).
extension MixpanelSelector {
    /// The objects the selector selects from `root`, in the SDK's order (OS L89-106, L243-279).
    public func select(from root: MixpanelObject, in tree: MixpanelTree, fuzzy: Bool = false) -> [MixpanelObject] {
        var objects = [root]
        for (number, step) in steps.enumerated() {
            let nameOnly = fuzzy && number == steps.count - 1
            var result: [MixpanelObject] = []
            for object in objects {
                var children = tree.children(of: object, ofType: step.name)
                if let index = step.index, index >= 0, index < children.count {
                    // Indexing selects only among a view's subviews.
                    children = object.isView ? [children[index]] : []
                }
                result += children
            }
            if !nameOnly {
                if step.unique && result.count != 1 { result = [] }
                if let predicate = step.predicate { result = result.filter { predicate.holds(on: $0, in: tree) } }
            }
            objects = result
            if objects.isEmpty { break }
        }
        return objects
    }

    /// True when the selector, applied from `root`, would select `leaf`, checked from the leaf up (OS L114-142).
    public func isLeafSelected(
        _ leaf: MixpanelObject, from root: MixpanelObject, in tree: MixpanelTree, fuzzy: Bool = false
    ) -> Bool {
        var objects = [leaf]
        for number in steps.indices.reversed() {
            let step = steps[number]
            let nameOnly = fuzzy && number == steps.count - 1
            let passing = objects.filter { step.applies(to: $0, in: tree, nameOnly: nameOnly) }
            guard !passing.isEmpty else { return false }
            objects = passing.flatMap { tree.parents(of: $0) }
            if objects.isEmpty { break }
        }
        return objects.contains(root)
    }
}

extension MixpanelSelector.Step {
    /// `appliesTo:`: the class by kind, then the predicate, the index among siblings and `unique` (OS L295-305).
    func applies(to object: MixpanelObject, in tree: MixpanelTree, nameOnly: Bool) -> Bool {
        guard tree.isKind(object, of: name) else { return false }
        if nameOnly { return true }
        if let predicate, !predicate.holds(on: object, in: tree) { return false }
        if let index, !isSibling(object, number: index, of: -1, in: tree) { return false }
        if unique && !isSibling(object, number: -1, of: 1, in: tree) { return false }
        return true
    }

    /// `isView:siblingNumber:of:`: under some parent that is a view, the object is the `number`th of the step's
    /// class, and there are `count` of them (a negative number or count checks nothing) (OS L322-351).
    private func isSibling(_ object: MixpanelObject, number: Int, of count: Int, in tree: MixpanelTree) -> Bool {
        for parent in tree.parents(of: object) where parent.isView {
            let siblings = tree.children(of: parent, ofType: name)
            if (number < 0 || (number < siblings.count && siblings[number] == object))
                && (count < 0 || siblings.count == count)
            {
                return true
            }
        }
        return false
    }
}
