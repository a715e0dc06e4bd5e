import ArgumentParser
import LassoSnapshot

/// `--app-version V`, the one spelling of "the app version" across commands; the older `--version` of `config list`,
/// `event list`, `hook list` and `check` still works, with a warning that says the new spelling.
struct AppVersionOption: ParsableArguments {
    @Option(name: .customLong("app-version"), help: "Only those whose versions contain this app version.")
    var appVersion: String?
    @Option(name: .customLong("version"), help: .hidden) var deprecatedVersion: String?

    /// The version given, refused in words when it is no version; nil when none was given.
    func resolve() throws -> AppVersion? {
        if appVersion != nil, deprecatedVersion != nil {
            throw LassoError(.usage, "give --app-version once (--version is its old spelling)")
        }
        if let deprecatedVersion {
            Self.warnOfOldSpelling()
            return try ConfigFieldOptions.version(deprecatedVersion, flag: "--version")
        }
        return try ConfigFieldOptions.version(appVersion, flag: "--app-version")
    }

    /// Said on stderr when `--version` is given where `--app-version` is meant.
    static func warnOfOldSpelling() {
        Console.error("warning: --version is now spelled --app-version; the old spelling will go in a later release")
    }
}
