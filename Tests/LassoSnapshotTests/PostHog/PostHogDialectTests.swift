import Foundation
import LassoSnapshot
import Testing
import _LassoTestSupport

/// The `posthog` profile: a view named by its `$elements_chain` as PostHog's iOS autocapture writes it, and a chain
/// read as PostHog's server reads it (`posthog/models/element/element.py`).
@Suite("PostHog iOS autocapture: $elements_chain")
struct PostHogDialectTests {
    static let cartChain =
        "UIButton;UITableViewCellContentView;ProductCell;UITableView;UIView;UIViewControllerWrapperView;UINavigationTransitionView;UILayoutContainerView;UIViewControllerWrapperView;UITransitionView;UILayoutContainerView;UIDropShadowView;UITransitionView;UIWindow"

    @Test("a view's chain: itself first, every superview to the window, class names without module; the fields beside")
    func location() throws {
        let dialect = PostHogDialect(try SnapshotFixtures.sample("shop-home").snapshot)
        let location = try #require(dialect.location(of: 34))
        #expect(location.path == Self.cartChain)
        #expect(location[field: "$screen_name"] == "Home")
        #expect(location[field: "text"] == "加入购物车")
        // As the SDK writes it: the button's title, the cell's superclass (UIView and UIControl left out).
        let chain = try #require(location[field: "$elements_chain"])
        #expect(
            chain.hasPrefix(
                #"UIButton:text="加入购物车";UITableViewCellContentView;ProductCell:attr__class="BaseTableViewCell";UITableView;"#
            ))
        #expect(dialect.anyRowLocation(of: 34) == nil)
        // No index: the chain names the cart button of every row, each once.
        let selected = dialect.select(try PostHogDialect.read(Self.cartChain))
        #expect(selected.count == 6 && selected.contains(34))
        #expect(selected.allSatisfy { dialect.snapshot.className(of: $0) == "UIButton" })
        // Read back, the SDK's chain gives the same tags.
        #expect(PostHogChain(chain).tagPath == Self.cartChain)
    }

    @Test("a tap on the navigation bar names the page shown, as the SDK descends from its nearest controller")
    func screenOfBar() throws {
        // posthog-ios 3.69.3 PostHogAutocaptureEventTracker.swift L285-287, L377-390: from the nearest controller (the
        // navigation controller, for its bar), its visibleViewController; UIViewController.swift L16-24 drops
        // "ViewController". #86 is a _UIButtonBarButton of ShopNavigationController's bar, HomeViewController shown.
        let dialect = PostHogDialect(try SnapshotFixtures.sample("shop-home").snapshot)
        #expect(dialect.snapshot.className(of: 86) == "_UIButtonBarButton")
        #expect(dialect.location(of: 86)?[field: "$screen_name"] == "Home")
    }

    @Test("the tag of a class as String(describing:) gives it: no module, no outer type, cut at '<'")
    func tags() {
        #expect(PostHogDialect.tag("ShopKit.ProductCell") == "ProductCell")
        #expect(PostHogDialect.tag("_TtC7ShopKit11ProductCell") == "ProductCell")
        #expect(PostHogDialect.tag("SwiftUI._UIHostingView<SwiftUI.AnyView>") == "_UIHostingView")
        #expect(PostHogDialect.tag("_UIButtonBarButton") == "_UIButtonBarButton")
    }

    @Test("a stored chain that is not tags is refused, saying which element and why")
    func refused() {
        for (text, words) in [
            ("UIButton;;UIWindow", "element 2 is empty"), (#"UIButton:text="x";UIWindow"#, "element 1"),
            ("UIButton;ShopKit.Cell", "element 2 \"ShopKit.Cell\" has '.'"), ("UI Button", "has a space"),
        ] {
            #expect(throws: PathSyntaxError.self) { try PostHogDialect.read(text) }
            do {
                _ = try PostHogDialect.read(text)
            } catch {
                #expect(error.reason.contains(words), "\(text): \(error.reason)")
            }
        }
    }

    @Test("a chain read as PostHog's server reads it: quotes keep ';', attributes in any order, values raw")
    func serverReading() {
        let chain = PostHogChain(
            #"MyLoginButton:text="Log in"attr__class="UIButton"attr_id="loginButton";UIStackView;UIWindow"#)
        #expect(chain.tagPath == "MyLoginButton;UIStackView;UIWindow")
        #expect(chain.elements[0]["text"] == "Log in")
        #expect(chain.elements[0]["attr__class"] == "UIButton")
        #expect(chain.elements[0]["attr_id"] == "loginButton")
        #expect(PostHogChain(#"A:text="a;b";B"#).elements.map(\.tag) == ["A", "B"])
        #expect(PostHogChain(#"A:text="a;b";B"#).elements[0]["text"] == "a;b")
        // The SDK escapes nothing: a quote inside a text splits the element as the server's regex does.
        #expect(PostHogChain(#"UIButton:text="Say "hi there"";UIWindow"#).elements.count == 3)
        // A tag's '.' starts its CSS classes; a ':' not followed by key= stays in the tag.
        #expect(PostHogChain("Outer.Inner;UIWindow").tagPath == "Outer;UIWindow")
        #expect(PostHogChain(#"a:b:text="x""#).elements[0].tag == "a:b")
        #expect(PostHogChain(#"a:b:text="x""#).elements[0]["text"] == "x")
        #expect(PostHogChain(#"B:text="x\"y""#).elements[0]["text"] == #"x\"y"#)
        #expect(PostHogChain("").elements.isEmpty)
    }
}

extension PostHogDialectTests {
    /// Read in linear time, this takes a fraction of a second; rescanning each quote to the end would take hours,
    /// and the suite would not finish.
    @Test("a hostile chain (half a million escaped quotes that never close) is read, as the server reads it")
    func hostileChain() {
        let hostile = "A:text=\"" + String(repeating: "\\\"", count: 500_000) + ";B"
        let chain = PostHogChain(hostile)
        // The server's split takes the run to the last escaped quote (its `[^"]` may take a `\`): two elements; its
        // attribute regex finds no closed value, so no text.
        #expect(chain.tagPath == "A;B")
        #expect(chain.elements.first?["text"] == nil)
        #expect(PostHogChain(#"A:text="\"\"";B"#).tagPath == "A;B")
        #expect(PostHogChain(#"A:text="\";B;C"#).tagPath == "A;B;C")
    }
}
