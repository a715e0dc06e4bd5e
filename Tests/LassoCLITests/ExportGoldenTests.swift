import Foundation
import Testing
import _LassoTestSupport

/// The documents `lasso config export --profile sensors|mixpanel` writes for configs circled on the sample screen,
/// held byte for byte in `Goldens/` (`LASSO_UPDATE_GOLDENS=1 swift test --filter ExportGolden` rewrites them): what
/// an SDK downloads changes only when a commit says so.
@Suite("SDK config exports, byte for byte")
struct ExportGoldenTests {
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Compares `text` with the golden `name`, or writes it there when updating.
    static func check(_ text: String, golden name: String) throws {
        let file = goldens.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LASSO_UPDATE_GOLDENS"] == "1" {
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let held = try String(contentsOf: file, encoding: .utf8)
        #expect(text == held, "\(name) differs from its golden; LASSO_UPDATE_GOLDENS=1 rewrites it:\n\(text)")
    }

    @Test("Sensors: the visualized-properties document of the cart button's configs (iOS.conf)")
    func sensors() throws {
        let folder = try SensorsConfigTests.project()
        defer { CLI.cleanUp(folder) }
        let exported = try CLI.run(["config", "export", "--profile", "sensors", "--configs", "cfg"], in: folder)
        #expect(exported.status == 0, "\(exported.stderr)")
        try Self.check(exported.stdout, golden: "sensors-iOS.conf.json")
    }

    @Test("Mixpanel: the event_bindings of a button's tap and a table row's selection (/decide)")
    func mixpanel() throws {
        let folder = try MixpanelConfigTests.project()
        defer { CLI.cleanUp(folder) }
        let exported = try CLI.run(
            ["config", "export", "--profile", "mixpanel", "--configs", "cfg", "--app-version", "5.3.0"], in: folder)
        #expect(exported.status == 0, "\(exported.stderr)")
        try Self.check(exported.stdout, golden: "mixpanel-decide.json")
    }
}
