import Foundation
import LassoCounting
import LassoDocuments
import Logging
import PostgresNIO
import Testing
import _LassoTestSupport

/// lasso's regex engine and the engines a definition's regex meets elsewhere (Python's `re`, PostgreSQL's `~`,
/// ClickHouse's `match` through chdb, Java's `Pattern` as Spark's `RLIKE` runs it) give the same verdict on
/// thousands of random patterns of the portable subset and random values, each given the pattern as lasso
/// exports it for that engine (`EventSQL.pattern`).
@Suite("lasso's regex engine agrees with Python, PostgreSQL, ClickHouse and Java on random portable patterns")
struct RegexDifferentialTests {
    /// 430 random patterns, the 64 escapes of ASCII punctuation and the space, and 6 of grouped anchors and
    /// characters written as `\u` and four hex digits, 12 values each.
    static let cases =
        RandomRegex.cases(seed: 27, count: 430, values: 12) + RandomRegex.escapes + RandomRegex.anchorsAndCodes

    /// One character per case, pattern by pattern: 1 for a match, 0 for none.
    static func lassoVerdicts() throws -> [String] {
        try cases.map { item in
            let matcher = try RegexMatcher(pattern: item.pattern)
            return item.values.map { matcher.matches($0) ? "1" : "0" }.joined()
        }
    }

    /// The cases as JSON: `[[pattern, [values]], …]`, each pattern as `engine` is given it.
    static func casesFile(engine: EventSQL.Engine?) throws -> URL {
        let list: [Any] = cases.map { item in
            [engine.map { EventSQL.pattern(item.pattern, engine: $0) } ?? item.pattern, item.values] as [Any]
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lasso-regex-\(UUID().uuidString)")
        try JSONSerialization.data(withJSONObject: list).write(to: file)
        return file
    }

    /// Runs a program that prints one line of verdicts per pattern.
    static func run(_ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: problem, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    /// Every disagreement, in words, at most 10; a `?` (an engine that took too long) agrees with anything.
    static func differences(_ theirs: [String], _ name: String) throws -> [String] {
        let ours = try lassoVerdicts()
        #expect(theirs.count == ours.count, "\(name) answered \(theirs.count) patterns of \(ours.count)")
        var found: [String] = []
        var unjudged = 0
        for (index, (mine, other)) in zip(ours, theirs).enumerated() {
            unjudged += other.filter { $0 == "?" }.count
            let same =
                mine.count == other.count && zip(mine, other).allSatisfy { $0 == $1 || $1 == "?" }
            if !same {
                let item = cases[index]
                found.append("/\(item.pattern)/ over \(item.values.debugDescription): lasso \(mine), \(name) \(other)")
            }
        }
        // A backtracking engine may leave a few cases unjudged (over a second each); never more than 1 in 100.
        #expect(unjudged * 100 < cases.count * 12, "\(name) left \(unjudged) cases unjudged")
        return Array(found.prefix(10))
    }

    @Test("the cases are not vacuous: thousands, with matches and misses, multi-line and CJK values among them")
    func notVacuous() throws {
        let verdicts = try Self.lassoVerdicts().joined()
        #expect(verdicts.count == 6_000)
        #expect(verdicts.filter { $0 == "1" }.count > 1_000)
        #expect(verdicts.filter { $0 == "0" }.count > 1_000)
        #expect(Self.cases.contains { $0.pattern.contains("$") && $0.values.contains { $0.hasSuffix("\n") } })
    }

    /// Python reads the subset as lasso does once `.` takes line breaks (`re.S`) and `$` is `\Z`.
    static let pythonScript = #"""
        import json, re, signal, sys
        def portable(pattern):
            out, in_class, escaped = [], False, False
            for c in pattern:
                if escaped: escaped = False
                elif c == "\\": escaped = True
                elif in_class: in_class = c != "]"
                elif c == "[": in_class = True
                elif c == "$":
                    out.append(r"\Z"); continue
                out.append(c)
            return "".join(out)
        class Slow(Exception):
            pass
        def slow(*_):
            raise Slow()
        signal.signal(signal.SIGALRM, slow)
        def verdict(regex, value):
            # Python backtracks: a search that takes over a second is left unjudged (?).
            signal.setitimer(signal.ITIMER_REAL, 1.0)
            try:
                return "1" if regex.search(value) else "0"
            except Slow:
                return "?"
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        for pattern, values in json.load(open(sys.argv[1], encoding="utf-8")):
            try:
                regex = re.compile(portable(pattern), re.S)
                print("".join(verdict(regex, v) for v in values))
            except re.error as error:
                print("error: " + str(error))
        """#

    @Test("Python's re.search (with re.S and \\Z for $) agrees on 6,000 cases")
    func python() throws {
        let file = try Self.casesFile(engine: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let theirs = try Self.run(["python3", "-c", Self.pythonScript, file.path])
        let differences = try Self.differences(theirs, "Python")
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// ClickHouse's `match` (RE2, `.` taking line breaks), in process through chdb.
    static let chdbScript = #"""
        import json, sys
        from chdb import session
        s = session.Session()
        s.query("CREATE TABLE c (i UInt32, j UInt32, p String, t String) ENGINE = Memory")
        rows = []
        cases = json.load(open(sys.argv[1], encoding="utf-8"))
        for i, (pattern, values) in enumerate(cases):
            for j, value in enumerate(values):
                rows.append(json.dumps({"i": i, "j": j, "p": pattern, "t": value}, ensure_ascii=False))
        s.query("INSERT INTO c FORMAT JSONEachRow\n" + "\n".join(rows))
        result = s.query("SELECT i, groupArray(toString(match(t, p))) FROM (SELECT * FROM c ORDER BY i, j) "
                         "GROUP BY i ORDER BY i", "TSV")
        lines = {}
        for line in str(result).splitlines():
            i, bits = line.split("\t")
            lines[int(i)] = "".join(b for b in bits if b in "01")
        for i in range(len(cases)):
            print(lines.get(i, "missing"))
        """#

    @Test(
        "ClickHouse's match (chdb) agrees on 6,000 cases",
        .enabled(if: Tools.hasChdb, "needs python3 with chdb (pip install chdb)"))
    func clickhouse() throws {
        let file = try Self.casesFile(engine: .clickhouse)
        defer { try? FileManager.default.removeItem(at: file) }
        let theirs = try Self.run(["python3", "-c", Self.chdbScript, file.path])
        let differences = try Self.differences(theirs, "ClickHouse")
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// Spark's `RLIKE`: `Pattern.compile(pattern).matcher(value).find()`.
    static let javaSource = """
        import java.nio.file.*;
        import java.util.regex.*;
        public class Rlike {
            public static void main(String[] arguments) throws Exception {
                var lines = Files.readAllLines(Path.of(arguments[0]));
                var out = new StringBuilder();
                for (int i = 0; i < lines.size(); i += 2) {
                    var pattern = Pattern.compile(lines.get(i));
                    for (String value : lines.get(i + 1).split("\\t", -1)) {
                        value = value.replace("\\\\n", "\\n").replace("\\\\r", "\\r");
                        try {
                            var text = new Deadline(value, System.nanoTime() + 1_000_000_000L);
                            out.append(pattern.matcher(text).find() ? '1' : '0');
                        } catch (IllegalStateException slow) {
                            out.append('?');
                        }
                    }
                    out.append('\\n');
                }
                System.out.print(out);
            }
        }
        // Java backtracks: a search that takes over a second is left unjudged (?).
        record Deadline(String text, long until) implements CharSequence {
            public char charAt(int index) {
                if (System.nanoTime() > until) throw new IllegalStateException();
                return text.charAt(index);
            }
            public int length() { return text.length(); }
            public CharSequence subSequence(int start, int end) { return text.subSequence(start, end); }
            public String toString() { return text; }
        }
        """

    static let javaInstalled: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["java", "-version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    @Test(
        "Java's Pattern.find, as Spark's RLIKE runs the exported pattern, agrees on 6,000 cases",
        .enabled(if: Self.javaInstalled, "needs java"))
    func java() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lasso-rlike-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A line a pattern, a line its values: line breaks and returns written \n and \r (values hold no backslash,
        // so that reads back), values tab-separated.
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        }
        let lines = Self.cases.flatMap { item in
            [EventSQL.pattern(item.pattern, engine: .spark), item.values.map(escaped).joined(separator: "\t")]
        }
        #expect(!Self.cases.contains { $0.pattern.contains("\n") || $0.pattern.contains("\r") })
        #expect(!Self.cases.contains { $0.values.contains { $0.contains("\\") || $0.contains("\t") } })
        let input = folder.appendingPathComponent("cases.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let source = folder.appendingPathComponent("Rlike.java")
        try Self.javaSource.write(to: source, atomically: true, encoding: .utf8)
        let theirs = try Self.run(["java", source.path, input.path])
        let differences = try Self.differences(theirs, "Java")
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test(
        "PostgreSQL's ~ agrees on 6,000 cases",
        .enabled(if: Tools.hasPostgres, "needs PostgreSQL (LASSO_TEST_DATABASE_URL)"))
    func postgres() async throws {
        let url = try #require(Tools.databaseURL, "LASSO_TEST_DATABASE_URL is not set")
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let components = try #require(URLComponents(string: url))
        let folder = try #require(components.queryItems?.first { $0.name == "host" }?.value)
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                unixSocketPath: "\(folder)/.s.PGSQL.\(components.port ?? 5432)",
                username: components.user ?? "postgres",
                password: nil, database: String(components.path.dropFirst())),
            id: 1, logger: logger)
        func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        var theirs: [String] = []
        for item in Self.cases {
            let pattern = literal(EventSQL.pattern(item.pattern, engine: .postgres))
            let tests = item.values.map { "CASE WHEN \(literal($0)) ~ \(pattern) THEN '1' ELSE '0' END" }
            do {
                let rows = try await connection.query(
                    PostgresQuery(unsafeSQL: "SELECT " + tests.joined(separator: " || ")), logger: logger)
                for try await row in rows { for cell in row { theirs.append(try cell.decode(String.self)) } }
            } catch {
                theirs.append("error: \(String(reflecting: error))")
            }
        }
        try await connection.close()
        let differences = try Self.differences(theirs, "PostgreSQL")
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
}
