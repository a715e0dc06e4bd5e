import LassoImport
import LassoSnapshot

/// `SnapshotLoader.load(bytes:file:)`, then every accessor on every view and each view's path, the way the reports do;
/// each path must read back the same from every notation.
enum SnapshotTarget {
    static func run(_ bytes: [UInt8]) {
        guard let snapshot = try? SnapshotLoader.load(bytes: bytes, file: "fuzz.json") else { return }
        walk(snapshot)
    }

    /// Reads everything a loaded snapshot offers, so that a lazily read byte range that is wrong shows up here.
    static func walk(_ snapshot: Snapshot) {
        var seen = 0
        for node in snapshot.indices {
            seen &+= snapshot.children(of: node).count + snapshot.ancestry(of: node).count
            seen &+= snapshot.superclasses(of: node).count + snapshot.actions(of: node).count
            seen &+= snapshot.gestures(of: node).count + snapshot.className(of: node).utf8.count
            for text in [
                snapshot.text(of: node), snapshot.title(of: node), snapshot.accessibilityIdentifier(of: node),
                snapshot.accessibilityLabel(of: node), snapshot.imageName(of: node), snapshot.sdkViewPath(of: node),
            ] {
                seen &+= text?.utf8.count ?? 0
            }
            _ = (snapshot.frame(of: node), snapshot.alpha(of: node), snapshot.isHidden(of: node))
            _ = (snapshot.indexPath(of: node), snapshot.nextSibling(of: node), snapshot.subtreeEnd(of: node))
            seen &+= snapshot.state(of: node)?.count ?? 0
            seen &+= snapshot.unknownFields(of: node).count
            if let properties = snapshot.properties(of: node) { seen &+= JSONWriter.compact(properties).utf8.count }
            if let controller = snapshot.controller(of: node) {
                seen &+= snapshot.unknownFields(of: controller).count
                seen &+= snapshot.properties(of: controller) == nil ? 0 : 1
            }
        }
        seen &+= snapshot.unknownTopLevelFields.count
        let table = PathTable(snapshot)
        for node in snapshot.indices {
            seen &+= table.pathText(of: node).utf8.count + table.pageChain(of: node).count
            PathTarget.checkRoundTrip(table.path(of: node), source: "view \(node)'s path")
        }
        if seen == -1 { print(seen) }
    }
}

/// One importer through `SnapshotReader.importDump`; what an importer writes must load, as `SnapshotReader` promises,
/// and a dump opened (its table built without the document) must say what its document says.
enum ImportTarget {
    static func run(_ bytes: [UInt8], format: SnapshotSourceFormat) {
        let file = "fuzz." + format.rawValue
        guard let imported = try? SnapshotReader.importDump(bytes: bytes, file: file, format: format, options: .init())
        else { return }
        let snapshot: Snapshot
        do {
            snapshot = try SnapshotLoader.load(bytes: Array(imported.json.utf8), file: file)
        } catch {
            broken("the \(format.rawValue) importer wrote a snapshot that does not load: \(error)", bytes)
        }
        SnapshotTarget.walk(snapshot)
        // Opening a dump builds its table straight from the text (UIKit) or from the importer's tree (the others): it
        // must say what the document says.
        if format != .lasso {
            do {
                let (built, _) = try SnapshotReader.read(bytes: bytes, file: file, format: format)
                // Every accessor of every view is compared, so the built table's byte ranges are all read here.
                if let difference = built.firstDifference(from: snapshot) {
                    broken("the snapshot built from the dump differs from its document: \(difference)", bytes)
                }
            } catch {
                broken("the dump imports but does not open: \(error)", bytes)
            }
        }
    }
}

/// `SnapshotReader.read(bytes:file:)`: the format sniffing, then whichever importer or the loader it picks.
enum ReaderTarget {
    static func run(_ bytes: [UInt8]) {
        _ = SnapshotSourceFormat.detect(bytes)
        _ = try? SnapshotReader.read(bytes: bytes, file: "fuzz.dump")
    }
}
