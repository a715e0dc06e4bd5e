/// Which events apply to an Android view, decided from what the dump says of it (its Android class chain and its
/// own flags) rather than from the UIKit class an importer sets beside it (docs/viewpath.md, "Events").
///
/// | event | applies to an Android view that… |
/// |---|---|
/// | ButtonClick | is a `Button` or `ImageButton` (by its chain) that is not checkable |
/// | ValueChanged | is checkable (`checkable="true"`: a switch, check box, radio button), or a `SeekBar`, `RatingBar` |
/// | ListItemClick | is a list's item (a child of a `RecyclerView`, `ListView`, `GridView`: it has an index path) |
/// | ViewTap | is clickable (`clickable="true"`, the `C` flag of dumpsys) |
/// | LongPress | is long-clickable (`long-clickable="true"`, the `L` flag) |
/// | SearchSubmit | is a search view's text field (`SearchView$SearchAutoComplete`) |
/// | AlertAction | is a dialog's button (`android:id/button1`, `button2`, `button3`) |
/// | PageView | is an activity's root view |
/// | Exposure | any view |
enum AndroidEventRules {
    static let buttons: Set<String> = ["Button", "ImageButton"]
    static let valueViews: Set<String> = ["AbsSeekBar", "SeekBar", "RatingBar"]
    static let dialogButtons: Set<String> = ["android:id/button1", "android:id/button2", "android:id/button3"]

    /// True when `event` applies to the Android view `node`, whose Android chain (class first) is `chain`.
    static func applies(_ event: EventType, to node: Int, in snapshot: Snapshot, chain: [String]) -> Bool {
        let checkable = snapshot.state(of: node)?["isOn"] != nil
        switch event {
        case .buttonClick:
            return chain.contains(where: buttons.contains) && !checkable
        case .valueChanged:
            return checkable || chain.contains(where: valueViews.contains)
        case .listItemClick:
            return snapshot.indexPath(of: node) != nil
        case .viewTap:
            return snapshot.gestures(of: node).contains { ClassName.pathName($0) == "UITapGestureRecognizer" }
        case .longPress:
            return snapshot.gestures(of: node).contains { ClassName.pathName($0) == "UILongPressGestureRecognizer" }
        case .searchSubmit:
            return chain.contains("SearchAutoComplete") || chain.first?.hasSuffix("SearchAutoComplete") == true
        case .alertAction:
            return snapshot.accessibilityIdentifier(of: node).map(dialogButtons.contains) ?? false
        case .pageView:
            return snapshot.isPageRoot(node)
        case .exposure:
            return true
        }
    }
}
