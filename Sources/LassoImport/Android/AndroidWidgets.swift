/// What lasso knows of Android widget classes: their Android superclasses, and the UIKit class each stands for, so
/// that lasso's events (docs/viewpath.md, "Events"; defined on UIKit classes) apply to Android views too.
///
/// A view's `superclasses` are its Android chain followed by the UIKit equivalent's chain: `Switch` gets
/// `["CompoundButton", "Button", "TextView", "View", "UISwitch", "UIControl", "UIView", …]`.
enum AndroidWidgets {
    static let viewGroup = ["ViewGroup", "View"]
    static let textView = ["TextView", "View"]
    static let button = ["Button", "TextView", "View"]
    static let compoundButton = ["CompoundButton", "Button", "TextView", "View"]
    static let imageView = ["ImageView", "View"]
    static let frameLayout = ["FrameLayout", "ViewGroup", "View"]
    static let linearLayout = ["LinearLayout", "ViewGroup", "View"]
    static let adapterView = ["AdapterView", "ViewGroup", "View"]
    static let absListView = ["AbsListView", "AdapterView", "ViewGroup", "View"]
    static let seekBar = ["AbsSeekBar", "ProgressBar", "View"]

    /// Android superclasses (nearest first) by simple class name.
    static let chains: [String: [String]] = [
        "View": [], "ViewGroup": ["View"], "FrameLayout": viewGroup, "LinearLayout": viewGroup,
        "RelativeLayout": viewGroup,
        "ConstraintLayout": viewGroup, "CoordinatorLayout": viewGroup, "DrawerLayout": viewGroup,
        "GridLayout": viewGroup,
        "AbsoluteLayout": viewGroup, "TableLayout": linearLayout, "TableRow": linearLayout, "CardView": frameLayout,
        "MaterialCardView": ["CardView"] + frameLayout, "Toolbar": viewGroup, "AppBarLayout": linearLayout,
        "TextView": ["View"], "AppCompatTextView": textView, "MaterialTextView": ["AppCompatTextView"] + textView,
        "CheckedTextView": textView,
        "EditText": textView, "AppCompatEditText": ["EditText"] + textView,
        "TextInputEditText": ["AppCompatEditText", "EditText"] + textView,
        "AutoCompleteTextView": ["EditText"] + textView,
        "AppCompatAutoCompleteTextView": ["AutoCompleteTextView", "EditText"] + textView,
        "SearchAutoComplete": ["AppCompatAutoCompleteTextView", "AutoCompleteTextView", "EditText"] + textView,
        "Button": textView, "AppCompatButton": button, "MaterialButton": ["AppCompatButton"] + button,
        "ImageView": ["View"], "AppCompatImageView": imageView, "ImageButton": imageView,
        "AppCompatImageButton": ["ImageButton"] + imageView,
        "FloatingActionButton": ["VisibilityAwareImageButton", "ImageButton"] + imageView,
        "CompoundButton": button, "CheckBox": compoundButton, "AppCompatCheckBox": ["CheckBox"] + compoundButton,
        "MaterialCheckBox": ["AppCompatCheckBox", "CheckBox"] + compoundButton, "RadioButton": compoundButton,
        "AppCompatRadioButton": ["RadioButton"] + compoundButton, "ToggleButton": compoundButton,
        "Switch": compoundButton,
        "SwitchCompat": compoundButton, "SwitchMaterial": ["SwitchCompat"] + compoundButton,
        "MaterialSwitch": ["SwitchCompat"] + compoundButton,
        "ProgressBar": ["View"], "AbsSeekBar": ["ProgressBar", "View"], "SeekBar": seekBar,
        "AppCompatSeekBar": ["SeekBar"] + seekBar,
        "RatingBar": seekBar, "AdapterView": viewGroup, "AbsListView": adapterView, "ListView": absListView,
        "GridView": absListView,
        "ExpandableListView": ["ListView"] + absListView, "Spinner": ["AbsSpinner"] + adapterView,
        "RecyclerView": viewGroup,
        "ScrollView": frameLayout, "HorizontalScrollView": frameLayout, "NestedScrollView": frameLayout,
        "ViewPager": viewGroup,
        "ViewPager2": viewGroup, "WebView": ["AbsoluteLayout"] + viewGroup,
        "TabLayout": ["HorizontalScrollView"] + frameLayout,
    ]

    /// The UIKit class chain an Android class (or an Android superclass of it) stands for.
    static let equivalents: [String: [String]] = [
        "SearchAutoComplete": ["UISearchTextField"] + UIKitChains.textField,
        "EditText": UIKitChains.textField,
        "CompoundButton": ["UISwitch"] + UIKitChains.control,
        "Button": UIKitChains.button, "ImageButton": UIKitChains.button,
        "TextView": UIKitChains.label, "ImageView": ["UIImageView"] + UIKitChains.view,
        "AbsSeekBar": ["UISlider"] + UIKitChains.control, "ProgressBar": ["UIProgressView"] + UIKitChains.view,
        "ListView": UIKitChains.tableView, "AbsListView": UIKitChains.tableView, "GridView": UIKitChains.collectionView,
        "RecyclerView": UIKitChains.collectionView, "ScrollView": UIKitChains.scrollView,
        "HorizontalScrollView": UIKitChains.scrollView,
        "NestedScrollView": UIKitChains.scrollView, "ViewPager": UIKitChains.scrollView,
        "ViewPager2": UIKitChains.scrollView,
        "WebView": ["WKWebView"] + UIKitChains.view,
    ]

    /// `android.widget.Button` → `Button`; `android.widget.SearchView$SearchAutoComplete` → `SearchView$SearchAutoComplete`.
    static func simpleName(_ qualified: String) -> String {
        // On the bytes: a dot is ASCII, and a name has tens of thousands of views.
        let bytes = qualified.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), bytes.index(after: dot) < bytes.endIndex else {
            return qualified
        }
        let after = bytes.index(after: dot)
        // A dot that a combining mark follows is no dot to characters: such a name is read by characters.
        guard bytes[after] < 0x80 else {
            guard let dot = qualified.lastIndex(of: "."), qualified.index(after: dot) < qualified.endIndex else {
                return qualified
            }
            return String(qualified[qualified.index(after: dot)...])
        }
        return String(qualified[after...])
    }

    /// The Android chain of a simple class name: known classes by the table, inner classes by their own name, and
    /// custom lists by their name's ending (`FeedRecyclerView` is taken for a `RecyclerView`).
    static func androidChain(of simple: String) -> [String] {
        let own = simple.split(separator: "$").last.map(String.init) ?? simple
        if let known = chains[own] { return own == simple ? known : [own] + known }
        for base in ["RecyclerView", "ListView", "GridView", "ScrollView", "ViewPager"] where own.hasSuffix(base) {
            return [base] + (chains[base] ?? [])
        }
        return []
    }

    /// `superclasses` for a view of simple class `simple`: its Android chain, then its UIKit equivalent's chain.
    static func superclasses(of simple: String) -> [String] {
        let chain = androidChain(of: simple)
        let own = simple.split(separator: "$").last.map(String.init) ?? simple
        let equivalent = ([own] + chain).lazy.compactMap { equivalents[$0] }.first ?? UIKitChains.view
        return chain + equivalent
    }

    /// True when the children of a view with this chain are list items (cells).
    static func isList(_ superclasses: [String], simple: String) -> Bool {
        let names = [simple] + superclasses
        return names.contains("AbsListView") || names.contains("ListView") || names.contains("GridView")
            || names.contains("RecyclerView")
    }
}
