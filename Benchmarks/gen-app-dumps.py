#!/usr/bin/env python3
"""Writes one large dump of each app-side format lasso imports, for Benchmarks/import-formats.sh.

usage: gen-app-dumps.py OUT_DIR [VIEWS]   (VIEWS defaults to 50000)

Each dump is a screen with a toolbar and a list whose rows hold a title, a price, an image and a button, repeated
until the dump has VIEWS views: Mixpanel (Android and iOS), Sensors Analytics (Android and iOS), Maestro (Android)
and dumpsys activity top.
"""
import base64
import json
import os
import sys

out = sys.argv[1]
total = int(sys.argv[2]) if len(sys.argv) > 2 else 50000
os.makedirs(out, exist_ok=True)
ROW = 5  # views per row: the row and four children
rows = -(-(total - 4) // ROW)
SHOT = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 64).decode()
TV = ["android.widget.TextView", "android.view.View"]
VG = ["android.view.ViewGroup", "android.view.View"]
BUTTON = ["android.widget.Button"] + TV
ROWCLASS = ["androidx.constraintlayout.widget.ConstraintLayout"] + VG


def android_objects(id_key):
    """Pre-order objects: DecorView, LinearLayout, Toolbar, RecyclerView, then the rows."""
    objects = []

    def add(h, classes, left, top, w, hgt, subviews, **more):
        o = {"hashCode": h, "id": -1, id_key: more.pop("idname", None), "contentDescription": None, "tag": None,
             "top": top, "left": left, "width": w, "height": hgt, "scrollX": 0, "scrollY": more.pop("sy", 0),
             "visibility": 0, "translationX": 0.0, "translationY": 0.0, "classes": classes}
        o.update(more)
        o["subviews"] = subviews
        objects.append(o)

    row_hashes = [100000 + r * 10 for r in range(rows)]
    add(1, ["com.android.internal.policy.DecorView", "android.widget.FrameLayout"] + VG, 0, 0, 1080, 2400, [2])
    add(2, ["android.widget.LinearLayout"] + VG, 0, 0, 1080, 2400, [3, 4])
    add(3, ["androidx.appcompat.widget.Toolbar"] + VG, 0, 0, 1080, 168, [], idname="toolbar")
    add(4, ["androidx.recyclerview.widget.RecyclerView"] + VG, 0, 168, 1080, 2232, row_hashes, idname="feed", sy=400)
    for r, h in enumerate(row_hashes):
        add(h, ROWCLASS, 0, r * 330, 1080, 330, [h + 1, h + 2, h + 3, h + 4])
        add(h + 1, TV, 40, 40, 600, 80, [], text=f"商品 {r}", idname="name")
        add(h + 2, TV, 40, 130, 300, 60, [], text=f"¥{r}.00", idname="price")
        add(h + 3, ["android.widget.ImageView", "android.view.View"], 700, 40, 120, 120, [], idname="thumb")
        add(h + 4, BUTTON, 700, 200, 340, 100, [], text="加入购物车", idname="add", clickable=True)
    return objects


def write_android(name, id_key):
    doc = {"type": "snapshot_response", "payload": {"activities": [{
        "activity": "com.example.shop.MainActivity", "scale": 0.375,
        "serialized_objects": {"rootObject": 1, "objects": android_objects(id_key)}, "screenshot": SHOT}],
        "snapshot_time_millis": 100}}
    with open(os.path.join(out, name), "w") as f:
        json.dump(doc, f, ensure_ascii=False, separators=(",", ":"))


def ios_objects(sensors):
    objects = []

    def rect(x, y, w, h):
        r = {"X": x, "Y": y, "Width": w, "Height": h}
        return r if sensors else {"values": [{"value": r}]}

    def val(v):
        return v if sensors else {"values": [{"value": v}]}

    kids = "subelements" if sensors else "subviews"
    VIEW = ["UIView", "UIResponder", "NSObject"]
    row_ids = [f"${10 + r * 5}" for r in range(rows)]
    objects.append({"id": "$1", "class": ["UIWindow"] + VIEW, "properties": {"frame": rect(0, 0, 390, 844), kids: val(["$3"]), "rootViewController": val("$2")}})
    objects.append({"id": "$2", "class": ["HomeViewController", "UIViewController", "UIResponder", "NSObject"], "properties": {"view": val("$3"), "title": val("首页")}})
    objects.append({"id": "$3", "class": VIEW, "properties": {"frame": rect(0, 0, 390, 844), kids: val(["$4", "$5"])}})
    objects.append({"id": "$4", "class": ["UINavigationBar"] + VIEW, "properties": {"frame": rect(0, 47, 390, 44), kids: val([])}})
    objects.append({"id": "$5", "class": ["UITableView", "UIScrollView"] + VIEW, "properties": {"frame": rect(0, 91, 390, 753), "contentOffset": val({"X": 0, "Y": 0}), kids: val(row_ids)}})
    for r, rid in enumerate(row_ids):
        n = 10 + r * 5
        y = 91 + r * 120 if sensors else r * 120
        objects.append({"id": rid, "class": ["ShopKit.ProductCell", "UITableViewCell"] + VIEW, "properties": {"frame": rect(0, y, 390, 120), kids: val([f"${n + 1}", f"${n + 2}", f"${n + 3}", f"${n + 4}"])}})
        for k, (cls, text, x, w) in enumerate([("UILabel", f"商品 {r}", 16, 250), ("UILabel", f"¥{r}.00", 16, 120), ("UIImageView", None, 300, 60), ("UIButton", "加入购物车", 290, 84)]):
            chain = [cls, "UIControl"] + VIEW if cls == "UIButton" else [cls] + VIEW
            props = {"frame": rect(x, (y if sensors else 0) + 10 + k * 25, w, 24), kids: val([])}
            if text and cls == "UILabel":
                props["element_content" if sensors else "text"] = val(text)
            if cls == "UIButton":
                props["element_content" if sensors else "titleForState"] = val(text)
            objects.append({"id": f"${n + 1 + k}", "class": chain, "properties": props})
    return objects


def write_ios(name, sensors):
    doc = {"type": "snapshot_response", "payload": {"screenshot": SHOT, "image_hash": "00",
           "serialized_objects": {"objects": ios_objects(sensors), "rootObject": "$1"}}}
    with open(os.path.join(out, name), "w") as f:
        json.dump(doc, f, ensure_ascii=False, separators=(",", ":"))


def write_maestro():
    def node(cls, l, t, r, b, text="", rid="", clickable=False, children=()):
        return {"attributes": {"text": text, "accessibilityText": "", "hintText": "", "ignoreBoundsFiltering": "false",
                               "resource-id": rid, "clickable": str(clickable).lower(), "bounds": f"[{l},{t}][{r},{b}]",
                               "enabled": "true", "focused": "false", "checked": "false", "selected": "false", "class": cls},
                "children": list(children), "clickable": clickable, "enabled": True, "focused": False, "checked": False, "selected": False}
    items = []
    for r in range(rows):
        y = 168 + r * 330
        items.append(node("android.view.ViewGroup", 0, y, 1080, y + 330, children=[
            node("android.widget.TextView", 40, y + 40, 640, y + 120, text=f"商品 {r}", rid="com.example.shop:id/name"),
            node("android.widget.TextView", 40, y + 130, 340, y + 190, text=f"¥{r}.00", rid="com.example.shop:id/price"),
            node("android.widget.ImageView", 700, y + 40, 820, y + 160, rid="com.example.shop:id/thumb"),
            node("android.widget.Button", 700, y + 200, 1040, y + 300, text="加入购物车", rid="com.example.shop:id/add", clickable=True)]))
    root = {"attributes": {}, "children": [node("android.widget.FrameLayout", 0, 0, 1080, 2400, children=[
        node("android.widget.LinearLayout", 0, 0, 1080, 2400, children=[
            node("androidx.appcompat.widget.Toolbar", 0, 0, 1080, 168),
            node("androidx.recyclerview.widget.RecyclerView", 0, 168, 1080, 2400, rid="com.example.shop:id/feed", children=items)])])]}
    with open(os.path.join(out, "maestro.json"), "w") as f:
        f.write("Running on emulator-5554\n")
        json.dump(root, f, ensure_ascii=False, indent=2)


def write_dumpsys():
    lines = ["TASK com.example.shop id=42 userId=0",
             "  ACTIVITY com.example.shop/.MainActivity 9c1e8b2 pid=9321",
             "    Local Activity 2d8f7a3 State:",
             "      mResumed=true mStopped=false mFinished=false",
             "    View Hierarchy:",
             "      DecorView@b6c1c0[MainActivity]",
             "        android.widget.LinearLayout{1d8c4f1 V.E...... ........ 0,0-1080,2400}",
             "          androidx.appcompat.widget.Toolbar{6c2b0f4 V.E...... ........ 0,0-1080,168 #7f0a02a1 app:id/toolbar}",
             "          androidx.recyclerview.widget.RecyclerView{e41f5cb VFED.V... .F...... 0,168-1080,2400 #7f0a0133 app:id/feed}"]
    for r in range(rows):
        y = r * 330
        lines.append(f"            androidx.constraintlayout.widget.ConstraintLayout{{{r:x} V.E...... ........ 0,{y}-1080,{y + 330}}}")
        lines.append(f"              android.widget.TextView{{a{r:x} V.ED..... ........ 40,40-640,120 #7f0a0230 app:id/name}}")
        lines.append(f"              android.widget.TextView{{b{r:x} V.ED..... ........ 40,130-340,190 #7f0a0231 app:id/price}}")
        lines.append(f"              android.widget.ImageView{{c{r:x} V.ED..... ........ 700,40-820,160 #7f0a0232 app:id/thumb}}")
        lines.append(f"              com.google.android.material.button.MaterialButton{{d{r:x} VFED..CL. ........ 700,200-1040,300 #7f0a0031 app:id/add}}")
    lines.append("    Looper (main, tid 2) {aa4d1d2}")
    with open(os.path.join(out, "dumpsys.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


write_android("mixpanel-android.json", "mp_id_name")
write_android("sensors-android.json", "sa_id_name")
write_ios("mixpanel-ios.json", False)
write_ios("sensors-ios.json", True)
write_maestro()
write_dumpsys()
print(f"{rows * ROW + 4} views per dump in {out}")
