import Foundation

/// The lasso profile's choices of how paths are built and written: skipped wrappers, sibling index, notation, hash (docs/viewpath.md, "Profiles").
public struct PathRules: Sendable, Equatable {
    /// How a plain view's index is counted among its siblings.
    public enum SiblingIndex: String, Sendable, CaseIterable {
        /// Among the superview's children of the same name (the default: adding a view of another class shifts nothing).
        case sameName = "same-name"
        /// Among all of the superview's children.
        case all
    }

    /// How a viewId is made from the lasso-notation path.
    public enum Hash: String, Sendable, CaseIterable {
        case md5
        case sha256
    }

    public var skipClasses: Set<String>
    public var siblingIndex: SiblingIndex
    public var notation: PathNotation
    public var hash: Hash

    public static let defaultSkipClasses: Set<String> = ["UITableViewWrapperView"]

    public init(
        skipClasses: Set<String> = PathRules.defaultSkipClasses, siblingIndex: SiblingIndex = .sameName,
        notation: PathNotation = .lasso, hash: Hash = .md5
    ) {
        self.skipClasses = skipClasses
        self.siblingIndex = siblingIndex
        self.notation = notation
        self.hash = hash
    }

    public static let standard = PathRules()

    /// Parses `--skip-classes A,B` (an empty string for none).
    public static func skipClasses(from list: String) -> Set<String> {
        Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}
