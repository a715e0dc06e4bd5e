#!/usr/bin/env python3
"""Check the sample snapshots in Snapshots/.

    python3 Snapshots/tools/validate_samples.py [FILE ...]

For every file: valid JSON (UTF-8, no BOM), valid against
lasso.snapshot.schema.json, and consistent as sample data:
- capturedAt parses as an RFC 3339 date-time;
- every class chain ends with "UIResponder", "NSObject";
- every table/collection cell (by class chain) has an indexPath;
- every child frame lies inside its parent: inside the parent's bounds, or, for a
  scroll view (by class chain), inside its properties.contentSize;
- no two cells of one table/collection share an indexPath.
Exit status 1 when anything fails.
"""
import datetime
import glob
import json
import os
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.dirname(HERE)
EPS = 0.51


def chain(n):
    return [n["class"]] + n.get("superclasses", [])


def is_scroll(n):
    return "UIScrollView" in chain(n)


def is_cell(n):
    c = chain(n)
    return "UITableViewCell" in c or "UICollectionViewCell" in c


def walk(n, depth=0, parent=None):
    yield n, depth, parent
    for c in n.get("children", []):
        yield from walk(c, depth + 1, n)


def check(path, validator):
    errors = []
    raw = open(path, "rb").read()
    if raw.startswith(b"\xef\xbb\xbf"):
        errors.append("starts with a BOM")
    doc = json.loads(raw.decode("utf-8"))
    for e in validator.iter_errors(doc):
        errors.append("schema: %s at %s" % (e.message, "/".join(map(str, e.absolute_path))))
    try:
        datetime.datetime.fromisoformat(doc["capturedAt"].replace("Z", "+00:00"))
    except Exception as e:  # noqa: BLE001
        errors.append("capturedAt: %s" % e)
    count = 0
    for n, depth, parent in walk(doc["root"]):
        count += 1
        where = "%s %s" % (n["class"], n.get("text") or n.get("title") or n.get("indexPath") or "")
        sup = n.get("superclasses", [])
        if sup[-2:] != ["UIResponder", "NSObject"]:
            errors.append("%s: superclasses do not end with UIResponder, NSObject" % where)
        vc = n.get("viewController")
        if vc and vc.get("superclasses", [])[-2:] != ["UIResponder", "NSObject"]:
            errors.append("%s: view controller chain does not end with UIResponder, NSObject" % where)
        if is_cell(n) and "indexPath" not in n:
            errors.append("%s: cell without indexPath" % where)
        if parent is not None:
            x, y, w, h = n["frame"]
            if is_scroll(parent):
                pw, ph = parent.get("properties", {}).get("contentSize", parent["frame"][2:])
            else:
                pw, ph = parent["frame"][2:]
            if x < -EPS or y < -EPS or x + w > pw + EPS or y + h > ph + EPS:
                errors.append("%s: frame %s outside parent %s (%s x %s)"
                              % (where, n["frame"], parent["class"], pw, ph))
        seen = set()
        for c in n.get("children", []):
            if "indexPath" in c:
                ip = tuple(c["indexPath"])
                if ip in seen:
                    errors.append("%s: duplicate indexPath %s" % (where, list(ip)))
                seen.add(ip)
    return count, errors


def main(argv):
    schema = json.load(open(os.path.join(DIR, "lasso.snapshot.schema.json"), encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    files = argv or sorted(glob.glob(os.path.join(DIR, "*.json")))
    files = [f for f in files if not f.endswith("schema.json")]
    bad = 0
    for f in files:
        count, errors = check(f, validator)
        status = "ok" if not errors else "FAILED"
        print("%-22s %4d nodes  %s" % (os.path.basename(f), count, status))
        for e in errors:
            print("    " + e)
        bad += bool(errors)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
