#!/usr/bin/env python3
"""The same random taps written as four SDKs' records, for Benchmarks/records-formats.sh.

Usage: gen-sdk-records.py N DIR. Writes DIR/lasso.jsonl, sensors.jsonl, growingio.jsonl and posthog.jsonl (N records
each, the same taps), DIR/configs/ with one named event per format ("the cart button in any row on the home page
from 5.0.0"), and DIR/<format>.jq, the jq filter that selects the same records. Prints the expected count.

Each SDK's records as its code writes them: Sensors' `$element_path` is the similar path, the row as `[-]`, with the
row in `$element_position` (sa-sdk-ios v4.9.1 SAVisualizedManager.m L302-323); GrowingIO's `index` is the row plus
one (growingio-sdk-ios-autotracker 4.11.0 GrowingViewElementEvent.m L35-39).
"""
import json, os, random, sys

n, out = int(sys.argv[1]), sys.argv[2]
random.seed(11)
os.makedirs(out + "/configs/shop-ios/events", exist_ok=True)
xpath = "/ShopApp.MainTabBarController/ShopKit.ShopNavigationController/ShopApp.HomeViewController/UIView/UITableView/Section/ShopKit.ProductCell/UITableViewCellContentView/"
chain_tail = ";UITableViewCellContentView;ProductCell:attr__class=\"UITableViewCell\";UITableView;UIView;UIWindow"
files = {name: open(f"{out}/{name}.jsonl", "w") for name in ["lasso", "sensors", "growingio", "posthog"]}
expected = 0
for i in range(n):
    row = random.randint(0, 40)
    leaf = random.choice(["UIButton", "UILabel", "UIImageView"])
    version = random.choice(["4.9.0", "5.0.0", "5.3.1", "5.4.0"])
    home = random.random() < 0.5
    ms = 1_764_000_000_000 + i * 250
    iso = f"2025-11-24T{(i * 250 // 3600000) % 24:02d}:{(i * 250 // 60000) % 60:02d}:{(i * 250 // 1000) % 60:02d}.{(i * 250) % 1000:03d}Z"
    page = "HomeViewController" if home else "CartViewController"
    content = random.choice(["加入购物车", "到货提醒", "¥129.00"])
    if leaf == "UIButton" and home and version != "4.9.0":
        expected += 1
    files["lasso"].write(json.dumps({"event": "ButtonClick", "appKey": "shop-ios", "appVersion": version,
        "viewPath": f"{page}[0]/UIView[0]/UITableView[0]/ProductCell[0:{row}]/UITableViewCellContentView[0]/{leaf}[0]",
        "time": iso, "deviceId": f"d{i % 977}", "properties": {"title": content, "productId": f"P{row:04d}"}},
        ensure_ascii=False) + "\n")
    files["sensors"].write(json.dumps({"distinct_id": f"d{i % 977}", "event": "$AppClick", "time": ms,
        "properties": {"$element_path": f"UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/{leaf}[0]",
        "$screen_name": f"ShopApp.{page}", "$element_content": content, "$element_position": f"0:{row}",
        "$app_version": version, "$lib": "iOS", "$os": "iOS", "productId": f"P{row:04d}"}}, ensure_ascii=False) + "\n")
    files["growingio"].write(json.dumps({"eventType": "VIEW_CLICK", "path": "/home" if home else "/cart",
        "xpath": xpath + leaf, "xcontent": "/0/0/0/0/0/0/-/0/0", "index": row + 1, "textValue": content,
        "appVersion": version, "timestamp": ms, "sessionId": f"s{i % 977}", "deviceId": f"d{i % 977}"},
        ensure_ascii=False) + "\n")
    target = f'{leaf}:text="{content}"' if leaf == "UIButton" else leaf
    files["posthog"].write(json.dumps({"event": "$autocapture", "distinct_id": f"d{i % 977}", "timestamp": iso,
        "properties": {"$event_type": "touch", "$elements_chain": target + chain_tail,
        "$screen_name": "Home" if home else "Cart", "$app_version": version, "$lib": "posthog-ios"}},
        ensure_ascii=False) + "\n")
definitions = {
    "lasso": ({}, "HomeViewController[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UITableViewCellContentView[0]/UIButton[0]", None),
    "sensors": ({"profile": "sensors"}, "UIView/UITableView[0]/ShopKit.ProductCell[0][-]/UITableViewCellContentView[0]/UIButton[0]", "ShopApp.HomeViewController"),
    "growingio": ({"profile": "growingio"}, xpath + "UIButton /0/0/0/0/0/0/-/0/0", "/home"),
    "posthog": ({"profile": "posthog"}, "UIButton;UITableViewCellContentView;ProductCell;UITableView;UIView;UIWindow", "Home"),
}
for index, (name, (extra, path, screen)) in enumerate(definitions.items()):
    definition = {"id": f"0000000{index}-0000-4000-8000-000000000000", "appKey": "shop-ios", "name": f"cart {name}",
        "key": f"cart_{name}", "versions": [{"from": "5.0.0"}], "viewEvent": "ButtonClick", **extra, "viewPath": path}
    if screen:
        definition["screen"] = screen
    definition["content"] = []
    with open(f"{out}/configs/shop-ios/events/cart_{name}-0000000{index}.json", "w") as f:
        json.dump(definition, f, ensure_ascii=False, indent=2)
        f.write("\n")
jq = {
    "lasso": 'select(.event == "ButtonClick" and .appKey == "shop-ios" and (.viewPath | test("^HomeViewController\\\\[0\\\\]/UIView\\\\[0\\\\]/UITableView\\\\[0\\\\]/ProductCell\\\\[0:[0-9]+\\\\]/UITableViewCellContentView\\\\[0\\\\]/UIButton\\\\[0\\\\]$")) and (.appVersion | split(".") | map(tonumber) >= [5,0,0]))',
    "sensors": 'select(.event == "$AppClick" and .properties."$screen_name" == "ShopApp.HomeViewController" and (.properties."$element_path" | test("^UIView/UITableView\\\\[0\\\\]/ShopKit\\\\.ProductCell\\\\[0\\\\]\\\\[-\\\\]/UITableViewCellContentView\\\\[0\\\\]/UIButton\\\\[0\\\\]$")) and (.properties."$app_version" | split(".") | map(tonumber) >= [5,0,0]))',
    "growingio": 'select(.eventType == "VIEW_CLICK" and .path == "/home" and .xpath == "' + xpath + 'UIButton" and .xcontent == "/0/0/0/0/0/0/-/0/0" and (.appVersion | split(".") | map(tonumber) >= [5,0,0]))',
    "posthog": 'select(.event == "$autocapture" and .properties."$event_type" == "touch" and .properties."$screen_name" == "Home" and (.properties."$elements_chain" | split(";") | map(split(":")[0] | split(".")[0]) | join(";")) == "UIButton;UITableViewCellContentView;ProductCell;UITableView;UIView;UIWindow" and (.properties."$app_version" | split(".") | map(tonumber) >= [5,0,0]))',
}
for name, text in jq.items():
    with open(f"{out}/{name}.jq", "w") as f:
        f.write(text + "\n")
print(expected)
