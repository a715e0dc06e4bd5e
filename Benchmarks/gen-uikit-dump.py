#!/usr/bin/env python3
"""Writes a UIKit recursiveDescription dump of LINES lines, as the debugger prints it, to OUT.

A window, then table cells in threes: UITableViewCell, its UITableViewCellContentView and a UILabel with a
Chinese text, nested with "|" marks, with baseClass, frame, gestureRecognizers, autoresize and layer members.
The output depends only on LINES, so two runs give the same bytes.

Usage: gen-uikit-dump.py LINES OUT
"""
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen-uikit-dump.py LINES OUT")
    lines = int(sys.argv[1])
    out = sys.argv[2]
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write(
            "<UIWindow: 0x7fb1c8d0c6a0; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x600000c4e0a0>; "
            "layer = <UIWindowLayer: 0x600000a54a40>>\n")
        written = 1
        address = 0x7fb100000000
        row = 0
        chunk = []
        while written < lines:
            kind = (written - 1) % 3
            address += 0x10
            if kind == 0:
                row += 1
                y = (row - 1) * 44
                hidden = "; hidden = YES" if row % 97 == 0 else ""
                chunk.append(
                    f"   | <UITableViewCell: 0x{address:x}; baseClass = UITableViewCell; frame = (0 {y}; 390 44); "
                    f"text = 'Row {row}'{hidden}; autoresize = W; layer = <CALayer: 0x600000a6c7c0>>\n")
            elif kind == 1:
                chunk.append(
                    f"   |    | <UITableViewCellContentView: 0x{address:x}; frame = (0 0; 390 43.5); "
                    "gestureRecognizers = <NSArray: 0x600000c4e0a0>; layer = <CALayer: 0x600000a6c9a0>>\n")
            else:
                alpha = "; alpha = 0.5" if row % 10 == 0 else ""
                chunk.append(
                    f"   |    |    | <UILabel: 0x{address:x}; frame = (16 0; 358 43.5); "
                    f"text = '商品 {row} ¥{row % 100}.{row % 7}0'{alpha}; opaque = NO; autoresize = RM+BM; "
                    "userInteractionEnabled = NO; layer = <_UILabelLayer: 0x600002a1c0a0>>\n")
            written += 1
            if len(chunk) >= 30000:
                f.write("".join(chunk))
                chunk = []
        f.write("".join(chunk))


main()
