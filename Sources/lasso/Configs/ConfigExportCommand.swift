import ArgumentParser
import LassoDocuments
import LassoSnapshot

/// `lasso config export --profile sensors`: writes one app's configs as the document its SDK downloads, naming on
/// stderr each config the document cannot carry.
struct ConfigExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write one app's configs as the config document its SDK downloads.",
        discussion:
            "--profile sensors writes the Sensors Analytics iOS visualized-properties config (iOS.conf), sensors-android the Android one, mixpanel the event_bindings a Mixpanel codeless SDK (iOS ≤ 3.9.2) reads from /decide. Each config the document cannot carry is named on stderr: \"not sent to Sensors SDKs: …\" (or Mixpanel)."
    )

    @Option(help: "The SDK whose document is written: sensors, sensors-android or mixpanel.") var profile: String
    @Option(
        name: .customLong("app-version"),
        help: "Only the configs that hold in this app version (default: those still open).")
    var appVersion: String?
    @Option(
        name: .customLong("app-key"), help: "The app (default: appKey of lasso.json, else the only app).",
        completion: Completions.appKeys, transform: AppKeyText.normalized)
    var appKey: String?
    @Option(name: .customLong("app-id"), help: "The document's app_id, the app's bundle id (default: the app key).")
    var appId: String?
    @Option(help: "The document's Sensors project (default: default).") var project = "default"
    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "Write the document to this file (atomically) instead of stdout (-: stdout).", valueName: "output"))
    var given: String?
    @OptionGroup var location: ConfigsOptions

    /// The file -o names; nil for standard output (no -o, or -o -).
    var output: String? { given == "-" ? nil : given }

    func run() throws {
        let sdk = try Self.profile(profile)
        let (settings, directory) = try location.resolve()
        let version = try ConfigFieldOptions.version(appVersion, flag: "--app-version")
        let configs = try directory.loadExisting().map(\.config)
        let app = try ExportedApp.resolve(
            given: appKey, settings: settings, apps: configs.map(\.appKey), noun: "configs")
        let ofApp = configs.filter { $0.appKey == app }
        let text: String
        let summary: String
        if sdk == .mixpanel {
            let made = MixpanelEventBindings.make(configs: ofApp, version: version)
            for item in made.unsent {
                Console.error(
                    "not sent to Mixpanel SDKs: \(item.config.shortID) \(DisplayText.escaped(item.config.keyName)): \(item.reason)"
                )
            }
            if made.bindings > 0 {
                Console.error(
                    "note: a binding sends its event (the config's key name) with $from_binding only: the key paths are not sent"
                )
            }
            text = JSONWriter.pretty(made.document) + "\n"
            summary = "\(made.bindings) binding\(made.bindings == 1 ? "" : "s")"
        } else {
            let made = SensorsVisualizedConfig.make(
                configs: ofApp, platform: sdk == .sensors ? .iOS : .android, appId: appId ?? app, project: project,
                version: version)
            for item in made.unsent {
                Console.error(
                    "not sent to Sensors SDKs: \(item.config.shortID) \(DisplayText.escaped(item.config.keyName)): \(item.reason)"
                )
            }
            if made.events == 0 {
                Console.error("note: no config of \(app) can be sent: the server answers the SDK 205 (no config)")
            }
            text = JSONWriter.pretty(made.document) + "\n"
            summary = "\(made.events) event\(made.events == 1 ? "" : "s"), version \(made.version)"
        }
        if let output {
            try AtomicFile.write(text, to: output)
            Console.error("wrote \(output): \(summary)")
        } else {
            Console.exact(text, terminator: "")
        }
    }

    /// The profile --profile names, when its SDK downloads a document lasso writes.
    static func profile(_ word: String) throws -> SDKProfile {
        switch SDKProfile(rawValue: word) {
        case let sdk? where [.sensors, .sensorsAndroid, .mixpanel].contains(sdk): return sdk
        case let other?:
            throw LassoError(
                .usage,
                "--profile: \(other.rawValue) SDKs download no config document lasso writes; expected \(expected)")
        case nil: throw LassoError(.usage, "--profile: expected \(expected), found \"\(word)\"")
        }
    }

    static let expected = "sensors, sensors-android or mixpanel"
}
