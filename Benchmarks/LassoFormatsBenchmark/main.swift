import Foundation
import LassoImport

/// Times importing each dump given on the command line into `lasso.snapshot/1` text, as `lasso import` does (read,
/// recognize, import, load the result to check it), best of `--runs` (default 3): one line per file.
///
/// usage: LassoImportBenchmark [--runs N] DUMP...
var arguments = Array(CommandLine.arguments.dropFirst())
var runs = 3
if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]),
    (1...100).contains(count)
{
    runs = count
    arguments.removeSubrange(flag...(flag + 1))
}
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: LassoImportBenchmark [--runs N] DUMP...\n".utf8))
    exit(64)
}
print("dump\tformat\tviews\tMB\tbest ms")
for path in arguments {
    var best = Double.infinity
    var last: ImportedSnapshot?
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            last = try SnapshotReader.importText(path: path)
        } catch {
            FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
            exit(65)
        }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let name = (path as NSString).lastPathComponent
    print(
        "\(name)\t\(last?.format.rawValue ?? "?")\t\(last?.viewCount ?? 0)\t\(String(format: "%.1f", Double(size) / 1_048_576))\t\(String(format: "%.0f", best))"
    )
}
