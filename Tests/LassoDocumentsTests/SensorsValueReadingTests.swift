import Foundation
import LassoDocuments
import LassoSnapshot
import Testing
import _LassoTestSupport

/// The values a Sensors SDK can be sent, on the sample shop: an element's content as sa-sdk-ios v4.9.1 computes it
/// (`UIView+SAVisualProperties.m` L159-349 and `UIView+SAElementContent.m` L19-152: a label's `text`, a button's
/// `titleLabel.text`, an image view's image name, else the visible subviews' contents joined with `-`), and only
/// where the key path gives that same text.
@Suite("Sensors: the values the SDK can read")
struct SensorsValueReadingTests {
    static func reading(_ keyPath: String, on node: Int = 34) throws -> SensorsFields.Reading {
        let snapshot = try SnapshotFixtures.sample("shop-home").snapshot
        return SensorsFields.reading(keyPath, on: node, evaluator: KeyPathEvaluator(snapshot))
    }

    @Test("a label's text and a button's title are read; an image view's label, a model and a whole cell are not")
    func readings() throws {
        // #34 is the cart button of row 2; its row's name label is UILabel[0] of the content view.
        guard case .content(_, let name) = try Self.reading("superview.views[UILabel:0].text") else {
            Issue.record("the name label's text is not read")
            return
        }
        #expect(name == "20000mAh 快充移动电源")
        #expect(try Self.reading("title") == .content(source: 34, text: "加入购物车"))
        // The SDK reads an image view's image name (set by the app), else its subviews: never its accessibilityLabel.
        guard case .unreadable(let image) = try Self.reading("superview.views[UIImageView:0].accessibilityLabel")
        else {
            Issue.record("an image view's accessibilityLabel was taken")
            return
        }
        #expect(image.contains("they read nothing off that UIImageView"), "\(image)")
        guard case .unreadable(let model) = try Self.reading("superview.superview.model.productId") else {
            Issue.record("a model's field was taken")
            return
        }
        #expect(model.contains("a model's field"), "\(model)")
    }

    @Test("a view's own content is its visible subviews' contents joined with -, as the SDK joins them")
    func joined() throws {
        let snapshot = try SnapshotFixtures.sample("shop-home").snapshot
        let content = SensorsElementContent(snapshot)
        // The row's content view: its labels' texts and the button's title, in subview order, joined with -.
        let contentView = try #require(snapshot.parent(of: 34))
        let parts = snapshot.children(of: contentView).compactMap { content.content(of: $0) }
        #expect(parts.count >= 3)
        #expect(content.content(of: contentView) == parts.joined(separator: "-"))
        #expect(content.content(of: contentView)?.contains("20000mAh 快充移动电源-¥129.00") == true)
    }
}
