#!/usr/bin/env python3
# Checks a `tilewalk gui --layout-json` file against the contract the layout tests rely on: one object with
# panes ({name, rect: [x, y, w, h]}), files ({name, first, last, lit}), narration_whole, question_whole,
# focus_in_view, cell_px (a number or null) and clipped (texts). Then what a classroom at 1080p must see:
# panes that do not overlap, the narration and question whole, at least 8 lines of source with the lit
# line among them, the focus in view and nothing cut. Written for tilewalk.
import json
import sys


def fail(message):
    print(f"check_layout_json: {message}")
    sys.exit(1)


def main(path):
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    if not isinstance(report, dict):
        fail("not one JSON object")
    for key, kind in [("panes", list), ("files", list), ("narration_whole", bool), ("question_whole", bool),
                      ("focus_in_view", bool), ("clipped", list)]:
        if not isinstance(report.get(key), kind):
            fail(f"'{key}' missing or not a {kind.__name__}")
    if "cell_px" not in report or not (report["cell_px"] is None or isinstance(report["cell_px"], (int, float))):
        fail("'cell_px' missing or neither a number nor null")
    rects = []
    for pane in report["panes"]:
        rect = pane.get("rect")
        if not isinstance(pane.get("name"), str) or not (isinstance(rect, list) and len(rect) == 4):
            fail(f"a pane without a name and [x, y, w, h]: {pane}")
        rects.append((pane["name"], rect))
    for i, (a, (ax, ay, aw, ah)) in enumerate(rects):
        for b, (bx, by, bw, bh) in rects[i + 1:]:
            if ax + 1 < bx + bw and bx + 1 < ax + aw and ay + 1 < by + bh and by + 1 < ay + ah:
                fail(f"panes {a} and {b} overlap")
    if not report["narration_whole"] or not report["question_whole"]:
        fail("the narration or the question is not whole")
    if not report["files"]:
        fail("no file view")
    for f in report["files"]:
        if not all(k in f for k in ("name", "first", "last", "lit")):
            fail(f"a file without name, first, last and lit: {f}")
        if f["last"] - f["first"] + 1 < 8:
            fail(f"{f['name']}: fewer than 8 lines in view")
        if f["lit"] is not None and not f["first"] <= f["lit"] <= f["last"]:
            fail(f"{f['name']}: the lit line {f['lit']} is out of view")
    if not report["focus_in_view"]:
        fail("the stop's focus is not in view")
    if report["clipped"]:
        fail(f"cut texts: {report['clipped']}")
    print(f"check_layout_json: {len(rects)} panes, {len(report['files'])} file views, all in order")


if __name__ == "__main__":
    main(sys.argv[1])
