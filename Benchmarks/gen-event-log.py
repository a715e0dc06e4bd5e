#!/usr/bin/env python3
"""Writes an event log (one JSON record a line, docs/event-records.md) of about SIZE_MB megabytes to stdout, and
with --definitions DIR, 20 event definitions for it into DIR/shop-ios/events/.

The records are 50,000 distinct ones (random pages, cells, entrances, versions, CJK values) written over and over
in a shuffled order until the size is reached, so that writing a gigabyte is quick while the counter still sees
realistic variety. Usage: gen-event-log.py SIZE_MB [--definitions DIR]"""
import json, os, random, sys

random.seed(20261124)
size = int(sys.argv[1]) * 1_000_000
pages = ["HomeViewController", "ProductListViewController", "CartViewController", "MineViewController"]
entrances = ["热门推荐", "新品", "活动1", "活动2", "限时抢购", "会员"]
versions = ["5.2.9", "5.3", "5.3.0", "5.3.1", "5.4.0", "5.5.2", "5.6.0", "5.10.0", "6.0.0-rc.1"]
events = ["ButtonClick", "ListItemClick", "ButtonClick", "ButtonClick"]


def record():
    page = random.choice(pages)
    kind = random.randrange(3)
    if kind == 0:
        path = f"{page}[0]/UIView[0]/EntranceBar[0]/EntranceButton[{random.randrange(6)}]"
        props = {"entranceTitle": random.choice(entrances), "title": random.choice(entrances)}
    elif kind == 1:
        path = (f"{page}[0]/UIView[0]/UITableView[0]/ProductCell[{random.randrange(3)}:{random.randrange(40)}]"
                f"/UITableViewCellContentView[0]/UIButton[{random.randrange(2)}]")
        props = {"title": random.choice(["加入购物车", "到货提醒", "收藏"]), "productId": f"P{random.randrange(2000)}"}
    else:
        path = f"{page}[0]/UIView[0]/UIScrollView[0]/BannerView[{random.randrange(4)}]/UIImageView[0]"
        props = {"url": f"https://shop.example/activity/{random.randrange(5)}", "position": random.randrange(4)}
    return json.dumps({
        "event": random.choice(events), "appKey": random.choice(["shop-ios", "shop-ios", "shop-android"]),
        "appVersion": random.choice(versions), "viewPath": path, "viewId": "%032x" % random.getrandbits(128),
        "properties": props, "time": "2026-11-20T08:%02d:%02d.123Z" % (random.randrange(60), random.randrange(60)),
        "deviceId": "%012x" % random.getrandbits(48)}, ensure_ascii=False)


def definitions(folder):
    os.makedirs(f"{folder}/shop-ios/events", exist_ok=True)
    made = []
    for number, page in enumerate(pages):
        made.append(("ButtonClick", f"{page}[0]/UIView[0]/EntranceBar[0]/EntranceButton[*]",
                     [{"key": "entranceTitle", "op": "equals", "value": "热门推荐"}], [{"from": "5.3.0"}]))
        made.append(("ButtonClick", f"{page}[0]/UIView[0]/EntranceBar[0]/EntranceButton[2]",
                     [{"key": "entranceTitle", "op": "oneOf", "values": ["活动1", "活动2"]}], []))
        made.append(("ButtonClick", f"{page}[0]/UIView[0]/UITableView[0]/ProductCell[0:*]/UITableViewCellContentView[0]/UIButton[0]",
                     [{"key": "title", "op": "equals", "value": "加入购物车"}], [{"from": "5.3", "until": "5.6"}]))
        made.append(("ListItemClick", f"{page}[0]/UIView[0]/UITableView[0]/ProductCell[*:*]/UITableViewCellContentView[0]/UIButton[*]",
                     [{"key": "productId", "op": "regex", "value": "^P1[0-9]{2}$"}], []))
        made.append(("ButtonClick", f"{page}[0]/UIView[0]/UIScrollView[0]/BannerView[*]/UIImageView[0]",
                     [{"key": "url", "op": "contains", "value": "activity/2"}], [{"until": "5.10"}]))
    for number, (event, path, content, versions_) in enumerate(made):
        definition = {"id": "%08x-0000-4000-8000-%012x" % (number, number), "appKey": "shop-ios",
                      "name": f"definition {number}", "key": f"d{number:02d}", "versions": versions_,
                      "viewEvent": event, "viewPath": path, "content": content}
        with open(f"{folder}/shop-ios/events/d{number:02d}-{number:08x}.json", "w", encoding="utf-8") as out:
            json.dump(definition, out, ensure_ascii=False, indent=2)


if "--definitions" in sys.argv:
    definitions(sys.argv[sys.argv.index("--definitions") + 1])
lines = [record() + "\n" for _ in range(50_000)]
written = 0
out = sys.stdout.buffer
while written < size:
    random.shuffle(lines)
    chunk = "".join(lines).encode("utf-8")
    if written + len(chunk) > size:
        chunk = chunk[: chunk.rfind(b"\n", 0, size - written) + 1]
        if not chunk:
            break
    out.write(chunk)
    written += len(chunk)
