import Foundation
import Testing

/// A reported value, a name or a key with a line feed or a tab in it is one cell of the table that shows it, escaped
/// (`\n`, `\t`), never a forged row or column.
@Suite("Table cells escaped")
struct TableEscapingTests {
    @Test("event count --by: a value with a line feed and spaces cannot forge a row of the table")
    func breakdownValueCannotForgeRow() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(
            EventCountCommandTests.definition.replacingOccurrences(
                of: #"[{"key": "entranceTitle", "op": "equals", "value": "热门推荐"}]"#, with: "[]"),
            to: "any.json", in: folder)
        let forged = #"x\n  999999  热门推荐"#
        let lines = [
            EventCountCommandTests.record(0), EventCountCommandTests.record(1, title: forged),
            EventCountCommandTests.record(2, title: #"tab\there"#),
        ]
        try CLI.write(lines.joined(separator: "\n") + "\n", to: "log.jsonl", in: folder)
        let outcome = try CLI.run(
            ["event", "count", "log.jsonl", "--definition", "any.json", "--by", "entranceTitle"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stdout.contains("\n  999999"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains(#"  1  x\n  999999  热门推荐"#), "\(outcome.stdout)")
        #expect(outcome.stdout.contains(#"  1  tab\there"#), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("\t"))
    }

    @Test("event list and event count: a definition's name with a line feed and a tab stays one cell")
    func definitionNameOneCell() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        try CLI.write(
            EventCountCommandTests.definition.replacingOccurrences(
                of: #""name": "热门推荐入口点击""#, with: #""name": "first\nsecond\tcolumn""#),
            to: "kvc-configs/shop-ios/events/home_hot_entrance_click-9b2f4e61.json", in: folder)
        try CLI.write(EventCountCommandTests.record(0) + "\n", to: "log.jsonl", in: folder)
        let list = try CLI.run(["event", "list"], in: folder)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(CLI.lines(list.stdout).count == 1, "\(list.stdout)")
        #expect(list.stdout.hasSuffix(#"first\nsecond\tcolumn"# + "\n"), "\(list.stdout)")
        #expect(list.stdout.split(separator: "\t").count == 6)
        let count = try CLI.run(["event", "count", "log.jsonl"], in: folder)
        #expect(count.status == 0, "\(count.stderr)")
        #expect(count.stdout.contains(#"home_hot_entrance_click  1  first\nsecond\tcolumn"#), "\(count.stdout)")
    }
}
