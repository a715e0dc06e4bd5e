import Foundation
import LassoSnapshot

/// What the drafts of every kind of document (config, event definition, hook config) have beside their own fields:
/// the app, the versions typed as `from` and `until` after the earlier intervals, the note, and the versions of the
/// document an edit began from; read here once for all of them.
public protocol DocumentDraft {
    associatedtype Problem: DraftFieldsProblem
    var appKey: String? { get }
    var from: String { get }
    var until: String { get }
    var note: String { get }
    var earlierIntervals: [VersionInterval] { get }
    /// The versions of the document being edited; nil for a new one.
    var originalVersions: VersionRanges? { get }
}

extension DocumentDraft {
    /// The app key the document is filed under: a problem when none is known or it cannot be a folder's name.
    func checkedAppKey() -> Result<String, Problem> {
        guard let appKey else { return .failure(.noAppKey) }
        guard SafeName.isSafe(appKey) else { return .failure(.unsafeAppKey(appKey)) }
        return .success(appKey)
    }

    /// The versions `from` and `until` make after the earlier intervals (`DraftVersions`).
    func versions() -> Result<VersionRanges, Problem> {
        DraftVersions.make(from: from, until: until, earlier: earlierIntervals, original: originalVersions)
    }

    /// The note without the spaces around it; nil when nothing is left.
    var trimmedNote: String? {
        let note = note.trimmingCharacters(in: .whitespaces)
        return note.isEmpty ? nil : note
    }
}

/// A draft's problem type that can say what is wrong with the fields every draft has: the app key, `from` and
/// `until` (its cases of these names).
public protocol DraftFieldsProblem: Error {
    /// No app key was given and none is known.
    static var noAppKey: Self { get }
    /// The app key cannot be a folder name.
    static func unsafeAppKey(_ key: String) -> Self
    /// The start version, as typed, is not a version.
    static func badFrom(_ text: String) -> Self
    /// The end version, as typed, is not a version.
    static func badUntil(_ text: String) -> Self
    /// The end version is not after the start version, so no version lies between them.
    static func emptyInterval(from: String, until: String) -> Self
}
