#!/usr/bin/env python3
"""Writes the reference outlines FreehandReferenceTests compares Inkling's against, with
perfect-freehand's Python port (pip install perfect-freehand==1.2.0; the tests need no Python).

- excalidraw-freedraw-outlines.json: for each freedraw element of excalidraw-freedraw.excalidraw
  (perfect-freehand's recorded demo strokes, packages/dev/src/state/{sample,flash,corners}.json,
  MIT, laid out as Excalidraw saves freedraw elements), the outline Excalidraw draws: get_stroke
  with the options of getFreedrawOutlinePoints (excalidraw packages/element/src/shape.ts).
- zigzag-outline.json: a zigzag drawn at an even pace and its get_stroke outline with the
  default options (sharp corners).
- demo-state-outlines.json: each draw shape of Strokes/interchange/freehand-demo-state.json and
  the outline perfect-freehand's demo draws for it (packages/dev/src/state/shapes/draw.tsx).

Run from this folder: python3 make-references.py
"""
import json
import math

from perfect_freehand import get_stroke


def rounded(outline, dx=0.0, dy=0.0):
    return [[round(x + dx, 4), round(y + dy, 4)] for x, y in outline]


def excalidraw():
    scene = json.load(open("excalidraw-freedraw.excalidraw"))
    outlines = {}
    for el in scene["elements"]:
        if el["type"] != "freedraw" or el.get("isDeleted"):
            continue
        simulate = el["simulatePressure"]
        pts = el["points"] if simulate else [[x, y, p] for (x, y), p in zip(el["points"], el["pressures"])]
        outline = get_stroke(pts, simulate_pressure=simulate, size=el["strokeWidth"] * 4.25, thinning=0.6,
                             smoothing=0.5, streamline=(el.get("strokeOptions") or {}).get("streamline", 0.5),
                             easing=lambda t: math.sin(t * math.pi / 2), last=True)
        outlines[el["id"]] = rounded(outline, el["x"], el["y"])
    return {"source": "perfect-freehand 1.2.0 (Python port) get_stroke with Excalidraw's freedraw options: "
                      "size 4.25 × strokeWidth, thinning 0.6, smoothing 0.5, streamline 0.5, easing easeOutSine, "
                      "simulatePressure as the element's, last true; made by make-references.py",
            "outlines": outlines}


def zigzag():
    corners = [(0, 0)] + [(20 * (i + 1), 60 if i % 2 == 0 else 0) for i in range(8)]
    pts = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:]):
        n = round(math.hypot(bx - ax, by - ay) / 2)
        pts += [[round(ax + (bx - ax) * k / n, 2), round(ay + (by - ay) * k / n, 2)] for k in range(n)]
    pts.append(list(corners[-1]))
    return {"source": "perfect-freehand 1.2.0 (Python port) get_stroke(input) with its default options; "
                      "made by make-references.py",
            "input": pts, "outline": rounded(get_stroke(pts))}


EASINGS = {"linear": lambda t: t, "easeOutSine": lambda t: math.sin(t * math.pi / 2)}


def demo_state():
    state = json.load(open("../../../Strokes/interchange/freehand-demo-state.json"))
    outlines = {}
    for ident, shape in state["page"]["shapes"].items():
        s = shape["style"]
        ox, oy = shape["point"]
        pts = [[x + ox, y + oy, *rest] for x, y, *rest in shape["points"]]
        outline = get_stroke(pts, size=s["size"], thinning=s["thinning"], streamline=s["streamline"],
                             smoothing=s["smoothing"], easing=EASINGS[s["easing"]],
                             simulate_pressure=shape["points"][2][2] == 0.5, last=shape["isDone"])
        outlines[ident] = rounded(outline)
    return {"source": "perfect-freehand 1.2.0 (Python port) get_stroke with each shape's style as "
                      "packages/dev/src/state/shapes/draw.tsx passes it; made by make-references.py",
            "outlines": outlines}


if __name__ == "__main__":
    for name, make in [("excalidraw-freedraw-outlines.json", excalidraw), ("zigzag-outline.json", zigzag),
                       ("demo-state-outlines.json", demo_state)]:
        with open(name, "w") as out:
            json.dump(make(), out, separators=(",", ":"))
            out.write("\n")
