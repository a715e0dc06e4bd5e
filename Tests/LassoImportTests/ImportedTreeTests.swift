import Testing

@testable import LassoImport
@testable import LassoSnapshot

/// The tree importers build: whatever order and parents they give, it is written as one loadable snapshot.
@Suite("imported tree")
struct ImportedTreeTests {
    @Test("a second view without a parent goes under the first, so the document has one root and loads")
    func secondRoot() throws {
        // Found by fuzzing the Sensors importer: a damaged snapshot whose views did not all hang from its root.
        var tree = ImportedTree()
        tree.add(
            JSONObject(["class": .string("UIButton")]), parent: nil, frame: Rect(x: 0, y: 0, width: 10, height: 10))
        tree.add(
            JSONObject(["class": .string("UILabel")]), parent: nil, windowFrame: Rect(x: 2, y: 3, width: 4, height: 5))
        tree.add(JSONObject(["class": .string("UIView")]), parent: nil)
        let snapshot = try SnapshotLoader.load(bytes: tree.document(topLevel: JSONObject()), file: "tree.json")
        #expect(snapshot.count == 3)
        #expect(snapshot.parent(of: 1) == 0 && snapshot.parent(of: 2) == 0)
        #expect(snapshot.frame(of: 1) == Rect(x: 2, y: 3, width: 4, height: 5))
    }
}
