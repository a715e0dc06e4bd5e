import LassoSnapshot

/// The superclass chains of the UIKit classes that importers meet, so that an imported view is known as a cell,
/// a control or a scroll view (docs/snapshot-format.md, `superclasses`) even though the dump names only its own class.
enum UIKitChains {
    static let object = ["NSObject"]
    static let responder = ["UIResponder", "NSObject"]
    static let view = ["UIView", "UIResponder", "NSObject"]
    static let control = ["UIControl"] + view
    static let scrollView = ["UIScrollView"] + view
    static let label = ["UILabel"] + view
    static let button = ["UIButton"] + control
    static let textField = ["UITextField"] + control
    static let tableView = ["UITableView"] + scrollView
    static let collectionView = ["UICollectionView"] + scrollView
    static let tableCell = ["UITableViewCell"] + view
    static let collectionCell = ["UICollectionViewCell", "UICollectionReusableView"] + view
    static let viewController = ["UIViewController"] + responder

    /// Superclasses (nearest first) of UIKit view classes, by class name.
    static let views: [String: [String]] = [
        "UIView": responder,
        "UIWindow": view,
        "UITextEffectsWindow": ["UIAutoRotatingWindow", "UIApplicationRotationFollowingWindow", "UIWindow"] + view,
        "UILabel": view, "UIButtonLabel": label, "UITableViewLabel": label, "UIImageView": view,
        "UIControl": view, "UIButton": control, "UISwitch": control, "UISegmentedControl": control, "UISlider": control,
        "UIStepper": control, "UIPageControl": control, "UIDatePicker": control, "UIRefreshControl": control,
        "UITextField": control, "UISearchTextField": textField,
        "UISearchBarTextField": ["UISearchTextField"] + textField,
        "UITextView": scrollView, "UIScrollView": view, "UITableView": scrollView, "UICollectionView": scrollView,
        "UITableViewWrapperView": scrollView, "_UIQueuingScrollView": scrollView, "WKScrollView": scrollView,
        "UITableViewCell": view, "UICollectionViewCell": ["UICollectionReusableView"] + view,
        "UICollectionReusableView": view,
        "UITableViewCellContentView": view, "UITableViewHeaderFooterView": view, "_UITableViewCellSeparatorView": view,
        "UINavigationBar": view, "UIToolbar": view, "UITabBar": view, "UISearchBar": view, "UIStackView": view,
        "UIVisualEffectView": view, "UIActivityIndicatorView": view, "UIProgressView": view, "UIPickerView": view,
        "UILayoutContainerView": view, "UINavigationTransitionView": view, "UIViewControllerWrapperView": view,
        "UITransitionView": view, "UIDropShadowView": view, "_UINavigationBarContentView": view,
        "_UIButtonBarButton": control, "_UIModernBarButton": button, "UINavigationButton": button,
        "UIToolbarButton": control,
        "UITabBarButton": control, "UITabBarButtonLabel": label, "UITabBarSwappableImageView": ["UIImageView"] + view,
        "_UIAlertControllerActionView": view, "_UIInterfaceActionCustomViewRepresentationView": view,
        "_UIAlertControllerView": view, "WKWebView": view,
    ]

    /// Superclasses (nearest first) of UIKit view-controller classes, by class name.
    static let controllers: [String: [String]] = [
        "UIViewController": responder,
        "UINavigationController": viewController, "UITabBarController": viewController,
        "UITableViewController": viewController, "UICollectionViewController": viewController,
        "UIPageViewController": viewController, "UIAlertController": viewController,
        "UISearchController": viewController,
        "UISplitViewController": viewController, "UIInputViewController": viewController,
        "UIHostingController": viewController,
    ]

    /// The superclasses of view class `name` (a path name), or of its base class `base` (which comes first), or none.
    static func superclasses(of name: String, base: String? = nil) -> [String] {
        if let base, base != name { return [base] + (views[base] ?? controllers[base] ?? []) }
        return views[name] ?? []
    }

    /// The superclasses of view-controller class `name`, or none when lasso does not know it.
    static func controllerSuperclasses(of name: String) -> [String] {
        controllers[ClassName.pathName(name)] ?? []
    }
}
