#!/usr/bin/env python3
"""Writes a configs folder of many KVC configs, named event definitions and hook configs for one screen.

Usage: gen-configs-folder.py TREE_JSON OUT_DIR [CONFIGS] [DEFINITIONS] [HOOKS] [LAYOUT]

TREE_JSON is `lasso tree --json` of the screen (its views' classes and paths); OUT_DIR/<appKey>/ gets the configs,
OUT_DIR/<appKey>/events/ the definitions and OUT_DIR/<appKey>/hooks/ the hook configs (defaults: 20,000, 10,000 and
5,000). The files are made as a big team's folder looks: most configs at a view of the screen (some with `*` for
an index), a tenth at a path the screen does not have, most of them for the screen's version; definitions at the
same places, asking about keys some config there reports and some none does; hooks on the screen's classes.
With LAYOUT `one-place` every config and every definition is at one place (one path, one event, each config its own
key name) and every hook config on one class (each its own selector): the folder a pairwise check squares.
Deterministic: the same arguments write the same bytes.
"""
import hashlib
import json
import os
import random
import re
import sys

APP = "shop-ios"
EVENTS = ["ButtonClick", "ViewTap", "ListItemClick", "LongPress"]
KEY_PATHS = ["text", "title", "accessibilityLabel", "accessibilityIdentifier", "tag", "superview.tag"]
VERSIONS = [
    [{"from": "5.0.0"}],
    [{"from": "5.3.0", "until": "5.6.0"}],
    [],
    [{"from": "4.0.0", "until": "5.0.0"}],
    [{"from": "5.3.0"}],
]


def uuid(rng):
    return "%08x-%04x-4%03x-a%03x-%012x" % (
        rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12), rng.getrandbits(12), rng.getrandbits(48))


def view_id(path):
    return hashlib.md5(path.encode("utf-8")).hexdigest()


def widen(path):
    """The path with its last plain index made `*`."""
    return re.sub(r"\[(\d+)\]$", "[*]", path)


def write(path, document):
    with open(path, "w", encoding="utf-8") as out:
        json.dump(document, out, ensure_ascii=False, indent=2)
        out.write("\n")


def main():
    tree_file, out_dir = sys.argv[1], sys.argv[2]
    configs = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    definitions = int(sys.argv[4]) if len(sys.argv) > 4 else 10000
    hooks = int(sys.argv[5]) if len(sys.argv) > 5 else 5000
    one_place = len(sys.argv) > 6 and sys.argv[6] == "one-place"
    with open(tree_file, encoding="utf-8") as source:
        views = json.load(source)
    paths = [view["path"] for view in views if view.get("path") and "/" in view["path"]]
    classes = sorted({view["class"].split(".")[-1] for view in views if view.get("class")})
    rng = random.Random(27)
    app = os.path.join(out_dir, APP)
    os.makedirs(os.path.join(app, "events"), exist_ok=True)
    os.makedirs(os.path.join(app, "hooks"), exist_ok=True)
    # Key names reported at each path, for the definitions to ask about.
    reported = {}
    for number in range(configs):
        path = paths[number % len(paths)]
        if one_place:
            path = paths[0]
        elif number % 10 == 9:
            path = path.rsplit("/", 1)[0] + "/GoneView%d[0]" % (number % 97)
        elif number % 3 == 1:
            path = widen(path)
        key_name = "k%d" % number
        reported.setdefault(path, []).append(key_name)
        identifier = uuid(rng)
        write(os.path.join(app, "%s-%s.json" % (key_name, identifier[:8])), {
            "id": identifier, "appKey": APP, "versions": VERSIONS[number % len(VERSIONS)],
            "viewEvent": EVENTS[0 if one_place else number % len(EVENTS)], "viewPath": path, "viewId": view_id(path),
            "keyPath": KEY_PATHS[number % len(KEY_PATHS)], "keyName": key_name,
        })
    for number in range(definitions):
        path = paths[0 if one_place else (number * 7) % len(paths)]
        if number % 4 == 3 and not one_place:
            path = widen(path)
        fed = reported.get(path, ["k0"])
        start = number % len(fed) if one_place else 0
        asked = fed[start:start + 2] + ["unfed%d" % (number % 13)]
        identifier = uuid(rng)
        key = "ev_%d" % number
        write(os.path.join(app, "events", "%s-%s.json" % (key, identifier[:8])), {
            "id": identifier, "appKey": APP, "name": "event %d" % number, "key": key,
            "versions": VERSIONS[number % len(VERSIONS)], "viewEvent": EVENTS[0 if one_place else number % len(EVENTS)],
            "viewPath": path,
            "content": [{"key": name, "op": "equals", "value": "v%d" % number} for name in asked],
        })
    for number in range(hooks):
        class_name = classes[0 if one_place else number % len(classes)]
        identifier = uuid(rng)
        write(os.path.join(app, "hooks", "%s-%s.json" % (class_name, identifier[:8])), {
            "id": identifier, "appKey": APP, "versions": VERSIONS[number % len(VERSIONS)], "class": class_name,
            "selectors": ["track%d:" % number], "event": "hook_event_%d" % number,
            "values": {"label": KEY_PATHS[number % len(KEY_PATHS)]},
        })


if __name__ == "__main__":
    main()
