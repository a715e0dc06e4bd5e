import LassoSnapshot

/// The type of what each config reads on the screens, for the catalogue's typed properties: a number, true or
/// false, or a text, when every value its key path gives on the views it matches is of that one type.
public enum ReportedTypes {
    /// Each config's type by id; a config that reads nothing on any screen, or values of several types, has none.
    public static func of(_ entries: [ConfigDirectory.Entry], on screens: [ScreenMatcher]) -> [String: EventCatalogue
        .ValueType]
    {
        var found: [String: Set<EventCatalogue.ValueType>] = [:]
        for matcher in screens {
            let validator = ConfigValidator(matcher)
            let evaluator = KeyPathEvaluator(matcher.snapshot)
            let version = matcher.snapshot.app.version.flatMap(AppVersion.init)
            for entry in validator.relevant(entries, appKey: matcher.snapshot.app.key, version: version) {
                let outcome = validator.check(entry)
                for view in outcome.matches.prefix(500) {
                    guard let value = evaluator.evaluate(entry.config.keyPath, on: view).value,
                        let type = EventCatalogue.ValueType(value)
                    else { continue }
                    found[entry.config.id, default: []].insert(type)
                }
            }
        }
        return found.compactMapValues { $0.count == 1 ? $0.first : nil }
    }
}
