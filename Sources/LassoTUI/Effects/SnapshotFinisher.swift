import LassoSnapshot

/// The rest of a snapshot the UI opened on its first views: its whole file read, parsed and its paths worked out,
/// in the background.
public protocol SnapshotFinisher: Sendable {
    /// The whole snapshot, its paths and its search index, or the error that says where its file is not valid.
    func finish() async throws -> WholeSnapshot
}
