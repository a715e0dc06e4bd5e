import ArgumentParser
import Foundation
import LassoDocuments
import LassoImport
import LassoSnapshot

/// `lasso event catalogue`: an app's named events as typed Swift or Java for the code that tracks them by hand, or
/// as JSON for other generators (docs/event-catalogue.md).
struct EventCatalogueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalogue",
        abstract: "Write the app's named events as a typed catalogue for code: Swift, Java or JSON.",
        discussion:
            "Events by kind (page views, elements shown, clicks, others), each with its number and key, and the properties its records carry, typed from what the configs read on the snapshots given (else text). The same folder gives the same bytes. Refuses (exit 65) definitions without a number (lasso lint --fix gives them one) and two with one number."
    )

    @Option(help: "swift or java (not needed with --json).") var language: ArgumentChoice<CatalogueLanguage>?
    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (atomically).") var output:
        String?
    @Option(
        name: .customLong("app-key"), help: "The app (default: appKey of lasso.json, else the folder's only app).",
        completion: Completions.appKeys, transform: AppKeyText.normalized)
    var appKey: String?
    @Option(
        name: .customLong("java-package"),
        help: "The Java package of the class (default: none). The class is named after --output's file, else Events.")
    var javaPackage: String?
    @Flag(help: "Print the catalogue as JSON: appKey, events (key, number, name, note, kind, viewEvent, properties).")
    var json = false
    @OptionGroup var location: ConfigsOptions
    @Argument(help: "Snapshots on which the configs' values are read to type the properties (none: every one a text).")
    var snapshots: [String] = []

    func validate() throws {
        guard json || language != nil else {
            throw ValidationError("give --language swift or --language java (or --json)")
        }
        try language?.validate("--language")
        if language?.value == .java, let output, output.hasSuffix(".java") {
            let stem = ((output as NSString).lastPathComponent as NSString).deletingPathExtension
            guard Self.javaClass(output) == stem else {
                throw ValidationError(
                    "-o: javac wants the public class in a file of its name, and \"\(DisplayText.escaped(stem))\" cannot name the catalogue's class (expected ASCII letters, digits and _, starting with a letter, not a Java keyword, not a name the catalogue or java.lang uses); name the file like ShopEvents.java"
                )
            }
        }
        if let javaPackage, !Self.isJavaPackage(javaPackage) {
            throw ValidationError(
                "--java-package: expected a Java package name (names of letters, digits and _ joined by dots), found \"\(DisplayText.escaped(javaPackage))\""
            )
        }
    }

    func run() throws {
        let (settings, configs) = try location.resolve()
        try configs.requireExisting()
        let definitions = try EventDirectory(root: configs.root).load().map(\.definition)
        let app = try Self.app(appKey ?? settings.appKey, definitions: definitions, root: configs.root)
        let own = definitions.filter { $0.appKey == app }
        if own.isEmpty, !definitions.isEmpty {
            let apps = Set(definitions.map(\.appKey)).sorted().joined(separator: ", ")
            Console.error(
                "note: \(app) has no event definitions in \(configs.root) (it has those of \(apps)): the catalogue is empty"
            )
        }
        let unnumbered = own.filter { $0.number == nil }
        if !unnumbered.isEmpty {
            throw LassoError(
                .badInput,
                "\(unnumbered.count) event definition(s) of \(app) have no number (made before lasso numbered events), the first \(unnumbered[0].key): lasso lint --fix gives them one"
            )
        }
        let byNumber = Dictionary(grouping: own, by: { $0.number ?? 0 })
        if let (number, twice) = byNumber.first(where: { Set($0.value.map(\.key)).count > 1 }) {
            throw LassoError(
                .badInput,
                "the number \(number) is held by \(twice.map(\.key).sorted().joined(separator: " and ")): a number names one event (lasso lint says which keeps it)"
            )
        }
        var screens: [ScreenMatcher] = []
        var notes = ImportNotes()
        for file in snapshots {
            let screen = try Screen(
                path: file, profile: try ProfileOptions.parse([]), format: nil, options: ImportOptions(), notes: &notes)
            screens.append(screen.matcher)
        }
        notes.print()
        let configEntries = try configs.load()
        let types = ReportedTypes.of(configEntries.filter { $0.config.appKey == app }, on: screens)
        let catalogue = EventCatalogue(
            appKey: app, definitions: own, configs: configEntries.map(\.config), types: types)
        let text: String
        if json {
            text = JSONWriter.pretty(catalogue.json) + "\n"
        } else if language?.value == .java {
            text = JavaCatalogue.text(catalogue, className: Self.javaClass(output), package: javaPackage)
        } else {
            text = SwiftCatalogue.text(catalogue)
        }
        if let output {
            try AtomicFile.write(text, to: output)
            Console.error("wrote \(output): \(catalogue.events.count) event(s) of \(app)")
        } else {
            Console.write(text)
        }
    }

    /// The app the catalogue is of: the one given, else the folder's only app.
    static func app(_ given: String?, definitions: [EventDefinition], root: String) throws -> String {
        if let given { return given }
        let apps = Set(definitions.map(\.appKey)).sorted()
        guard apps.count == 1 else {
            throw LassoError(
                .usage,
                apps.isEmpty
                    ? "\(root) has no event definitions: make one with lasso event add (or the UI), then write the catalogue"
                    : "\(root) has the event definitions of \(apps.count) apps (\(apps.joined(separator: ", "))): give --app-key"
            )
        }
        return apps[0]
    }

    /// The Java class: named after the output file when that is a Java name (`ShopEvents.java` → `ShopEvents`), as
    /// javac wants a public class in a file of its name.
    static func javaClass(_ output: String?) -> String {
        guard let output else { return "Events" }
        let stem = ((output as NSString).lastPathComponent as NSString).deletingPathExtension
        guard stem.unicodeScalars.allSatisfy(isJavaNamePart), let first = stem.unicodeScalars.first,
            first.properties.isAlphabetic, !CatalogueIdentifier.javaKeywords.contains(stem),
            !Self.takenJavaNames.contains(stem)
        else { return "Events" }
        return stem
    }

    /// Names the class cannot have: its own nested types, and the classes it uses or every Java file sees.
    static let takenJavaNames: Set<String> = [
        "Kind", "Event", "Property", "Tracker", "PageKey", "ViewElementKey", "ClickPositionKey", "OtherKey", "String",
        "Object", "Map", "Collections", "LinkedHashMap", "Integer", "Double", "Boolean", "Override", "System",
    ]

    static func isJavaNamePart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil))
    }

    static func isJavaPackage(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first.properties.numericType == nil else { return false }
            return part.unicodeScalars.allSatisfy(isJavaNamePart)
                && !CatalogueIdentifier.javaKeywords.contains(String(part))
        }
    }
}

/// The languages `lasso event catalogue` writes.
enum CatalogueLanguage: String, CaseIterable, Sendable, ExpressibleByArgument {
    case swift
    case java
}
