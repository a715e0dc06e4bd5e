/// Selection by the text an SDK compares: the views whose own path, or its any-row form, is exactly the stored
/// path, as the Sensors and GrowingIO SDKs compare strings.
extension PathDialect {
    /// The views, in tree order, whose location or any-row location is `pattern`'s text, with every field of the
    /// pattern equal to the location's; `lastNames` narrows the candidates by class name first (nil: every view).
    public func selectByText(_ pattern: DialectPattern, lastNames: Set<String>?) -> [Int] {
        snapshot.indices.filter { node in
            if let names = lastNames, !names.contains(UIKitResponders.runtimeName(snapshot.className(of: node))) {
                return false
            }
            for location in [location(of: node), anyRowLocation(of: node)] {
                guard let location, location.path == pattern.text else { continue }
                if pattern.fields.allSatisfy({ location[field: $0.name] == $0.value }) { return true }
            }
            return false
        }
    }
}
