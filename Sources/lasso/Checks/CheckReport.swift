import LassoDocuments
import LassoSnapshot

/// How `lasso check` shows its results: a table for people, JSON for CI.
enum CheckReport {
    /// The whole check as one JSON object.
    static func json(_ check: ReleaseCheck, edits: [ReleaseEdit]) -> JSONValue {
        var object = JSONObject()
        object["appKey"] = check.appKey.map { .string($0) } ?? .null
        object["version"] = .string(check.window.version.text)
        object["previousVersion"] = check.window.previous.map { .string($0.text) } ?? .null
        object["snapshots"] = .array(check.screens.map { .string($0.snapshot) })
        object["configs"] = .array(
            check.results.map { result in
                var item = JSONObject()
                let config = result.entry.config
                item["id"] = .string(config.id)
                item["file"] = .string(result.entry.file)
                item["keyName"] = .string(config.keyName)
                item["viewEvent"] = .string(config.viewEvent)
                item["viewPath"] = .string(config.viewPathText)
                item["versions"] = ConfigCodec.json(config.versions)
                item["considered"] = .string(result.why.rawValue)
                item["status"] = .string(result.status.rawValue)
                if !result.reason.isEmpty { item["reason"] = .string(result.reason) }
                item["snapshot"] = result.snapshot.map { .string($0) } ?? .null
                item["matches"] = .int(result.matches)
                item["value"] = result.value ?? .null
                if let nearest = result.nearest {
                    item["nearest"] = .object(
                        JSONObject([
                            "snapshot": .string(nearest.snapshot), "node": .int(nearest.node),
                            "path": .string(nearest.path), "difference": .string(nearest.difference),
                        ]))
                }
                return .object(item)
            })
        object["duplicates"] = .array(
            check.screens.flatMap { screen in
                screen.duplicates.map { duplicate -> JSONValue in
                    guard case .object(var item) = duplicate.json else { return .null }
                    item["snapshot"] = .string(screen.snapshot)
                    return .object(item)
                }
            })
        object["pathWarnings"] = .array(
            check.screens.flatMap { screen in
                screen.disagreements.map { disagreement -> JSONValue in
                    guard case .object(var item) = disagreement.json else { return .null }
                    item["snapshot"] = .string(screen.snapshot)
                    return .object(item)
                }
            })
        object["edits"] = .array(edits.map(\.json))
        object["ok"] = .int(check.results.count - check.broken.count)
        object["broken"] = .int(check.broken.count)
        return .object(object)
    }

    /// The table, the warnings and the edits, as text.
    static func printText(_ check: ReleaseCheck, edits: [ReleaseEdit]) {
        let window = check.window
        let previous =
            window.previous.map { " (the version before: \($0))" } ?? " (no version before it in the configs)"
        Console.print(
            "\(Console.cell(check.appKey ?? "every app")) \(window.version)\(previous): \(check.results.count) config\(check.results.count == 1 ? "" : "s") on \(check.screens.count) snapshot\(check.screens.count == 1 ? "" : "s")"
        )
        if !check.results.isEmpty {
            let nameWidth = max(8, check.results.map { DisplayText.escaped($0.entry.config.keyName).count }.max() ?? 0)
            let eventWidth = max(5, check.results.map { Console.cell($0.entry.config.viewEvent).count }.max() ?? 0)
            Console.print(
                pad("STATUS", 10) + pad("CONFIG", 10) + pad("KEY NAME", nameWidth + 2) + pad("EVENT", eventWidth + 2)
                    + "PATH")
            for result in check.results {
                let config = result.entry.config
                Console.print(
                    pad(result.status.rawValue, 10) + pad(config.shortID, 10)
                        + pad(DisplayText.escaped(config.keyName), nameWidth + 2)
                        + pad(DisplayText.escaped(config.viewEvent), eventWidth + 2)
                        + DisplayText.escaped(config.viewPathText))
                let indent = String(repeating: " ", count: 10)
                if result.status.isBroken {
                    let place = result.snapshot.map { " (\($0))" } ?? ""
                    Console.print(indent + DisplayText.escaped(result.reason) + place)
                } else if let value = result.value {
                    Console.print(
                        indent + "value " + DisplayText.escaped(JSONWriter.compact(value))
                            + (result.snapshot.map { " (\($0))" } ?? ""))
                }
                if let nearest = result.nearest {
                    Console.print(
                        indent + "nearest: \(nearest.snapshot) #\(nearest.node) \(DisplayText.escaped(nearest.path))")
                    Console.print(indent + "         (\(DisplayText.escaped(nearest.difference)))")
                }
                if result.why != .containsVersion {
                    let hint =
                        result.status.isBroken
                        ? "; it does not hold in \(window.version), so it is not counted as broken"
                        : "; --extend carries it into \(window.version)"
                    Console.print(indent + window.describe(result.why) + hint)
                }
            }
        }
        for screen in check.screens {
            for duplicate in screen.duplicates {
                Console.print("warning: \(screen.snapshot): " + DisplayText.escaped(duplicate.sentence))
            }
            for disagreement in screen.disagreements.prefix(10) {
                Console.print(
                    "warning: \(screen.snapshot): view #\(disagreement.node): the SDK's path \(DisplayText.escaped(disagreement.sdkPath)) differs from lasso's \(DisplayText.escaped(disagreement.lassoPath))"
                )
            }
            if screen.disagreements.count > 10 {
                Console.print(
                    "warning: \(screen.snapshot): \(screen.disagreements.count - 10) more views whose SDK path differs from lasso's (--json lists them all)"
                )
            }
        }
        for edit in edits {
            let after = edit.versions.map { $0.description } ?? "unchanged"
            if let written = edit.written {
                Console.print("\(edit.kind.rawValue) \(edit.entry.config.shortID): versions now \(after) (\(written))")
            } else if let problem = edit.problem {
                Console.print("not \(edit.kind.rawValue) \(edit.entry.config.shortID): \(problem)")
            }
        }
        let broken = check.broken.count
        let count = check.results.count
        if broken > 0 {
            Console.print("\(broken) of \(count) config\(count == 1 ? "" : "s") broken")
        } else {
            // Configs that end at V (closed, or replaced by a repair) are shown but hold in V no more.
            let ended = check.results.filter { $0.status.isBroken }.count
            let ok = count - ended
            let endedText = ended == 0 ? "" : "; \(ended) ending at \(check.window.version), not counted"
            Console.print(
                count == 0
                    ? "no config concerns this version"
                    : ended == 0 && count == 1
                        ? "the config is ok"
                        : ended == 0 ? "all \(count) configs ok" : "\(ok) ok\(endedText), none broken")
        }
    }

    /// One proposed repair of any document, as the report shows it.
    struct RepairShown {
        /// What is repaired, in words: "config 1a2b3c4d productId", "event 5e6f7a8b add_to_cart".
        var what: String
        var file: String
        var changes: [RepairChange]
        var value: JSONValue?
        var problem: String?
        var written: [String]
        /// The repair's short id and the version it starts at, when there is a repair.
        var repaired: (shortID: String, from: String)?
    }

    static func shown(_ repair: ReleaseRepair) -> RepairShown {
        let config = repair.entry.config
        return RepairShown(
            what: "config \(config.shortID) \(config.keyName)", file: repair.entry.file, changes: repair.changes,
            value: repair.value, problem: repair.problem, written: repair.written,
            repaired: repair.repaired.map { ($0.shortID, $0.versions.intervals.first?.from?.text ?? "V") })
    }

    static func shown(_ repair: DefinitionRepair) -> RepairShown {
        let definition = repair.entry.definition
        return RepairShown(
            what: "event \(definition.shortID) \(definition.key)", file: repair.entry.file, changes: repair.changes,
            value: nil, problem: repair.problem, written: repair.written,
            repaired: repair.repaired.map { ($0.shortID, $0.versions.intervals.first?.from?.text ?? "V") })
    }

    static func shown(_ repair: HookRepair) -> RepairShown {
        let config = repair.entry.config
        return RepairShown(
            what: "hook \(config.shortID) \(config.className)", file: repair.entry.file, changes: repair.changes,
            value: nil, problem: repair.problem, written: repair.written,
            repaired: repair.repaired.map { ($0.shortID, $0.versions.intervals.first?.from?.text ?? "V") })
    }

    /// Each repair as a diff of the fields it changes, with the value it gives on V; or why there is none.
    static func printRepairs(_ repairs: [RepairShown], written: Bool) {
        for repair in repairs {
            let what = DisplayText.escaped(repair.what)
            guard let repaired = repair.repaired else {
                Console.print("no repair for \(what): \(DisplayText.escaped(repair.problem ?? ""))")
                continue
            }
            Console.print("repair for \(what) (\(repair.file)):")
            for change in repair.changes {
                Console.print("  - \(pad(change.field, 9))\(DisplayText.escaped(change.before))")
                Console.print("  + \(pad(change.field, 9))\(DisplayText.escaped(change.after))")
            }
            if let value = repair.value {
                Console.print("  gives \(DisplayText.escaped(JSONWriter.compact(value))) on the new screens")
            }
            if written, repair.written.count == 2 {
                Console.print(
                    "  written: the old one ends at \(repaired.from) (\(repair.written[0])); \(repaired.shortID) added (\(repair.written[1]))"
                )
            } else if written, let problem = repair.problem {
                Console.print("  not written: \(DisplayText.escaped(problem))")
            }
        }
        if !repairs.isEmpty && !written {
            Console.print("lasso check … --repair --write ends each repaired document at V and adds its repair")
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
