import Foundation
import Testing
import _LassoTestSupport

/// `lasso conformance export DIR`, run as the binary: the kit's files, and what `lasso path` says of them.
@Suite("conformance export")
struct ConformanceCommandTests {
    @Test("writes each fixture's snapshot and answers; lasso path agrees with the stated paths")
    func exports() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        let outcome = try CLI.run(["conformance", "export", "kit", "--json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let files = try #require(try CLI.object(outcome)["files"] as? [String])
        #expect(files.contains("index.json") && files.contains("cells-and-wrappers.expected.json"))
        let kit = folder + "/kit/"
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: kit + "index.json")))
                as? [String: Any])
        let fixtures = try #require(index["fixtures"] as? [[String: Any]])
        #expect(fixtures.count == 3)
        for fixture in fixtures {
            let snapshot = try #require(fixture["snapshot"] as? String)
            let expected = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: kit + (fixture["expected"] as! String))))
                    as? [String: Any])
            let views = try #require(expected["views"] as? [[String: Any]])
            // The last view of each fixture, through the command line.
            let last = try #require(views.last)
            let path = try CLI.run(
                ["path", "kit/" + snapshot, "--node", String(views.count - 1), "--json"], in: folder)
            #expect(path.status == 0, "\(path.stderr)")
            let stated = (last["paths"] as? [String: Any])?["lasso"] as? String
            #expect(try CLI.objects(path).first?["path"] as? String == stated)
        }
    }

    @Test("a folder that cannot be made exits 73 naming it")
    func unwritable() throws {
        let folder = try CLI.folder()
        defer { CLI.cleanUp(folder) }
        _ = try CLI.write("a file", to: "taken", in: folder)
        let outcome = try CLI.run(["conformance", "export", "taken/kit"], in: folder)
        #expect(outcome.status == 73)
        #expect(outcome.stderr.contains("taken/kit"))
    }
}
