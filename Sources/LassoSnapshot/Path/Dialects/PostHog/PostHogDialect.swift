import Foundation

/// The `posthog` profile: the PostHog iOS SDK's autocapture (3.17 and later, docs/sdk-posthog.md), which names a
/// tapped view by its `$elements_chain`: the view and every superview up to its window, each by its class name, with
/// no index; lasso's path in this profile is that chain's tags, `;`-separated, the tapped view first.
public struct PostHogDialect: PathDialect {
    public let snapshot: Snapshot
    /// The controllers above each view, for `$screen_name`.
    let responders: UIKitResponders
    public var profile: SDKProfile { .posthog }

    /// Superclasses the SDK leaves out of `attr__class`.
    static let plainSuperclasses: Set<String> = ["NSObject", "UIResponder", "UIControl", "UIView", "UIScrollView"]

    public init(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        responders = UIKitResponders(snapshot)
    }

    public func location(of node: Int) -> DialectLocation? {
        var chain: [Int] = []
        var current: Int? = node
        while let view = current {
            // The SDK sends nothing for a view with a hidden view on its way up.
            if snapshot.isHidden(of: view) { return nil }
            chain.append(view)
            current = snapshot.parent(of: view)
        }
        let path = chain.map(tag).joined(separator: ";")
        var fields: [DialectField] = []
        if let screen = screenName(of: node) { fields.append(DialectField(name: "$screen_name", value: screen)) }
        if let text = text(of: node) { fields.append(DialectField(name: "text", value: text)) }
        fields.append(DialectField(name: "$elements_chain", value: chain.map(element).joined(separator: ";")))
        return DialectLocation(path: path, fields: fields)
    }

    /// None: the chain has no index, so every row of a list already has the same chain.
    public func anyRowLocation(of node: Int) -> DialectLocation? { nil }

    public func parse(_ text: String) throws(PathSyntaxError) -> DialectPattern { try Self.read(text) }

    /// Reads a stored chain of tags: class names separated by `;`, none empty, none with a quote, `:`, `.` or space.
    public static func read(_ text: String) throws(PathSyntaxError) -> DialectPattern {
        let tags = text.split(separator: ";", omittingEmptySubsequences: false)
        for (position, tag) in tags.enumerated() {
            guard !tag.isEmpty else {
                throw PathSyntaxError(
                    path: text, reason: "element \(position + 1) is empty (tags are separated by one ';')")
            }
            if let bad = tag.first(where: { $0 == "\"" || $0 == ":" || $0 == "." || $0.isWhitespace }) {
                throw PathSyntaxError(
                    path: text,
                    reason:
                        "element \(position + 1) \"\(tag)\" has \(bad == " " ? "a space" : "'\(bad)'"): write class names only, as the SDK's chain names them (no module, no attributes)"
                )
            }
        }
        return DialectPattern(text: text, parsed: .segments(tags.map { DialectSegment(name: String($0)) }))
    }

    public func select(_ pattern: DialectPattern) -> [Int] {
        snapshot.indices.filter { location(of: $0)?.path == pattern.text }
    }

    /// The class name as the SDK's `String(describing:)` gives it: no module, no outer type, cut at the first `<`.
    public static func tag(_ runtimeName: String) -> String {
        var name = ClassName.pathName(runtimeName)
        if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        return name
    }

    private func tag(_ node: Int) -> String { Self.tag(snapshot.className(of: node)) }

    /// The element as the SDK writes it: `Tag:text="…"attr__class="…"attr_id="…"`.
    private func element(_ node: Int) -> String {
        var attributes = ""
        if let text = text(of: node) { attributes += "text=\"\(text)\"" }
        if let superclass = snapshot.superclasses(of: node).first, !Self.plainSuperclasses.contains(superclass) {
            attributes += "attr__class=\"\(Self.tag(superclass))\""
        }
        if case .string(let label)? = snapshot.properties(of: node)?["postHogLabel"], !label.isEmpty {
            attributes += "attr_id=\"\(label)\""
        }
        return attributes.isEmpty ? tag(node) : tag(node) + ":" + attributes
    }

    /// The text the SDK reads off a view (`ph_autocaptureText`), sanitized; nil for a view it reads none of.
    func text(of node: Int) -> String? {
        let raw: String?
        if snapshot.isKind(node, of: "UIButton") {
            raw = snapshot.title(of: node)
        } else if snapshot.isKind(node, of: "UITextField") || snapshot.isKind(node, of: "UITextView") {
            raw = snapshot.text(of: node)
        } else if snapshot.isKind(node, of: "UISwitch"), case .bool(let on)? = snapshot.state(of: node)?["isOn"] {
            raw = on ? "true" : "false"
        } else {
            raw = nil
        }
        guard let raw else { return nil }
        let cleaned = raw.unicodeScalars.filter { !["\u{200B}", "\u{200C}", "\u{200D}", "\u{FEFF}"].contains($0) }
        let words = String(String.UnicodeScalarView(cleaned)).split(whereSeparator: {
            $0 == " " || $0 == "\n" || $0 == "\r"
        })
        .joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty else { return nil }
        return words.count > 255 ? String(words.prefix(255)) + "..." : words
    }

    /// `$screen_name`: from the nearest view controller up the responder chain, a navigation controller's visible
    /// child and a tab bar controller's selected one (posthog-ios 3.69.3 `PostHogAutocaptureEventTracker.swift`
    /// L285-287, L377-390), its class without `ViewController` (its title when nothing is left,
    /// `UIViewController.swift` L16-24).
    func screenName(of node: Int) -> String? {
        guard var page = responders.page(of: node) else { return nil }
        var steps = 0
        while steps < snapshot.count,
            responders.isController(page, kindOf: "UINavigationController")
                || responders.isController(page, kindOf: "UITabBarController"),
            let shown = responders.shownChildren(of: page).last
        {
            page = shown
            steps += 1
        }
        guard let controller = snapshot.controller(of: page) else { return nil }
        let name = Self.tag(controller.className).replacingOccurrences(of: "ViewController", with: "")
        return name.isEmpty ? controller.title : name
    }
}
