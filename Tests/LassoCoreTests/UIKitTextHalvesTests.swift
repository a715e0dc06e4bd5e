import Foundation
import LassoCore
import Testing

/// A large `recursiveDescription` dump is written in two halves at once; the joined document must be the same tree.
@Suite("import: a large recursiveDescription dump written in two halves")
struct UIKitTextHalvesTests {
    /// A dump of two windows (so the root is a made-up UIApplication) holding `groups` groups of three nesting views
    /// each, with the depth changing from group to group, so that the halves meet inside open views; the expected
    /// parent of every view, by its pre-order row.
    static func dump(groups: Int) -> (text: String, parents: [Int?]) {
        var lines = ["<UIWindow: 0x1; frame = (0 0; 390 844)>"]
        // Row 0 is the UIApplication; row 1 the first window.
        var parents: [Int?] = [nil, 0]
        var stack = [1]
        for group in 0..<groups {
            // Climb back to a depth of 1 to 3 below the window, then add a container, a label in it and an image.
            let keep = 1 + group % 3
            while stack.count > keep { stack.removeLast() }
            let marks = String(repeating: "   |", count: stack.count)
            let container = parents.count
            lines.append("\(marks) <UIView: 0x\(String(container, radix: 16)); frame = (0 \(group); 390 1)>")
            parents.append(stack.last!)
            lines.append(
                "\(marks)    | <UILabel: 0x\(String(container + 1, radix: 16)); frame = (0 0; 10 1); text = 'row \(group)'>"
            )
            parents.append(container)
            lines.append("\(marks)    | <UIImageView: 0x\(String(container + 2, radix: 16)); frame = (0 0; 1 1)>")
            parents.append(container)
            stack.append(container)
        }
        lines.append("<UIWindow: 0xffffff; frame = (0 0; 390 844)>")
        parents.append(0)
        return (lines.joined(separator: "\n") + "\n", parents)
    }

    @Test(
        "every view keeps its parent and text across the seam, wherever it falls; the document is valid JSON",
        arguments: [20_000, 20_001, 20_002, 20_003])
    func seam(groups: Int) throws {
        let (text, parents) = Self.dump(groups: groups)
        let (snapshot, _) = try SnapshotReader.read(bytes: Array(text.utf8), file: "large.txt")
        #expect(snapshot.count == parents.count)
        #expect(snapshot.count > 60_000, "over the two-thread threshold")
        #expect(snapshot.className(of: 0) == "UIApplication")
        let wrong = snapshot.indices.filter { snapshot.parent(of: $0) != parents[$0] }
        #expect(wrong.isEmpty, "first wrong rows: \(wrong.prefix(5))")
        let labels = snapshot.indices.filter { snapshot.className(of: $0) == "UILabel" }
        #expect(labels.count == groups)
        #expect(labels.enumerated().allSatisfy { snapshot.text(of: $0.element) == "row \($0.offset)" })
        let imported = try SnapshotReader.importDump(
            bytes: Array(text.utf8), file: "large.txt", format: .uikitText, options: ImportOptions())
        #expect(throws: Never.self) { try JSONParser.parse(imported.utf8, file: "large.json") }
    }
}
