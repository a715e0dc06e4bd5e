import ArgumentParser
import Foundation
import LassoDocuments
import LassoSnapshot

/// `lasso conformance`: the SDK conformance kit (docs/sdk-conformance.md).
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance", abstract: "The conformance kit an SDK's unit tests check themselves against.",
        subcommands: [ConformanceExportCommand.self])
}

/// `lasso conformance export DIR`: writes each fixture's snapshot and its expected answers.
struct ConformanceExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the kit's fixture snapshots and, per fixture, the expected paths, viewIds and config values.",
        discussion:
            "Writes DIR/<fixture>.snapshot.json and DIR/<fixture>.expected.json for each fixture, and DIR/index.json listing them."
    )

    @Argument(help: "The folder to write (made when missing).") var folder: String
    @Flag(help: "Print what was written as JSON.") var json = false

    func run() throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw LassoError(.cannotWrite, "\(folder): cannot make the folder: \(error.localizedDescription)")
        }
        var written: [String] = []
        var index: [JSONValue] = []
        for fixture in ConformanceFixtures.all {
            let kit = try ConformanceKit(fixture)
            let snapshotFile = fixture.name + ".snapshot.json"
            let expectedFile = fixture.name + ".expected.json"
            let document = try JSONParser.parse(Array(fixture.snapshot.utf8), file: snapshotFile)
            try AtomicFile.write(JSONWriter.pretty(document) + "\n", to: folder + "/" + snapshotFile)
            try AtomicFile.write(JSONWriter.pretty(try kit.expected()) + "\n", to: folder + "/" + expectedFile)
            written += [snapshotFile, expectedFile]
            index.append(
                .object(
                    JSONObject([
                        "fixture": .string(fixture.name), "snapshot": .string(snapshotFile),
                        "expected": .string(expectedFile), "covers": .string(fixture.covers),
                    ])))
        }
        let indexDocument = JSONValue.object(
            JSONObject(["format": .string(ConformanceKit.format), "fixtures": .array(index)]))
        try AtomicFile.write(JSONWriter.pretty(indexDocument) + "\n", to: folder + "/index.json")
        written.append("index.json")
        if json {
            Console.json(
                .object(JSONObject(["folder": .string(folder), "files": .array(written.map { .string($0) })])))
        } else {
            for file in written { Console.row([folder + "/" + file]) }
        }
    }
}
