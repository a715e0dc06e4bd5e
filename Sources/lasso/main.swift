import LassoCore
import Foundation
do {
    let s = try SnapshotLoader.load(path: CommandLine.arguments[1])
    let t = PathTable(s, profile: PathProfile(skipClasses: CommandLine.arguments.count > 2 ? [] : PathProfile.defaultSkipClasses))
    for i in s.indices { print(i, String(repeating: " ", count: s.depth(of: i)), t.pathText(of: i), s.sdkViewPath(of: i) ?? "") }
} catch { print(error) }
