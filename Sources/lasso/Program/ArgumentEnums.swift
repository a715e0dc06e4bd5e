import ArgumentParser
import LassoCounting
import LassoImport
import LassoSnapshot

// The core's fixed-set choices as command-line values: help and shell completions list their raw values.

extension PathNotation: ExpressibleByArgument {}

extension PathRules.Hash: ExpressibleByArgument {}

extension PathRules.SiblingIndex: ExpressibleByArgument {}

extension SDKProfile: ExpressibleByArgument {}

extension SnapshotSourceFormat: ExpressibleByArgument {
    /// Any letter case names a format (`UIKIT-TEXT` too), as `SnapshotSourceFormat.parse` reads it.
    public init?(argument: String) {
        guard let format = try? SnapshotSourceFormat.parse(argument) else { return nil }
        self = format
    }
}

extension SourceEncoding: ExpressibleByArgument {
    /// Any letter case names an encoding (`GB18030` too).
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
extension EventBucket: ExpressibleByArgument {}
