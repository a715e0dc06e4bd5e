import LassoSnapshot

/// How the UI names a view to a person: by what it is and what it says (`the label “¥129.00”`), not by its class.
enum ViewWords {
    /// `button`, `cell`, `label`, `image`, `switch`, `text field`, or `view`.
    static func kind(_ node: Int, in state: AppState) -> String {
        let snapshot = state.snapshot
        if snapshot.isCell(node) { return "row" }
        // An Android view by its own chain, not the UIKit class set beside it (a SeekBar is no UISlider to a person).
        if snapshot.isAndroid { return snapshot.androidKindWord(of: node) ?? "view" }
        for (name, word) in [
            ("UIButton", "button"), ("UISwitch", "switch"), ("UISegmentedControl", "segmented control"),
            ("UISlider", "slider"), ("UILabel", "label"), ("UIImageView", "image"), ("UITextField", "text field"),
        ] where snapshot.isKind(node, of: name) {
            return word
        }
        return "view"
    }

    /// `label “加入购物车”`, `button “加入购物车”`, or `view ProductBadge` when it shows no text.
    static func describe(_ node: Int, in state: AppState) -> String {
        let snapshot = state.snapshot
        let shown = snapshot.title(of: node) ?? snapshot.text(of: node) ?? snapshot.accessibilityLabel(of: node)
        if let shown, !shown.isEmpty { return kind(node, in: state) + " " + DisplayText.quoted(shown) }
        return kind(node, in: state) + " " + state.table.name(of: node)
    }
}
