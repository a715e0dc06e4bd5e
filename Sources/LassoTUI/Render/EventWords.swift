import LassoCore

/// A named event in plain words, as the form shows it live: "ButtonClick on any UIButton in any row of the
/// UITableView on HomeViewController whose title is 加入购物车".
enum EventWords {
    /// The sentence for an event on `pattern` (the view's kind taken from `node`, the view the form is on).
    static func sentence(
        event: String, pattern: ViewPath, content: [ContentCondition], node: Int?, state: AppState
    ) -> String {
        let segments = pattern.segments
        guard let last = segments.last else { return event }
        func short(_ segment: PathSegment) -> String {
            let name = segment.alias ?? segment.name
            return name.split(separator: ".").last.map(String.init) ?? name
        }
        func opens(_ segment: PathSegment) -> Bool {
            switch segment.index {
            case .position(let position): return position == nil
            case .cell(_, let row): return row == nil
            }
        }
        let kind = node.map { ViewWords.kind($0, in: state) } ?? "view"
        var text = event + " on " + (opens(last) ? "any " : "the ") + "\(kind) \(short(last))"
        // The containers where the position does not matter: "in any row of the ProductList".
        for segment in segments.dropFirst().dropLast().reversed() where opens(segment) {
            if case .cell = segment.index {
                text += " in any row of " + short(segment)
            } else {
                text += " in any " + short(segment)
            }
        }
        if segments.count > 1 { text += " on " + short(segments[0]) }
        let conditions = content.map { condition -> String in
            switch condition.operation {
            case .equals(let value): return "whose \(condition.key) is \(value)"
            case .oneOf(let values): return "whose \(condition.key) is one of " + values.joined(separator: ", ")
            case .contains(let value): return "whose \(condition.key) contains \(value)"
            case .regex(let pattern): return "whose \(condition.key) matches /\(pattern)/"
            }
        }
        if !conditions.isEmpty { text += " " + conditions.joined(separator: " and ") }
        return DisplayText.escaped(text)
    }

    /// The sentence of a saved definition.
    static func sentence(_ definition: EventDefinition, state: AppState) -> String {
        sentence(
            event: definition.viewEvent, pattern: definition.viewPath, content: definition.content,
            node: state.definitionMatches[definition.id]?.first, state: state)
    }
}
