import Foundation
import LassoDocuments
import LassoSnapshot
import LassoTUI

/// Times the terminal UI's key handling and drawing on a big snapshot, without a terminal:
/// each key is one `handle` plus one `Renderer.render` at 120×40, as the real loop does.
/// Usage: LassoUIBenchmark SNAPSHOT [repetitions]
@MainActor
func main() throws {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2 else {
        FileHandle.standardError.write(Data("usage: LassoUIBenchmark SNAPSHOT [repetitions]\n".utf8))
        exit(64)
    }
    let repetitions = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
    let clock = ContinuousClock()
    var loadedAt = clock.now
    let snapshot = try SnapshotLoader.load(path: arguments[1])
    let loadTime = clock.now - loadedAt
    loadedAt = clock.now
    var state = AppState(
        table: PathTable(snapshot), settings: ProjectSettings(),
        configsFolder: NSTemporaryDirectory() + "lasso-bench-none",
        size: Size(width: 120, height: 40))
    let setupTime = clock.now - loadedAt
    _ = Renderer.render(state)

    func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
    func time(_ events: [InputEvent]) -> [Double] {
        events.map { event in
            let started = clock.now
            state.handle(event)
            let grid = Renderer.render(state)
            precondition(grid.width == 120)
            return milliseconds(clock.now - started)
        }
    }
    func report(_ name: String, _ samples: [Double]) {
        let sorted = samples.sorted()
        let median = sorted[sorted.count / 2]
        let p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
        print(
            name.padding(toLength: 28, withPad: " ", startingAt: 0)
                + String(format: " median %7.3f ms   p95 %7.3f ms   (%d keys)", median, p95, samples.count))
    }

    print(
        "snapshot: \(snapshot.count) views; load \(String(format: "%.0f", milliseconds(loadTime))) ms; UI state \(String(format: "%.0f", milliseconds(setupTime))) ms"
    )
    // Unfold everything first, so that moves walk a fully open tree of a million rows.
    state.handle(.key(.char("g")))
    let unfoldAll = time([.key(.char("E"))])[0]
    report("move down (j)", time(Array(repeating: .key(.char("j")), count: repetitions)))
    report("move up (k)", time(Array(repeating: .key(.char("k")), count: repetitions)))
    report("page down", time(Array(repeating: .key(.pageDown), count: repetitions)))
    report("page up", time(Array(repeating: .key(.pageUp), count: repetitions / 2)))
    report("next sibling (J)", time(Array(repeating: .key(.char("J")), count: repetitions)))
    var foldKeys: [InputEvent] = []
    for _ in 0..<repetitions / 2 { foldKeys += [.key(.char("h")), .key(.char("l"))] }
    report("fold / unfold (h, l)", time(foldKeys))
    report(
        "last row (G), first (g)",
        time(Array(repeating: [InputEvent.key(.char("G")), .key(.char("g"))], count: repetitions / 4).flatMap { $0 }))
    // A search as typed: opening the prompt builds the text index once; then each key typed searches (the first
    // over every view, the next ones narrowing), and the screen is drawn after each.
    let searchStarted = clock.now
    let openPrompt = time([.key(.char("/"))])[0]
    let typed = time("商品 77".map { InputEvent.key(.char($0)) })
    let kept = time([.key(.enter)])[0]
    let searchTime = milliseconds(clock.now - searchStarted)
    report("search: each key typed", typed)
    print(
        String(
            format: "search: slowest key typed    %7.1f ms (first key %.1f ms); opening the prompt %.1f ms",
            typed.max() ?? 0, typed.first ?? 0, openPrompt))
    print(String(format: "search: Enter (counts them)  %7.1f ms", kept))
    // The same keys, the query alone (what `SearchIndex` does, without moving the cursor or drawing), each prefix
    // narrowing on the last one's matches as the prompt does.
    if let texts = state.textIndex {
        var previous: [Int32]? = nil
        var prefix = ""
        var alone: [Double] = []
        for character in "商品 77" {
            prefix.append(character)
            let started = clock.now
            previous = SearchIndex.matches(of: prefix, in: state.table, among: previous, texts: texts)
            alone.append(milliseconds(clock.now - started))
        }
        report("search: the query alone", alone)
    }
    state.handle(.key(.char("/")))
    let retyped = time("button".map { InputEvent.key(.char($0)) })
    let keptAgain = time([.key(.enter)])[0]
    report("search again: each key typed", retyped)
    print(
        String(
            format: "search again: slowest key    %7.1f ms; Enter (counts them) %.1f ms", retyped.max() ?? 0, keptAgain)
    )
    report("search step (n)", time(Array(repeating: .key(.char("n")), count: repetitions)))
    report("search step back (N)", time(Array(repeating: .key(.char("N")), count: repetitions)))
    state.handle(.key(.char("g")))
    state.handle(.key(.char("C")))
    let collapse = time([.key(.char("C"))])[0]
    let unfoldAgain = time([.key(.char("E"))])[0]
    print(
        String(
            format: "unfold everything (E)        %7.1f ms (first), %7.1f ms (after fold all); fold all %.1f ms",
            unfoldAll, unfoldAgain, collapse))
    print(
        String(
            format: "search query over all views  %7.1f ms (%d matches)", searchTime, state.searchMatches?.count ?? 0))
    let filterOn = time([.key(.char("f"))])[0]
    let filterOff = time([.key(.char("f"))])[0]
    print(String(format: "interactive-only filter (f)  %7.1f ms on, %.1f ms off", filterOn, filterOff))
}

try MainActor.assumeIsolated { try main() }
