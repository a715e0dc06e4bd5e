import ArgumentParser
import LassoCounting
import LassoDocuments
import LassoSnapshot

/// How `event list` and `event show` print a named event definition: its row, and in `show` its plain words.
extension EventDefinitionCodec: CommandDocumentKind {
    static let columns = "short id, app key, key, event, versions, name"
    static let shownWithoutJSON = "the definition in plain words"

    static func row(_ definition: EventDefinition) -> [String] {
        [
            definition.shortID, definition.appKey, definition.key, definition.viewEvent,
            definition.versions.description, definition.name,
        ]
    }

    /// The definition in plain words: its name and key, the sentence, its app, versions, path and page, its id and
    /// file.
    static func shown(_ entry: EventDirectory.Entry) -> String {
        let definition = entry.definition
        var lines = [
            DisplayText.escaped(definition.name) + " (" + DisplayText.escaped(definition.key) + ")",
            "  " + DisplayText.escaped(definition.sentence),
            "  app: \(DisplayText.escaped(definition.appKey)), versions: \(definition.versions), number: "
                + (definition.number.map(String.init) ?? "none (lasso lint --fix gives one)"),
            "  path: "
                + (definition.isPageOnly
                    ? "none (the SDK sends a page view without one)" : DisplayText.escaped(definition.viewPathText)),
        ]
        if definition.profile != .lasso {
            // A Sensors row is sent beside the path: say it, and the path the records carry.
            let recorded = definition.recorded
            let row = recorded.content.first { $0.key == "$element_position" }?.operation.texts.first
            lines.append(
                "  counted over \(definition.profile.rawValue) records"
                    + (definition.screen.map { ", on the page " + DisplayText.escaped($0) } ?? ", on any page")
                    + (row.map { ", in the row $element_position " + DisplayText.escaped($0) } ?? ""))
            if recorded.viewPathText != definition.viewPathText {
                lines.append("  sent as: " + DisplayText.escaped(recorded.viewPathText))
            }
        }
        if let note = definition.note { lines.append("  note: " + DisplayText.escaped(note)) }
        lines.append("  id: \(definition.id)")
        lines.append("  file: " + DisplayText.escaped(entry.file))
        return lines.joined(separator: "\n") + "\n"
    }
}
