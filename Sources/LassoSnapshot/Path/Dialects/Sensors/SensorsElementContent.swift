/// The text a Sensors Analytics SDK reads off a view for a visualized property, as its code computes it on the
/// device, worked out from a snapshot (docs/sdk-sensors.md, "What the SDK reads"); nil where the SDK reads nothing
/// or the snapshot does not say what it would read.
///
/// iOS: `sensorsdata_propertyContent` (sa-sdk-ios v4.9.1 `UIView+SAVisualProperties.m` L159-349), the rules of
/// `UIView+SAElementContent.m` L19-152 with text fields and text views read as themselves: a `UILabel`'s `text`, a
/// `UIButton`'s `titleLabel.text`, a `UIImageView`'s `image.sensorsAnalyticsImageName` (an associated object only the
/// app sets, `UIView+SensorsAnalytics.m` L75-80, which no snapshot shows: its subviews here), a `UISearchBar`'s and a
/// `UITextView`'s `text`, a `UITextField`'s `text` else its `placeholder`, a `UISwitch` `checked`/`unchecked`, a
/// `UIPageControl`'s current page, else the contents of the view's visible subviews joined with `-`. A plain view's
/// `accessibilityLabel` is never read.
///
/// Android: `SAViewUtils.getViewContent` (sa-sdk-android v6.8.5 `common/util/SAViewUtils.java` L253-405): a
/// `TextView`'s (and so a `Button`'s) text, an `ImageView`'s content description, a `ViewGroup`'s content description
/// else its visible children's contents joined with `-`, else the view's content description.
public struct SensorsElementContent: Sendable {
    public let snapshot: Snapshot

    public init(_ snapshot: Snapshot) { self.snapshot = snapshot }

    /// What the SDK reads off `node`; nil for nothing (an empty text gives no property, L215-222).
    public func content(of node: Int) -> String? {
        let text = snapshot.app.platform == "android" ? android(node) : iOS(node)
        return text.flatMap { $0.isEmpty ? nil : $0 }
    }

    private func iOS(_ node: Int) -> String? {
        let chain = snapshot.classChain(of: node)
        func kind(_ name: String) -> Bool { chain.contains(name) }
        if kind("UILabel") { return snapshot.text(of: node) ?? joined(node) }
        if kind("UIButton") { return buttonTitle(node) ?? joined(node) }
        if kind("UIImageView") { return joined(node) }
        if kind("UISearchBar") || kind("UITextView") { return snapshot.text(of: node) ?? joined(node) }
        if kind("UITextField") {
            if let text = snapshot.text(of: node), !text.isEmpty { return text }
            return property("placeholder", of: node)
        }
        if kind("UISwitch") {
            guard let on = snapshot.state(of: node)?["isOn"] ?? snapshot.properties(of: node)?["isOn"] else {
                return nil
            }
            return on == .bool(true) ? "checked" : on == .bool(false) ? "unchecked" : nil
        }
        if kind("UIPageControl") { return property("currentPage", of: node) }
        if kind("UISegmentedControl") || kind("UISlider") || kind("UIStepper") {
            // The selected segment's title and the value's printed form are not in a snapshot.
            return nil
        }
        return joined(node)
    }

    /// `titleLabel.text`: the button's title, else the text of its title label (`UIButtonLabel`).
    private func buttonTitle(_ node: Int) -> String? {
        if let title = snapshot.title(of: node) { return title }
        let label = snapshot.children(of: node).first { snapshot.classChain(of: $0).contains("UIButtonLabel") }
        return label.flatMap { snapshot.text(of: $0) }
    }

    private func android(_ node: Int) -> String? {
        let chain = snapshot.classChain(of: node)
        if chain.contains("TextView") || chain.contains("UILabel") || chain.contains("UIButton") {
            return snapshot.text(of: node)
        }
        if chain.contains("ImageView") || chain.contains("UIImageView") { return snapshot.accessibilityLabel(of: node) }
        if !snapshot.children(of: node).isEmpty {
            return snapshot.accessibilityLabel(of: node) ?? joined(node)
        }
        return snapshot.accessibilityLabel(of: node)
    }

    /// The contents of the visible subviews, in order, joined with `-`; nil when none has any (L60-70).
    private func joined(_ node: Int) -> String? {
        let parts = snapshot.children(of: node).compactMap { child in
            snapshot.isHidden(of: child) ? nil : content(of: child)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "-")
    }

    /// A string or number property of the view, as text.
    private func property(_ key: String, of node: Int) -> String? {
        switch snapshot.properties(of: node)?[key] {
        case .string(let text)?: text
        case .number(let text)?: text
        default: nil
        }
    }
}
