import Foundation
import LassoDocuments
import LassoSnapshot
import Testing

/// An app folder whose name is the app key in another Unicode form (a decomposed `café` from an old checkout) is that
/// app's folder: documents are written into it, not beside it; and two such folders are one problem that says how to
/// merge them, not every document "with the same id as" itself.
@Suite struct AppFolderFormsTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    static func config() throws -> KVCConfig {
        KVCConfig(
            appKey: composed, versions: VersionRanges([VersionInterval(from: AppVersion("5.0.0"))]),
            viewEvent: "ButtonClick", viewPath: try PathNotation.parse("HomeViewController[0]/UIView[0]/UIButton[0]"),
            keyPath: "title", keyName: "buy")
    }

    static func root(with folders: [String]) throws -> String {
        let root = NSTemporaryDirectory() + "lasso-forms-" + UUID().uuidString
        for folder in folders {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        return root
    }

    @Test func aDecomposedFolderIsTheAppsFolderForWrites() throws {
        let root = try Self.root(with: [Self.decomposed])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let config = try Self.config()
        let directory = ConfigDirectory(root: root)
        let file = directory.file(for: config)
        // Compared as scalars: Swift's String equality would take the two forms for one.
        #expect(file.unicodeScalars.starts(with: (root + "/" + Self.decomposed + "/").unicodeScalars), "\(file)")
        try ConfigCodec.fileText(config).write(toFile: file, atomically: true, encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: root)
        #expect(names.count == 1 && names[0].unicodeScalars.elementsEqual(Self.decomposed.unicodeScalars))
        #expect(try directory.load().map(\.config.id) == [config.id])
        // Hook configs and event definitions go into the same app folder.
        #expect(
            EventDirectory(root: root).folder(appKey: Self.composed).unicodeScalars.starts(
                with: (root + "/" + Self.decomposed + "/").unicodeScalars))
    }

    @Test func twoFormsOfOneAppAreOneProblemThatSaysHowToMerge() throws {
        let root = try Self.root(with: [Self.decomposed, Self.composed])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let config = try Self.config()
        for folder in [Self.decomposed, Self.composed] {
            try ConfigCodec.fileText(config).write(
                toFile: "\(root)/\(folder)/buy-\(config.id.prefix(8)).json", atomically: true, encoding: .utf8)
        }
        let listing = ConfigDirectory(root: root).listing()
        #expect(listing.problems.count == 1, "\(listing.problems)")
        let problem = try #require(listing.problems.first)
        #expect(problem.file.unicodeScalars.elementsEqual((root + "/" + Self.composed).unicodeScalars))
        #expect(problem.message.contains("expected one folder for the app \"café\", found 2"))
        #expect(
            problem.message.contains("Merge them: mv \"\(root)/\(Self.decomposed)\"/* \"\(root)/\(Self.composed)/\""))
        #expect(!problem.message.contains("same id"))
        #expect(listing.entries.map(\.config.id) == [config.id])
    }
}
