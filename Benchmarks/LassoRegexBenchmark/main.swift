import Foundation
import LassoDocuments

/// Times lasso's regex engine (`RegexMatcher`, as counting runs a definition's `regex` condition) on whole files as
/// values: one line per pattern and file with the verdict, the best time of `--runs` (default 3), and the matcher's
/// steps (bytes read plus NFA instructions visited building DFA states).
///
/// usage: LassoRegexBenchmark [--runs N] PATTERN FILE...
var arguments = Array(CommandLine.arguments.dropFirst())
var runs = 3
if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]),
    (1...100).contains(count)
{
    runs = count
    arguments.removeSubrange(flag...(flag + 1))
}
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: LassoRegexBenchmark [--runs N] PATTERN FILE...\n".utf8))
    exit(64)
}
let pattern = arguments.removeFirst()
let program: RegexProgram
do {
    program = try RegexProgram(pattern: pattern)
} catch {
    FileHandle.standardError.write(Data("\(pattern): \(error.text)\n".utf8))
    exit(65)
}
print("file\tbytes\tmatches\tbest ms\tsteps")
for path in arguments {
    guard let bytes = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("\(path): cannot read\n".utf8))
        exit(66)
    }
    var best = Double.infinity
    var verdict = false
    var steps = 0
    for _ in 0..<runs {
        // A new matcher each run, timed with the match: its DFA is built from nothing, as for the first value
        // counting meets.
        let start = DispatchTime.now().uptimeNanoseconds
        let matcher = RegexMatcher(program)
        verdict = bytes.withUnsafeBytes { matcher.matches($0.bindMemory(to: UInt8.self)) }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        steps = matcher.steps
    }
    print(
        "\((path as NSString).lastPathComponent)\t\(bytes.count)\t\(verdict)\t\(String(format: "%.1f", best))\t\(steps)"
    )
}
