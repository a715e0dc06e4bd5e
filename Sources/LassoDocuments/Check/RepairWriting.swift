import Foundation
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

/// How every repair is written, whatever the document: the repair starting at V is written first, then the old one
/// is closed at V, each file atomically; when the second cannot be written the first is taken back, so a failure
/// leaves both as they were and a rerun proposes the repair again. A document whose file changed since it was read
/// (an edit while `check` ran) is left alone and said.
enum RepairWriting {
    /// Writes each repair that has one into `folder`, whose documents are `entries` (kept current as files are
    /// written); one that cannot be written keeps its problem and leaves the old document as it was.
    static func write<Repair: WritableRepair, Kind: FolderDocumentKind>(
        _ repairs: [Repair], at version: AppVersion, folder: DocumentFolder<Kind>, entries: [DocumentEntry<Kind>]
    ) -> [Repair] where Repair.Document == Kind.Document {
        var current = entries
        return repairs.map { repair in
            var repair = repair
            guard let repaired = repair.repaired else { return repair }
            var old = repair.original
            guard let closed = VersionEdits.closing(old[keyPath: Repair.versions], at: version) else {
                repair.problem = "it starts at \(version): remove it (\(repair.removal)) and add the repair"
                return repair
            }
            old[keyPath: Repair.versions] = closed
            let id = Kind.id(of: old)
            let entry = current.first { Kind.id(of: $0.document) == id }
            if let entry, let fingerprint = entry.fingerprint {
                let now = try? FileBytes.read(entry.file)
                guard let now, FileFingerprint(now) == fingerprint else {
                    repair.problem =
                        "\(entry.file) changed since check read it: left alone, nothing written (run check again)"
                    repair.failure = LassoError(.conflict, repair.problem!)
                    return repair
                }
            }
            // The repair is checked against the folder as it will be: the old document closed at V.
            var after = current.filter { Kind.id(of: $0.document) != id }
            after.append(DocumentEntry(document: old, file: entry?.file ?? folder.file(for: old)))
            if let message = Kind.conflictMessage(of: repaired, in: after) {
                repair.problem = message + "; nothing written"
                repair.failure = LassoError(.conflict, message)
                return repair
            }
            do throws(LassoError) {
                let newFile = try folder.write(repaired, replacing: after)
                let oldFile: String
                do throws(LassoError) {
                    oldFile = try folder.write(old, replacing: after)
                } catch {
                    // Both as they were: the repair is taken back, the old document was not touched.
                    unlink(newFile)
                    throw error
                }
                current = after.filter { Kind.id(of: $0.document) != id }
                current.append(DocumentEntry(document: old, file: oldFile))
                current.append(DocumentEntry(document: repaired, file: newFile))
                repair.written = [oldFile, newFile]
            } catch {
                repair.problem = error.message + "; nothing written"
                repair.failure = error
            }
            return repair
        }
    }
}
