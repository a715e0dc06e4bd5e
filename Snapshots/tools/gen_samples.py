#!/usr/bin/env python3
"""Generate the sample `lasso.snapshot/1` screens in Snapshots/.

    python3 Snapshots/tools/gen_samples.py

The JSON files are the product; this script is kept so that they can be
regenerated or extended consistently (class chains, frames, key order).
Run tools/validate_samples.py afterwards.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)

# ---------------------------------------------------------------- class chains
R = ["UIResponder", "NSObject"]
V = ["UIView"] + R
CTRL = ["UIControl"] + V
SCROLL = ["UIScrollView"] + V
TCELL = ["UITableViewCell"] + V
CCELL = ["UICollectionViewCell", "UICollectionReusableView"] + V
VCS = ["UIViewController"] + R

SUPER = {
    "UIView": R,
    "UIWindow": V,
    "UILabel": V,
    "UIImageView": V,
    "UIButton": CTRL,
    "UIScrollView": V,
    "UITableView": SCROLL,
    "UICollectionView": SCROLL,
    "UITableViewCell": V,
    "UITableViewCellContentView": V,
    "UITableViewWrapperView": SCROLL,
    "_UITableViewCellSeparatorView": V,
    "UITableViewHeaderFooterView": V,
    "_UITableViewHeaderFooterViewLabel": ["UILabel"] + V,
    "UITableViewLabel": ["UILabel"] + V,
    "UITransitionView": V,
    "UIDropShadowView": V,
    "UILayoutContainerView": V,
    "UINavigationTransitionView": V,
    "UIViewControllerWrapperView": V,
    "UINavigationBar": V,
    "_UIBarBackground": V,
    "_UINavigationBarContentView": ["_UIBarContentView"] + V,
    "_UIButtonBarStackView": V,
    "_UIButtonBarButton": CTRL,
    "_UIModernBarButton": ["UIButton"] + CTRL,
    "UINavigationItemView": V,
    "UINavigationButton": ["UIButton"] + CTRL,
    "UITabBar": V,
    "UITabBarButton": CTRL,
    "UITabBarSwappableImageView": ["UIImageView"] + V,
    "UITabBarButtonLabel": ["UILabel"] + V,
    "_UIBadgeView": V,
    "UIButtonLabel": ["UILabel"] + V,
    "UISearchBar": V,
    "UISearchBarBackground": ["UIImageView"] + V,
    "_UISearchBarSearchContainerView": V,
    "UISearchBarTextField": ["UITextField"] + CTRL,
    "UITextField": CTRL,
    "UISwitch": CTRL,
    "UISwitchModernVisualElement": V,
    "UISegmentedControl": CTRL,
    "UISegment": ["UIImageView"] + V,
    "UISegmentLabel": ["UILabel"] + V,
    "UISlider": CTRL,
    "UIStepper": CTRL,
    "UIPageControl": CTRL,
    "UIActivityIndicatorView": V,
    "UIStackView": V,
    "_UIScrollViewScrollIndicator": V,
    "_UIAlertControllerView": V,
    "_UIDimmingKnockoutBackdropView": V,
    "_UIInterfaceActionGroupHeaderScrollView": SCROLL,
    "_UIAlertControllerInterfaceActionGroupView": ["UIInterfaceActionGroupView"] + V,
    "_UIInterfaceActionRepresentationsSequenceView": SCROLL,
    "_UIInterfaceActionSeparatableSequenceView": V,
    "_UIInterfaceActionCustomViewRepresentationView": V,
    "_UIInterfaceActionVibrantSeparatorView": V,
    "_UIAlertControllerActionView": V,
}

ORDER = ["class", "superclasses", "viewController", "frame", "hidden", "alpha",
         "indexPath", "text", "title", "accessibilityIdentifier",
         "accessibilityLabel", "imageName", "actions", "gestures", "state",
         "properties", "viewPath"]


def num(x):
    if isinstance(x, float):
        x = round(x, 2)
        if x.is_integer():
            return int(x)
    return x


def N(cls, frame, kids=None, sup=None, **kw):
    """A node. Known fields come out in ORDER, unknown extra fields after them."""
    n = {"class": cls}
    s = sup if sup is not None else SUPER[cls]
    n["superclasses"] = list(s)
    kw["frame"] = [num(v) for v in frame]
    kw = {k: v for k, v in kw.items() if v is not None}
    for k in ORDER[2:]:
        if k in kw:
            n[k] = kw.pop(k)
    for k, v in kw.items():          # unknown fields: kept as they are
        n[k] = v
    if kids:
        n["children"] = kids
    return n


def VC(cls, sup, title=None, alias=None, props=None):
    d = {"class": cls, "superclasses": list(sup)}
    if title is not None:
        d["title"] = title
    if alias is not None:
        d["alias"] = alias
    if props is not None:
        d["properties"] = props
    return d


def doc(app, captured, screen, root, **extra):
    d = {"format": "lasso.snapshot/1", "app": app, "capturedAt": captured,
         "screen": screen}
    d.update(extra)
    d["root"] = root
    return d


def dumps(o, level=0):
    """Pretty JSON, 2-space indent; arrays of scalars that fit stay on one line
    ("frame": [0, 75, 390, 75]) so that the files read and grep well."""
    pad, inner = "  " * level, "  " * (level + 1)
    if isinstance(o, dict):
        if not o:
            return "{}"
        return "{\n" + ",\n".join(
            inner + json.dumps(k, ensure_ascii=False) + ": " + dumps(v, level + 1)
            for k, v in o.items()) + "\n" + pad + "}"
    if isinstance(o, list):
        flat = json.dumps(o, ensure_ascii=False)
        if not any(isinstance(x, (dict, list)) for x in o) and len(flat) + len(inner) <= 100:
            return flat
        return "[\n" + ",\n".join(inner + dumps(v, level + 1) for v in o) + "\n" + pad + "]"
    return json.dumps(o, ensure_ascii=False)


def write(name, d):
    path = os.path.join(OUT, name)
    text = dumps(d) + "\n"
    assert json.loads(text) == d
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote", path)


# ------------------------------------------------------------- shop-ios chrome
W, H = 390, 844


def bar_button(x, label, action=None, image=None, **kw):
    extra = {}
    if action:
        extra["actions"] = [action]
    return N("_UIButtonBarButton", [x, 0, 44, 44], accessibilityLabel=label,
             kids=[N("_UIModernBarButton", [10, 10, 24, 24], imageName=image)],
             **extra, **kw)


def nav_bar(title, left=(), right=()):
    """left/right: lists of (label, action, image)."""
    kids = []
    if left:
        kids.append(N("_UIButtonBarStackView", [8, 0, 44 * len(left), 44], kids=[
            bar_button(44 * i, *b) for i, b in enumerate(left)]))
    tw = 17 * len(title) + 8
    kids.append(N("UILabel", [(W - tw) / 2, 11, tw, 22], text=title,
                  accessibilityLabel=title))
    if right:
        kids.append(N("_UIButtonBarStackView",
                      [W - 8 - 44 * len(right), 0, 44 * len(right), 44], kids=[
                          bar_button(44 * i, *b) for i, b in enumerate(right)]))
    return N("UINavigationBar", [0, 47, W, 44], kids=[
        N("_UIBarBackground", [0, 0, W, 44]),
        N("_UINavigationBarContentView", [0, 0, W, 44], kids=kids)])


SHOP_TABS = [("首页", "tab_home"), ("分类", "tab_category"),
             ("购物车", "tab_cart"), ("我的", "tab_mine")]


def tab_bar(tabs, selected, width=W, y=761, height=83, badge=None, hidden=None,
            button_h=48):
    bw = width / len(tabs)
    kids = [N("_UIBarBackground", [0, 0, width, height])]
    for i, (title, img) in enumerate(tabs):
        lw = 13 * len(title)
        bkids = [
            N("UITabBarSwappableImageView", [(bw - 4 - 28) / 2, 5, 28, 28],
              imageName=img + ("_selected" if i == selected else "")),
            N("UITabBarButtonLabel", [(bw - 4 - lw) / 2, 35, lw, 12], text=title),
        ]
        if badge and badge[0] == i:
            bkids.append(N("_UIBadgeView", [(bw - 4) / 2 + 6, 1, 18, 18],
                           text=badge[1], accessibilityLabel=badge[1] + "件商品"))
        extra = {"state": {"selected": True}} if i == selected else {}
        kids.append(N("UITabBarButton", [i * bw + 2, 1, bw - 4, button_h],
                      accessibilityLabel=title, actions=["_buttonDown:", "_buttonUp:"],
                      **extra, kids=bkids))
    extra = {"hidden": hidden} if hidden is not None else {}
    return N("UITabBar", [0, y, width, height], **extra,
             properties={"selectedIndex": selected, "itemCount": len(tabs)},
             kids=kids)


def shop_window(page, navbar, tabbar, nav_count, more_window_kids=()):
    nav = N("UILayoutContainerView", [0, 0, W, H],
            viewController=VC("ShopKit.ShopNavigationController",
                              ["UINavigationController"] + VCS,
                              props={"viewControllersCount": nav_count}),
            kids=[N("UINavigationTransitionView", [0, 0, W, H], kids=[
                N("UIViewControllerWrapperView", [0, 0, W, H], kids=[page])]),
                navbar])
    tabs = N("UILayoutContainerView", [0, 0, W, H],
             viewController=VC("ShopApp.MainTabBarController",
                               ["UITabBarController"] + VCS,
                               props={"selectedIndex": 0, "tabCount": 4}),
             kids=[N("UITransitionView", [0, 0, W, H], kids=[
                 N("UIViewControllerWrapperView", [0, 0, W, H], kids=[nav])]),
                 tabbar])
    return N("UIWindow", [0, 0, W, H],
             properties={"windowLevel": 0, "isKeyWindow": True},
             kids=[N("UITransitionView", [0, 0, W, H], kids=[
                 N("UIDropShadowView", [0, 0, W, H], kids=[tabs])])]
             + list(more_window_kids))


def yuan(p):
    return "¥%.2f" % p


# ================================================================ shop-home
HOME_PRODUCTS = [
    # id, name, price, original, tags, sku, sales line
    ("P1001", "无线蓝牙耳机", 199, 299, ["包邮", "次日达"],
     {"skuId": "P1001-BLK", "color": "曜石黑", "stock": 1200}, "月销2.3万 · 好评98%"),
    ("P1002", "降噪头戴式耳机 Pro", 899, 1099, ["自营", "12期免息"],
     {"skuId": "P1002-SLV", "color": "银色", "stock": 86}, "月销5800 · 好评97%"),
    ("P1003", "20000mAh 快充移动电源", 129, 159, ["包邮"],
     {"skuId": "P1003-WHT", "capacity": "20000mAh", "stock": 530}, "月销1.1万 · 好评96%"),
    ("P1004", "智能手环 8 NFC版", 249, 279, ["新品", "包邮"],
     {"skuId": "P1004-NFC", "color": "亮黑", "stock": 310}, "月销9200 · 好评95%"),
    ("P1005", "K8 机械键盘 青轴", 329, 399, ["自营"],
     {"skuId": "P1005-BLUE", "switch": "青轴", "stock": 0}, "已售罄 · 好评99%"),
    ("P1006", "Type-C 数据线 1m（2条装）", 39.9, 59, ["满99减10", "包邮"],
     {"skuId": "P1006-2PK", "length": "1m", "stock": 9800}, "月销4.6万 · 好评97%"),
]


def product_cell(row, p, cls="ShopKit.ProductCell"):
    pid, name, price, orig, tags, sku, sales = p
    sold_out = sku["stock"] == 0
    model = {"productId": pid, "name": name, "price": price, "originalPrice": orig,
             "tags": tags, "sku": sku, "soldOut": sold_out,
             "promotion": None if row % 2 else {"type": "coupon", "amount": 20}}
    if sold_out:
        btn = N("UIButton", [290, 38, 84, 28], title="到货提醒",
                accessibilityIdentifier="product.restock",
                actions=["subscribeRestock:"],
                kids=[N("UIButtonLabel", [14, 5, 56, 18], text="到货提醒")])
    else:
        btn = N("UIButton", [290, 38, 84, 28], title="加入购物车",
                accessibilityIdentifier="product.addToCart",
                # The cell is the button's target: a snapshot tool that reads the runtime says so (hook configs).
                actions=[{"selector": "addToCart:", "target": cls}],
                kids=[N("UIButtonLabel", [7, 5, 70, 18], text="加入购物车")])
    return N(cls, [0, 75 * row, W, 75],
             sup=["ShopKit.BaseTableViewCell"] + TCELL,
             indexPath=[0, row], accessibilityIdentifier="home.product.%d" % row,
             properties={"model": model, "reuseIdentifier": "ProductCell"},
             kids=[
                 N("UITableViewCellContentView", [0, 0, W, 74.67], kids=[
                     N("UIImageView", [16, 8, 58, 58], imageName=pid.lower() + "_thumb",
                       accessibilityLabel=name),
                     N("UILabel", [86, 8, 200, 20], text=name),
                     N("UILabel", [86, 30, 120, 20], text=yuan(price),
                       accessibilityIdentifier="product.price"),
                     N("UILabel", [86, 54, 180, 14], text=sales),
                     btn,
                 ]),
                 N("_UITableViewCellSeparatorView", [86, 74.67, 304, 0.33]),
             ])


def shop_home():
    banners = [
        ("B2001", "双11狂欢节 满300减50", "banner_double11_main", "shop://activity/double11"),
        ("B2002", "数码新品首发 Apple 配件专场", "banner_digital_new", "shop://topic/digital-new"),
        ("B2003", "会员日 PLUS 专享 9.9 元包邮", "banner_plus_day", "https://m.shop.example.com/plus?from=banner"),
    ]
    banner_cells = []
    for item in (1, 2, 0):                       # subview order after reuse
        bid, title, img, url = banners[item]
        banner_cells.append(N(
            "ShopKit.BannerCell", [item * W, 0, W, 160], sup=CCELL,
            indexPath=[0, item],
            properties={"banner": {"bannerId": bid, "title": title, "url": url,
                                   "position": item, "trackId": "home_banner_%d" % item}},
            kids=[N("UIView", [0, 0, W, 160], kids=[
                N("UIImageView", [12, 8, 366, 144], imageName=img,
                  accessibilityLabel=title)])]))
    cells = []
    for row in (2, 3, 0, 1, 4, 5):               # subview order after reuse
        cls = "_TtC7ShopKit11ProductCell" if row == 3 else "ShopKit.ProductCell"
        cells.append(product_cell(row, HOME_PRODUCTS[row], cls))

    page = N("UIView", [0, 0, W, H],
             viewController=VC("ShopApp.HomeViewController",
                               ["ShopKit.BaseViewController"] + VCS, title="首页",
                               props={"pageName": "home", "abGroup": "B",
                                      "feed": {"pageNo": 1, "pageSize": 20, "hasMore": True}}),
             kids=[
                 N("UISearchBar", [0, 91, W, 56], accessibilityIdentifier="home.searchBar",
                   properties={"placeholder": "搜索商品、品牌、店铺", "searchBarStyle": 2},
                   kids=[N("UIView", [0, 0, W, 56], kids=[
                       N("UISearchBarBackground", [0, 0, W, 56]),
                       N("_UISearchBarSearchContainerView", [0, 0, W, 56], kids=[
                           N("UISearchBarTextField", [16, 10, 358, 36], text="降噪耳机",
                             accessibilityIdentifier="home.searchField",
                             actions=["_searchFieldBeginEditing", "_searchFieldEditingChanged",
                                      "_searchFieldEndEditing", "_searchFieldReturnPressed"],
                             properties={"placeholder": "搜索商品、品牌、店铺",
                                         "returnKeyType": 6, "isSecureTextEntry": False},
                             kids=[N("UIImageView", [8, 9, 18, 18],
                                     imageName="magnifyingglass")])])])]),
                 N("UICollectionView", [0, 147, W, 160],
                   accessibilityIdentifier="home.banner",
                   state={"contentOffset": [W, 0]},
                   properties={"contentSize": [3 * W, 160], "bannerCount": 3,
                               "autoScrollInterval": 4},
                   kids=banner_cells),
                 N("UIPageControl", [155, 283, 80, 20], state={"currentPage": 1},
                   actions=["pageControlChanged:"],
                   properties={"numberOfPages": 3}),
                 N("UITableView", [0, 307, W, 454],
                   accessibilityIdentifier="home.productList",
                   state={"contentOffset": [0, 0]},
                   properties={"contentSize": [W, 450], "rowHeight": 75, "style": 0},
                   kids=cells),
             ])
    navbar = nav_bar("精选好物",
                     left=[("扫一扫", "openScanner:", "nav_scan")],
                     right=[("消息", "openMessages:", "nav_message"),
                            ("客服", "openCustomerService:", "nav_service")])
    root = shop_window(page, navbar, tab_bar(SHOP_TABS, 0, badge=(2, "3")), 1)
    return doc({"key": "shop-ios", "version": "5.3.0", "build": "5301", "platform": "ios"},
               "2026-11-20T10:00:00Z", {"width": W, "height": H, "scale": 3}, root,
               screenshot={"file": "shop-home.png"},
               classes={"ShopKit.ProductCell": {"methods": [
                   "addToCart:", "subscribeRestock:", "configureWithModel:", "prepareForReuse"]},
                        "ShopApp.HomeViewController": {"methods": [
                            "viewDidLoad", "viewWillAppear:", "refreshFeed", "openBanner:"]}})


# ================================================================ settings
def notes_settings():
    def header(y, text, h=38):
        return N("UITableViewHeaderFooterView", [0, y, W, h], kids=[
            N("_UITableViewHeaderFooterViewLabel", [36, h - 24, 318, 18], text=text)])

    def footer(y, text, h=36):
        return N("UITableViewHeaderFooterView", [0, y, W, h], kids=[
            N("_UITableViewHeaderFooterViewLabel", [36, 6, 318, 16], text=text)])

    CW = 350

    def cell(cls, y, ip, kids, sup=None, **kw):
        return N(cls, [20, y, CW, 44], sup=sup or TCELL, indexPath=ip, kids=[
            N("UITableViewCellContentView", [0, 0, CW, 44], kids=kids)], **kw)

    TEXTROW = "NotesUI.FormCell<NotesUI.TextFieldRow>"
    SWITCHROW = "NotesUI.FormCell<NotesUI.SwitchRow>"
    FORMSUP = ["NotesUI.BaseFormCell"] + TCELL

    def switch(on, action, ident):
        return N("UISwitch", [283, 6.5, 51, 31], accessibilityIdentifier=ident,
                 actions=[action], state={"isOn": on},
                 properties={"onTintColor": "systemGreen"},
                 kids=[N("UISwitchModernVisualElement", [0, 0, 51, 31])])

    nickname = cell(TEXTROW, 56, [0, 0], [
        N("UILabel", [16, 12, 100, 20], text="Nickname"),
        N("UITextField", [130, 7, 204, 30], text="Lena Zhou",
          accessibilityIdentifier="settings.nickname",
          accessibilityLabel="Nickname", actions=["nicknameDidChange:"],
          properties={"placeholder": "Your name", "isSecureTextEntry": False,
                      "textContentType": "nickname", "maxLength": 24}),
    ], sup=FORMSUP, properties={"row": {"key": "nickname", "kind": "text"}})
    password = cell(TEXTROW, 100, [0, 1], [
        N("UILabel", [16, 12, 100, 20], text="Password"),
        N("UITextField", [130, 7, 204, 30], text="••••••••",
          accessibilityIdentifier="settings.password",
          accessibilityLabel="Password", actions=["passwordDidChange:"],
          properties={"placeholder": "Required", "isSecureTextEntry": True,
                      "textContentType": "password"}),
    ], sup=FORMSUP, properties={"row": {"key": "password", "kind": "secureText"}})
    icloud = cell(SWITCHROW, 200, [1, 0], [
        N("UILabel", [16, 12, 160, 20], text="iCloud Sync"),
        N("UIActivityIndicatorView", [255, 12, 20, 20], hidden=True,
          properties={"isAnimating": False, "hidesWhenStopped": True}),
        N("UILabel", [16, 30, 230, 12], alpha=0, text="Sync failed. Tap to retry.",
          accessibilityIdentifier="settings.syncError"),
        switch(True, "toggleSync:", "settings.iCloudSync"),
    ], sup=FORMSUP, properties={"row": {"key": "sync.icloud", "kind": "switch", "value": True}})
    cellular = cell(SWITCHROW, 244, [1, 1], [
        N("UILabel", [16, 12, 180, 20], text="Sync over Cellular"),
        switch(False, "toggleCellularSync:", "settings.cellularSync"),
    ], sup=FORMSUP, properties={"row": {"key": "sync.cellular", "kind": "switch", "value": False}})
    seg_titles = ["Light", "Dark", "Automatic"]
    theme = cell("UITableViewCell", 380, [2, 0], [
        N("UILabel", [16, 12, 80, 20], text="Theme"),
        N("UISegmentedControl", [130, 6, 204, 32],
          accessibilityIdentifier="settings.theme", actions=["themeChanged:"],
          state={"selectedSegmentIndex": 1},
          properties={"segmentTitles": seg_titles, "numberOfSegments": 3,
                      "selectedTitle": "Dark"},
          kids=[N("UISegment", [i * 68, 0, 68, 32],
                  **({"state": {"selected": True}} if i == 1 else {}),
                  kids=[N("UISegmentLabel", [4, 7, 60, 18], text=t)])
                for i, t in enumerate(seg_titles)]),
    ])
    font = cell("UITableViewCell", 424, [2, 1], [
        N("UILabel", [16, 12, 90, 20], text="Font Size"),
        N("UISlider", [120, 7, 214, 30], accessibilityIdentifier="settings.fontSize",
          actions=["fontSizeChanged:"], state={"value": 0.5},
          properties={"minimumValue": 0, "maximumValue": 1, "isContinuous": True}),
    ])
    spacing = cell("UITableViewCell", 468, [2, 2], [
        N("UILabel", [16, 12, 110, 20], text="Line Spacing"),
        N("UILabel", [210, 12, 20, 20], text="2", accessibilityIdentifier="settings.lineSpacingValue"),
        N("UIStepper", [240, 6, 94, 32], accessibilityIdentifier="settings.lineSpacing",
          actions=["lineSpacingChanged:"], state={"value": 2},
          properties={"minimumValue": 0, "maximumValue": 5, "stepValue": 1, "wraps": False}),
    ])
    signout = cell("UITableViewCell", 530, [3, 0], [
        N("UITableViewLabel", [16, 12, 318, 20], text="Sign Out",
          properties={"textColor": "systemRed", "textAlignment": 1}),
    ], accessibilityIdentifier="settings.signOut")

    table_kids = [
        icloud, nickname, header(18, "ACCOUNT"), password, header(162, "SYNC"),
        footer(288, "Last synced today at 09:41"), theme, cellular,
        header(342, "APPEARANCE"), spacing, font, signout,
        footer(574, "Notes 2.8.1 (2810)", h=40),
    ]
    page = N("UITableView", [0, 0, W, H],
             viewController=VC("NotesApp.SettingsViewController",
                               ["UITableViewController"] + VCS, title="Settings",
                               props={"sections": ["Account", "Sync", "Appearance", "Session"],
                                      "account": {"userId": "u_58213", "plan": "pro"}}),
             accessibilityIdentifier="settings.table",
             state={"contentOffset": [0, -91]},
             properties={"contentSize": [W, 650], "style": 2,
                         "adjustedContentInset": [91, 0, 34, 0]},
             kids=table_kids)
    navbar = N("UINavigationBar", [0, 47, W, 44], kids=[
        N("_UIBarBackground", [0, 0, W, 44]),
        N("_UINavigationBarContentView", [0, 0, W, 44], kids=[
            N("UILabel", [160, 11, 70, 22], text="Settings"),
            N("_UIButtonBarStackView", [W - 8 - 56, 0, 56, 44], kids=[
                N("_UIButtonBarButton", [0, 0, 56, 44], title="Done",
                  accessibilityLabel="Done", actions=["dismissSettings:"],
                  kids=[N("_UIModernBarButton", [4, 8, 48, 28], title="Done")])]),
        ])])
    nav = N("UILayoutContainerView", [0, 0, W, H],
            viewController=VC("UINavigationController", VCS),
            kids=[N("UINavigationTransitionView", [0, 0, W, H], kids=[
                N("UIViewControllerWrapperView", [0, 0, W, H], kids=[page])]), navbar])
    root = N("UIWindow", [0, 0, W, H], kids=[
        N("UITransitionView", [0, 0, W, H], kids=[
            N("UIDropShadowView", [0, 0, W, H], kids=[nav])])])
    return doc({"key": "notes-ios", "version": "2.8.1", "build": "2810", "platform": "ios"},
               "2026-11-18T16:42:05Z", {"width": W, "height": H, "scale": 3}, root)


# ================================================================ product-pager
PAGER_PRODUCTS = {
    "hot": [("P2001", "iPhone 16 Pro 磁吸手机壳", 69, ["热销", "包邮"]),
            ("P1001", "无线蓝牙耳机", 199, ["包邮", "次日达"]),
            ("P2003", "65W 氮化镓充电器", 99, ["自营"]),
            ("P2004", "便携保温杯 500ml", 79, ["热销"])],
    "new": [("P3001", "智能手表 GT5 Pro", 1488, ["新品", "12期免息"]),
            ("P3002", "AirTag 防丢保护套（4只装）", 49, ["新品"]),
            ("P3003", "桌面无线充电支架", 159, ["新品", "包邮"]),
            ("P3004", "Kindle 阅读灯 USB-C", 39, ["新品"])],
    "sale": [("P4001", "蓝牙音箱 Mini", 129, ["限时特价"], 199),
             ("P4002", "降噪头戴式耳机 Pro", 699, ["直降200"], 899),
             ("P4003", "USB-C 扩展坞 7合1", 189, ["限时特价", "包邮"], 239),
             ("P4004", "电竞鼠标 无线版", 219, ["直降80"], 299)],
}
GRID = [(12, 12), (201, 12), (12, 324), (201, 324)]


def grid_cell(alias, i, p):
    pid, name, price, tags = p[:4]
    model = {"productId": pid, "name": name, "price": price, "tags": tags,
             "sku": {"skuId": pid + "-01", "stock": 50 + 37 * i}, "list": alias,
             "position": i}
    kids = [N("UIImageView", [0, 0, 177, 177], imageName=pid.lower() + "_main",
              accessibilityLabel=name),
            N("UILabel", [8, 185, 161, 40], text=name, properties={"numberOfLines": 2}),
            N("UILabel", [8, 233, 161, 20], text=yuan(price))]
    if alias == "sale":
        orig = p[4]
        model["originalPrice"] = orig
        kids.append(N("ShopKit.DiscountBadgeView", [121, 8, 48, 20], sup=V,
                      text="-%d%%" % round(100 * (orig - price) / orig),
                      properties={"discount": round(price / orig, 2)}))
    return N("ShopKit.ProductGridCell", [GRID[i][0], GRID[i][1], 177, 300],
             sup=["ShopKit.BaseCollectionViewCell"] + CCELL, indexPath=[0, i],
             properties={"model": model},
             kids=[N("UIView", [0, 0, 177, 300], kids=kids)])


def product_list_page(alias, title, x, order, top=0, extra_kids=()):
    cells = [grid_cell(alias, i, PAGER_PRODUCTS[alias][i]) for i in order]
    h = 626 - top
    coll = N("UICollectionView", [0, top, W, h],
             accessibilityIdentifier="productList.grid",
             state={"contentOffset": [0, 0]},
             properties={"contentSize": [W, 3744], "itemCount": 24},
             kids=cells)
    return N("UIView", [x, 0, W, 626],
             viewController=VC("ShopApp.ProductListViewController",
                               ["ShopKit.BaseViewController"] + VCS, title=title,
                               alias=alias,
                               props={"categoryId": alias, "pageIndex": ["hot", "new", "sale"].index(alias),
                                      "sort": "sales" if alias == "hot" else "default"}),
             kids=list(extra_kids) + [coll])


def product_pager():
    items = [("I9001", "轻薄笔记本支架", 0.92), ("I9002", "磁吸充电宝 5000mAh", 0.88),
             ("I9003", "降噪耳塞 睡眠款", 0.81)]
    strip_cells = [N("ShopKit.ListCell<ShopKit.Item>", [12 + 110 * i, 4, 100, 84],
                     sup=["ShopKit.BaseCollectionViewCell"] + CCELL, indexPath=[0, i],
                     properties={"item": {"itemId": iid, "name": name, "score": score,
                                          "reason": "看过相似商品"}},
                     kids=[N("UIView", [0, 0, 100, 84], kids=[
                         N("UILabel", [6, 56, 88, 20], text=name)])])
                   for i, (iid, name, score) in enumerate(items)]
    recommend = N("UIView", [0, 0, W, 120],
                  viewController=VC("ShopKit.RecommendStripViewController",
                                    ["ShopKit.BaseViewController"] + VCS, title="为你推荐",
                                    props={"scene": "new_arrivals", "algorithm": "itemcf-v3"}),
                  kids=[N("UILabel", [12, 4, 120, 20], text="为你推荐"),
                        N("UICollectionView", [0, 28, W, 92],
                          state={"contentOffset": [0, 0]},
                          properties={"contentSize": [342, 92],
                                      "scrollDirection": "horizontal"},
                          kids=strip_cells)])
    hot = product_list_page("hot", "热卖", 0, [0, 1, 2, 3])
    new = product_list_page("new", "新品", W, [1, 0, 3, 2], top=120, extra_kids=[recommend])
    sale = product_list_page("sale", "特价", 2 * W, [2, 3, 0, 1])
    titles = ["热卖", "新品", "特价"]
    strip = N("ShopKit.PagerTabStrip", [0, 91, W, 44], sup=CTRL,
              accessibilityIdentifier="pager.tabs", actions=["tabStripValueChanged:"],
              state={"selectedIndex": 1}, properties={"titles": titles},
              kids=[N("UIButton", [130 * i, 0, 130, 42], title=t, actions=["tabTapped:"],
                      **({"state": {"selected": True}} if i == 1 else {}),
                      kids=[N("UIButtonLabel", [47, 11, 36, 20], text=t)])
                    for i, t in enumerate(titles)]
              + [N("UIView", [175, 42, 40, 2], accessibilityIdentifier="pager.indicator")])
    pager = N("UIScrollView", [0, 135, W, 626], accessibilityIdentifier="pager.scroll",
              state={"pagingEnabled": True, "contentOffset": [W, 0]},
              properties={"contentSize": [3 * W, 626], "bounces": False},
              kids=[hot, sale, new,              # added in the order the user visited
                    N("_UIScrollViewScrollIndicator", [W + 3, 620, 384, 3], alpha=0)])
    page = N("UIView", [0, 0, W, H],
             viewController=VC("ShopApp.ProductListContainerViewController",
                               ["ShopKit.BaseViewController"] + VCS, title="商品列表",
                               props={"selectedIndex": 1, "categories": ["hot", "new", "sale"]}),
             kids=[strip, pager])
    navbar = nav_bar("商品列表", left=[("返回", None, "nav_back")],
                     right=[("搜索", "openSearch:", "nav_search")])
    root = shop_window(page, navbar, tab_bar(SHOP_TABS, 0, badge=(2, "3")), 2)
    return doc({"key": "shop-ios", "version": "5.4.0", "build": "5402", "platform": "ios"},
               "2026-12-03T08:15:30Z", {"width": W, "height": H, "scale": 3}, root)


# ================================================================ checkout-alert
def checkout_alert():
    items = [("P1001", "无线蓝牙耳机", "曜石黑", 199, 1), ("P1003", "20000mAh 快充移动电源", "白色", 129, 1)]
    item_cells = []
    for row, (pid, name, spec, price, qty) in enumerate(items):
        item_cells.append(N(
            "_TtC7ShopKit13OrderItemCell", [0, 90 * row, 366, 90], sup=TCELL,
            indexPath=[0, row],
            properties={"item": {"productId": pid, "name": name, "spec": spec,
                                 "price": price, "quantity": qty}},
            kids=[N("UITableViewCellContentView", [0, 0, 366, 89.67], kids=[
                N("UIImageView", [12, 10, 70, 70], imageName=pid.lower() + "_thumb"),
                N("UILabel", [94, 10, 200, 20], text=name),
                N("UILabel", [94, 34, 200, 16], text=spec),
                N("UILabel", [94, 60, 100, 20], text=yuan(price)),
                N("UILabel", [320, 60, 34, 20], text="x%d" % qty),
            ])]))
    summary_rows = [("商品金额", "¥328.00"), ("优惠券", "-¥29.00"), ("运费", "¥0.00"),
                    ("合计", "¥299.00")]
    summary_kids = []
    for i, (k, v) in enumerate(summary_rows):
        summary_kids.append(N("UILabel", [12, 12 + 36 * i, 120, 20], text=k))
        summary_kids.append(N("UILabel", [234, 12 + 36 * i, 120, 20], text=v,
                              properties={"textAlignment": 2}))
    scroll = N("UIScrollView", [0, 91, W, 669], state={"contentOffset": [0, 0]},
               properties={"contentSize": [W, 870]}, kids=[
        N("ShopKit.AddressCardView", [12, 12, 366, 96], sup=V,
          accessibilityIdentifier="checkout.address", gestures=["UITapGestureRecognizer"],
          properties={"address": {"addressId": "A88", "name": "张伟", "phone": "138****5678",
                                  "detail": "上海市浦东新区张江高科技园区博云路2号",
                                  "isDefault": True}},
          kids=[N("UILabel", [16, 14, 300, 22], text="张伟  138****5678"),
                N("UILabel", [16, 42, 300, 40], text="上海市浦东新区张江高科技园区博云路2号",
                  properties={"numberOfLines": 2}),
                N("UIImageView", [338, 40, 16, 16], imageName="icon_arrow_right")]),
        N("UIImageView", [12, 120, 366, 72], imageName="coupon_banner_30off",
          accessibilityIdentifier="checkout.couponBanner",
          accessibilityLabel="领取30元优惠券", gestures=["UITapGestureRecognizer"],
          properties={"coupon": {"couponId": "C3001", "amount": 30, "threshold": 299,
                                 "expireAt": "2026-11-30T23:59:59+08:00"},
                      "userInteractionEnabled": True}),
        N("UITableView", [12, 204, 366, 180], accessibilityIdentifier="checkout.items",
          state={"contentOffset": [0, 0]},
          properties={"contentSize": [366, 180], "scrollEnabled": False},
          kids=item_cells),
        N("ShopKit.OrderSummaryView", [12, 396, 366, 152], sup=V, kids=summary_kids,
          properties={"summary": {"goodsAmount": 328, "discount": 29, "freight": 0,
                                  "total": 299}}),
        N("UIView", [12, 560, 366, 56], accessibilityLabel="长按复制订单编号",
          gestures=["UILongPressGestureRecognizer"],
          properties={"orderNo": "SO202611201000123"},
          kids=[N("UILabel", [16, 18, 334, 20], text="订单编号：SO202611201000123")]),
        N("UILabel", [12, 628, 366, 40], text="提交订单即表示同意《用户购买协议》",
          properties={"numberOfLines": 2}),
    ])
    bottom = N("UIView", [0, 760, W, 84], accessibilityIdentifier="checkout.bottomBar", kids=[
        N("UILabel", [16, 20, 60, 20], text="合计："),
        N("UILabel", [76, 18, 120, 24], text="¥299.00",
          accessibilityIdentifier="checkout.total"),
        N("UIButton", [246, 8, 128, 44], title="提交订单",
          accessibilityIdentifier="checkout.submit", actions=["submitOrder:"],
          kids=[N("UIButtonLabel", [32, 12, 64, 20], text="提交订单")]),
    ])
    page = N("UIView", [0, 0, W, H],
             viewController=VC("ShopApp.CheckoutViewController",
                               ["ShopKit.BaseViewController"] + VCS, title="确认订单",
                               props={"orderDraft": {"orderNo": "SO202611201000123",
                                                     "totalAmount": 299, "itemCount": 2,
                                                     "payMethod": "balance",
                                                     "productIds": ["P1001", "P1003"]}}),
             kids=[scroll, bottom])
    navbar = nav_bar("确认订单", left=[("返回", None, "nav_back")])

    # ------- the presented UIAlertController, in its own transition view
    AW, AH = 270, 166

    def action_view(x, w, title, style):
        return N("_UIInterfaceActionCustomViewRepresentationView", [x, 0, w, 45], kids=[
            N("_UIAlertControllerActionView", [0, 0, w, 45], title=title,
              accessibilityLabel=title,
              properties={"action": {"title": title, "style": style, "enabled": True}},
              kids=[N("UIView", [0, 0, w, 45], kids=[
                  N("UILabel", [(w - 40) / 2, 12, 40, 21], text=title)])])])

    alert = N("_UIAlertControllerView", [0, 0, W, H],
              viewController=VC("UIAlertController", VCS, title="确认支付",
                                props={"message": "将从余额支付 ¥299.00",
                                       "preferredStyle": 1,
                                       "actions": [{"title": "取消", "style": 1},
                                                   {"title": "确认", "style": 0}]}),
              kids=[N("UIView", [(W - AW) / 2, 339, AW, AH], kids=[
                  N("_UIDimmingKnockoutBackdropView", [0, 0, AW, AH]),
                  N("UIView", [0, 0, AW, AH], kids=[
                      N("_UIInterfaceActionGroupHeaderScrollView", [0, 0, AW, 121],
                        properties={"contentSize": [AW, 121]}, kids=[
                            N("UIView", [0, 0, AW, 121], kids=[
                                N("UILabel", [16, 20, 238, 22], text="确认支付"),
                                N("UILabel", [16, 46, 238, 36], text="将从余额支付 ¥299.00",
                                  properties={"numberOfLines": 0}),
                            ])]),
                      N("_UIAlertControllerInterfaceActionGroupView", [0, 121, AW, 45], kids=[
                          N("UIView", [0, 0, AW, 45], kids=[
                              N("_UIInterfaceActionRepresentationsSequenceView", [0, 0, AW, 45],
                                properties={"contentSize": [AW, 45]}, kids=[
                                    N("_UIInterfaceActionSeparatableSequenceView", [0, 0, AW, 45], kids=[
                                        N("UIStackView", [0, 0, AW, 45],
                                          properties={"axis": 0, "distribution": 1}, kids=[
                                              action_view(0, 134.67, "取消", 1),
                                              N("_UIInterfaceActionVibrantSeparatorView",
                                                [134.67, 0, 0.33, 45]),
                                              action_view(135, 135, "确认", 0),
                                          ])])])])]),
                  ])])])
    alert_layer = N("UITransitionView", [0, 0, W, H], kids=[alert])
    root = shop_window(page, navbar, tab_bar(SHOP_TABS, 0, badge=(2, "3"), hidden=True), 3,
                       more_window_kids=[alert_layer])
    return doc({"key": "shop-ios", "version": "5.3.0", "build": "5301", "platform": "ios"},
               "2026-11-20T10:03:12Z", {"width": W, "height": H, "scale": 3}, root,
               screenshot={"file": "checkout-alert.png"})


# ================================================================ feed-legacy
LW, LH = 375, 667
EXAMPLE_PREFIX = ("HYGHallSlideViewController[0]/UIScrollView[0]/HYGHallProductTableView[1]/"
               "UITableViewWrapperView[0]/HYGHallProductCell[0:2]")

FEED = {
    "recommend": [
        [("N3921-0011", "周末去哪儿｜杭州西溪湿地赏秋指南", "旅行家", 412, ["旅行"]),
         ("N3921-0012", "冬季跑步装备怎么选？5 款跑鞋横评", "运动汇", 268, ["运动"])],
        [("N3921-0013", "新能源车冬季续航实测：低温下差多少", "汽车之家", 1893, ["汽车"]),
         ("N3921-0014", "一人食晚餐：15 分钟搞定番茄牛腩饭", "下厨房", 96, ["美食"])],
        [("N3921-0015", "App Store 年度榜单出炉，这些应用上榜", "少数派", 733, ["科技", "App"]),
         ("N3921-0016", "故宫雪景开放预约时间公布", "文旅观察", 1207, ["文化"])],
        [("AD-7781", "Redmi Watch 限时直降 100 元", "广告", 0, ["广告"]),
         ("AD-7782", "年货节会场提前逛", "广告", 0, ["广告"])],
        [("N3921-0019", "CBA 常规赛：一场加时赛背后的轮换难题", "篮球周刊", 2560, ["体育"]),
         ("N3921-0020", "考研倒计时 30 天，复习计划这样排", "教育频道", 588, ["教育"])],
    ],
    "tech": [
        [("N3920-0101", "iOS 18.2 正式版推送：这些新功能值得升级", "IT之家", 1523, ["科技", "iOS"]),
         ("N3920-0102", "国产手机影像旗舰横评：夜景谁更强", "36氪", 842, ["科技", "手机"])],
        [("N3920-0103", "商业航天新进展：可回收火箭再次试飞", "澎湃科技", 2210, ["科技", "航天"]),
         ("N3920-0104", "Swift 6 并发迁移指南：从 GCD 到 async/await", "掘金", 356, ["开发", "Swift"])],
        [("N3920-0105", "折叠屏手机铰链寿命测试：20 万次开合之后", "新浪科技", 4021, ["科技", "手机"]),
         ("N3920-0106", "大模型推理能力评测：开源与闭源差距缩小", "机器之心", 3187, ["AI", "科技"])],
        [("N3920-0107", "Wi-Fi 7 路由器值得买吗？实测告诉你", "什么值得买", 977, ["科技", "数码"]),
         ("N3920-0108", "树莓派 5 上手：做一台家庭 NAS", "极客公园", 264, ["开发", "硬件"])],
    ],
}


def hall_product_view(idx, x, item, channel, extra=None):
    doc_id, title, source, replies, tags = item
    kw = dict(extra or {})
    return N("HYGHallProductView", [x, 0, 187, 137.5], sup=["HYGBaseView"] + V,
             gestures=["UITapGestureRecognizer"],
             properties={"model": {"docId": doc_id, "title": title, "source": source,
                                   "replyCount": replies, "tags": tags, "channel": channel,
                                   "imgUrl": "https://img.news.example.com/%s.jpg" % doc_id.lower(),
                                   "type": "ad" if doc_id.startswith("AD") else "article"},
                         "position": idx},
             kids=[N("UIImageView", [10, 8, 167, 84], imageName="placeholder_news"),
                   N("UILabel", [10, 96, 167, 36], text=title,
                     properties={"numberOfLines": 2})],
             **kw)


def hall_cell(channel, row, y, items, cls="HYGHallProductCell", sup=None, pv_extra=(None, None),
              **kw):
    return N(cls, [0, y, LW, 138], sup=sup or TCELL, indexPath=[0, row],
             properties={"channelId": channel, "items": [
                 {"docId": d, "title": t, "replyCount": r} for d, t, _s, r, _tg in items]},
             kids=[N("UITableViewCellContentView", [0, 0, LW, 137.5], kids=[
                 hall_product_view(0, 0, items[0], channel, pv_extra[0]),
                 hall_product_view(1, 188, items[1], channel, pv_extra[1])])],
             **kw)


def feed_legacy():
    # table 0: channel "recommend", scrolled 300pt down, header above the rows
    t0_rows = []
    for row in (3, 1, 5, 2, 4):                  # subview order after reuse
        items = FEED["recommend"][row - 1]
        y = 120 + 138 * row
        if row == 4:                             # the ad row: a Swift subclass of the ObjC cell
            t0_rows.append(hall_cell("recommend", row, y, items, cls="NewsKit.HallAdCell",
                                     sup=["HYGHallProductCell"] + TCELL))
        else:
            t0_rows.append(hall_cell("recommend", row, y, items))
    t0_content_h = 120 + 138 * 16
    table0 = N("HYGHallProductTableView", [0, 0, LW, 554], sup=["UITableView"] + SCROLL,
               accessibilityIdentifier="hall.table.recommend",
               state={"contentOffset": [0, 300]},
               properties={"contentSize": [LW, t0_content_h], "channelId": "recommend",
                           "rowHeight": 138},
               kids=[N("NewsKit.HallBannerView", [0, 0, LW, 120], sup=V,
                       gestures=["UITapGestureRecognizer"],
                       properties={"banner": {"id": "HB-11", "link": "news://topic/1111"}},
                       kids=[N("UIImageView", [0, 0, LW, 120], imageName="hall_banner_1111")]),
                     N("UITableViewWrapperView", [0, 0, LW, t0_content_h], kids=t0_rows)])

    # table 1: channel "tech": the example path of docs/viewpath.md lives here
    t1_rows = []
    for row in (2, 0, 3, 1):                     # subview order after reuse
        items = FEED["tech"][row]
        kw = {}
        pv = (None, None)
        if row == 2:
            kw["viewPath"] = EXAMPLE_PREFIX
            pv = ({"viewPath": "HYGHallSlideViewController-UIScrollView-HYGHallProductTableView-"
                               "UITableViewWrapperView-HYGHallProductCell-"
                               "UITableViewCellContentView-HYGHallProductView & 0-0-1-0-0:2-0-0"},
                  {"viewPath": EXAMPLE_PREFIX + "/UITableViewCellContentView[0]/HYGHallProductView[1]",
                   "layer": {"class": "CALayer", "cornerRadius": 4, "masksToBounds": True,
                             "borderWidth": 0.5}})
        if row == 0:
            kw["debugDescription"] = ("<HYGHallProductCell: 0x7fd3c8e1a200; baseClass = "
                                      "UITableViewCell; frame = (0 0; 375 138); autoresize = W; "
                                      "layer = <CALayer: 0x60800023c4e0>>")
        t1_rows.append(hall_cell("tech", row, 138 * row, items, pv_extra=pv, **kw))
    table1 = N("HYGHallProductTableView", [LW, 0, LW, 554], sup=["UITableView"] + SCROLL,
               accessibilityIdentifier="hall.table.tech",
               state={"contentOffset": [0, 0]},
               properties={"contentSize": [LW, 552], "channelId": "tech", "rowHeight": 138},
               kids=[N("UITableViewWrapperView", [0, 0, LW, 552], kids=t1_rows),
                     N("UIImageView", [369.5, 3, 2.5, 548], alpha=0)])   # iOS 10 scroll indicator

    page = N("UIScrollView", [0, 64, LW, 554],
             viewController=VC("HYGHallSlideViewController",
                               ["HYGBaseViewController"] + VCS, title="资讯大厅",
                               props={"currentIndex": 1, "channels": ["recommend", "tech"],
                                      "channelTitles": ["推荐", "科技"]}),
             state={"pagingEnabled": True, "contentOffset": [LW, 0]},
             properties={"contentSize": [2 * LW, 554]},
             kids=[table0, table1])
    navbar = N("UINavigationBar", [0, 20, LW, 44], kids=[
        N("_UIBarBackground", [0, 0, LW, 44], kids=[
            N("UIImageView", [0, 43.5, LW, 0.5], imageName="nav_shadow")]),
        N("UINavigationItemView", [137.5, 8, 100, 27], kids=[
            N("UILabel", [0, 3, 100, 21], text="资讯大厅")]),
        N("UINavigationButton", [8, 6, 32, 32], accessibilityLabel="频道管理",
          imageName="nav_channels", actions=["openChannelManager:"]),
        N("UINavigationButton", [335, 6, 32, 32], accessibilityLabel="搜索",
          imageName="nav_search", actions=["openSearch:"]),
    ])
    nav = N("UILayoutContainerView", [0, 0, LW, LH],
            viewController=VC("HYGNavigationController", ["UINavigationController"] + VCS),
            kids=[N("UINavigationTransitionView", [0, 0, LW, LH], kids=[
                N("UIViewControllerWrapperView", [0, 0, LW, LH], kids=[page])]), navbar])
    tabs = [("新闻", "tab_news"), ("视频", "tab_video"), ("大厅", "tab_hall"), ("我的", "tab_me")]
    tabbar = tab_bar(tabs, 2, width=LW, y=618, height=49, button_h=48)
    tabctl = N("UILayoutContainerView", [0, 0, LW, LH],
               viewController=VC("NEMainTabBarController", ["UITabBarController"] + VCS,
                                 props={"selectedIndex": 2}),
               kids=[N("UITransitionView", [0, 0, LW, LH], kids=[
                   N("UIViewControllerWrapperView", [0, 0, LW, LH], kids=[nav])]), tabbar])
    root = N("UIWindow", [0, 0, LW, LH], kids=[tabctl])
    return doc({"key": "news-ios", "version": "3.9.2", "build": "392017", "platform": "ios"},
               "2026-10-08T02:31:47Z", {"width": LW, "height": LH, "scale": 2}, root,
               device={"model": "iPhone9,1", "systemName": "iOS", "systemVersion": "10.3.3"},
               sdk={"name": "HYGTracker", "version": "2.4.1",
                    "pathProfile": "legacy (keeps UITableViewWrapperView)"})


if __name__ == "__main__":
    write("shop-home.json", shop_home())
    write("settings.json", notes_settings())
    write("product-pager.json", product_pager())
    write("checkout-alert.json", checkout_alert())
    write("feed-legacy.json", feed_legacy())
