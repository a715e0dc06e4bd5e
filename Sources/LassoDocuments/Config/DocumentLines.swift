import Foundation
import LassoSnapshot

/// Finds the line of a document file on which a JSON path's field is written, so that a finding can point at it
/// (a CI annotation on the line). Documents are small objects whose fields lasso writes one a line; a field that
/// cannot be placed is given the file's first line.
public enum DocumentLines {
    /// The 1-based line of `jsonPath` (`$.versions[0].from`, `$.keyPath`) in `text`: the line of the first key of
    /// the path's top-level field, then of each deeper key at or after it.
    public static func line(of jsonPath: String, in text: String) -> Int {
        let keys = jsonPath.split(separator: ".").dropFirst().map { part in
            String(part.prefix { $0 != "[" })
        }.filter { !$0.isEmpty }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found = 0
        var start = 0
        for key in keys {
            let quoted = "\"" + key + "\""
            guard
                let index = lines[start...].firstIndex(where: { line in
                    guard let range = line.range(of: quoted) else { return false }
                    return line[range.upperBound...].drop { $0 == " " }.first == ":"
                })
            else { break }
            found = index
            start = index
        }
        return found + 1
    }
}
