/// Where a snapshot's screenshot is: a file beside the snapshot, or base64 data inside it (docs/snapshot-format.md, `screenshot`).
///
/// The base64 text stays in the snapshot's bytes until `Snapshot.screenshotData()` decodes it.
public struct ScreenshotReference: Sendable, Equatable {
    /// The image file's path as written, relative to the snapshot file's folder unless absolute.
    public var file: String?
    /// The declared type of embedded data.
    public var type: Screenshot.ImageType?
    /// The declared pixel size, when given.
    public var width: Double?
    public var height: Double?
    /// The base64 text of embedded data, as a range of the snapshot's bytes.
    package var data: ByteRef = .absent
    /// Where the `file` string's text lies in the snapshot's bytes (between its quotes), for rewriting it in place.
    package var fileText: ByteRef = .absent

    public var isEmbedded: Bool { !data.isAbsent }
}
