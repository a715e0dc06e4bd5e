import Foundation
import LassoDocuments
import LassoImage
import LassoImport
import LassoSnapshot

/// What `lasso check` does with a config's path on a screen: the input is a path (the first line, in any notation)
/// and a lasso snapshot (the rest). The path is matched (`PathMatcher`) and its nearest view looked for
/// (`NearestView`), which must stay linear in the depth of both (a 100,001-segment path on a 100,000-deep tree was
/// quadratic in memory) and, on a small screen, agree with comparing the whole edit table of every view's path.
enum CheckTarget {
    static func run(_ bytes: [UInt8]) {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return }
        guard let pattern = try? PathNotation.parse(String(decoding: bytes[..<newline], as: UTF8.self)),
            let snapshot = try? SnapshotLoader.load(bytes: Array(bytes[(newline + 1)...]), file: "fuzz.json")
        else { return }
        let table = PathTable(snapshot)
        _ = PathMatcher(table).matches(pattern)
        let found = NearestView.find(pattern, in: table)
        if let found {
            guard found.cost <= NearestView.maximumCost, table.name(of: found.node) == pattern.segments.last?.name
            else { broken("the nearest view costs \(found.cost) or has another leaf: \(found)", bytes) }
        }
        // The whole table is the slow way: only for small screens and paths.
        guard snapshot.count <= 300, pattern.segments.count <= 60 else { return }
        var best: (node: Int, cost: Int)?
        for node in snapshot.indices where table.name(of: node) == pattern.segments.last?.name {
            let cost = wholeTableCost(pattern.segments, table.path(of: node).segments)
            if cost <= NearestView.maximumCost, cost < (best?.cost ?? .max) { best = (node, cost) }
        }
        guard best?.node == found?.node, best?.cost == found?.cost else {
            broken(
                "the nearest view is \(String(describing: found)), the whole table says \(String(describing: best))",
                bytes)
        }
    }

    /// The edit cost of aligning `a` with `b` (a different index 1, a different name 2, a segment more or less 2).
    static func wholeTableCost(_ a: [PathSegment], _ b: [PathSegment]) -> Int {
        var previous = (0...b.count).map { $0 * 2 }
        for i in a.indices {
            var row = [(i + 1) * 2]
            for j in b.indices {
                let change =
                    a[i].name != b[j].name || a[i].alias != b[j].alias ? 2 : a[i].index.matches(b[j].index) ? 0 : 1
                row.append(min(previous[j] + change, previous[j + 1] + 2, row[j] + 2))
            }
            previous = row
        }
        return previous[b.count]
    }
}

/// A screenshot carried as base64 text, as snapshots and SDK dumps carry it: the bytes are the text. `Base64` must
/// decode exactly what Foundation decodes (and its summary say the same size and first bytes), an SDK's screenshot
/// must be kept or refused as the decoder says, and what decodes goes through the PNG and JPEG decoders at the
/// terminal's size, whose only answer to bad bytes is an error.
enum ScreenshotTarget {
    static func run(_ bytes: [UInt8]) {
        let decoded = bytes.withUnsafeBufferPointer { Base64.decode($0) }
        let summary = bytes.withUnsafeBufferPointer { Base64.summary($0) }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let foundation = Data(base64Encoded: Data(bytes.filter { !isSpace($0) })).map { [UInt8]($0) }
        switch (decoded, summary) {
        case (.success(let data), .success(let seen)):
            guard data == foundation, seen.byteCount == data.count, seen.head == Array(data.prefix(12)) else {
                broken("Base64 decoded \(data.count) bytes, Foundation \(String(describing: foundation?.count))", bytes)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if text.utf8.elementsEqual(bytes) {
                guard let kept = ImportedScreenshot(base64: text), kept.byteCount == data.count,
                    kept.data.map([UInt8].init) == data
                else { broken("an SDK screenshot of valid base64 was not kept whole", bytes) }
            }
            _ = try? ImageDecoder.decode(data, longSide: ImageDecoder.terminalLongSide)
        case (.failure, .failure):
            // Foundation also takes '=' inside the text ("YW=I") and after a whole group ("YWJj=="); where the
            // padding is what RFC 4648 §4 writes (none, or what completes the last group), the two must agree.
            let compact = bytes.filter { !isSpace($0) }
            let digits = compact.prefix { $0 != UInt8(ascii: "=") }.count
            let padding = compact.count - digits
            let canonical =
                compact[digits...].allSatisfy { $0 == 0x3D }
                && (digits % 4 == 0 && padding == 0 || digits % 4 == 2 && padding == 2
                    || digits % 4 == 3 && padding == 1)
            if let foundation, !foundation.isEmpty, canonical {
                broken("Base64 refused what Foundation decodes", bytes)
            }
        default:
            broken("Base64's decode and summary disagree on whether the text is base64", bytes)
        }
    }
}
