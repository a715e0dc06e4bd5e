import LassoSnapshot

/// A proposed repair of one document (a config, a named event, a hook config) that can be written: the old document
/// ends at V and its repair starts there.
protocol WritableRepair {
    associatedtype Document
    /// The document as it is in the folder.
    var original: Document { get }
    /// Its repair, or nil when none was found.
    var repaired: Document? { get }
    /// The command that removes the original, for one that starts at V and so cannot end there.
    var removal: String { get }
    var problem: String? { get set }
    var written: [String] { get set }
    var failure: LassoError? { get set }
    /// Where a document keeps its versions.
    static var versions: WritableKeyPath<Document, VersionRanges> { get }
}

/// How every repair is written, whatever the document: the old one ends at V, then its repair starts at V, each file
/// written atomically; when the first cannot be written nothing is.
enum RepairWriting {
    /// Writes each repair that has one into `folder`, whose documents are `entries` (kept current as files are
    /// written); one that cannot be written keeps its problem and leaves the old document as it was.
    static func write<Repair: WritableRepair, Kind: FolderDocumentKind>(
        _ repairs: [Repair], at version: AppVersion, folder: DocumentFolder<Kind>, entries: [DocumentEntry<Kind>]
    ) -> [Repair] where Repair.Document == Kind.Document {
        var current = entries
        func save(_ document: Kind.Document) throws(LassoError) -> String {
            let file = try folder.save(document, replacing: current)
            current.removeAll { Kind.id(of: $0.document) == Kind.id(of: document) }
            current.append(DocumentEntry(document: document, file: file))
            return file
        }
        return repairs.map { repair in
            var repair = repair
            guard let repaired = repair.repaired else { return repair }
            var old = repair.original
            guard let closed = VersionEdits.closing(old[keyPath: Repair.versions], at: version) else {
                repair.problem = "it starts at \(version): remove it (\(repair.removal)) and add the repair"
                return repair
            }
            old[keyPath: Repair.versions] = closed
            do throws(LassoError) {
                let oldFile = try save(old)
                let newFile = try save(repaired)
                repair.written = [oldFile, newFile]
            } catch {
                repair.problem = error.message
                repair.failure = error
            }
            return repair
        }
    }
}
