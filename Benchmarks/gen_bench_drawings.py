#!/usr/bin/env python3
"""Generate the benchmark drawings, deterministically, into Benchmarks/out/.

Every peer (Inkling, json-c, Foundation, CPython, perfect-freehand + pycairo, OpenCV) reads
the same files:

- drawing-20k.json           20,000 points (40 strokes x 500), objects layout
- drawing-20k-columnar.json  the same drawing, columnar layout
- parse-300k.json            300,000 points (600 strokes x 500), objects layout (~17 MB)

Strokes are smooth wandering paths over a 1024x1024 canvas, sampled at 240 Hz like a tablet
pen, with pressure (force) that swells and fades along each stroke. Stdlib only.

Usage: gen_bench_drawings.py [OUT_DIR]
"""

import json
import math
import os
import random
import sys

CANVAS = 1024.0
POINTS_PER_STROKE = 500
NIB = 6.0  # nib width and height in drawing units (the format's default is 4)


def wander(rng, n):
    """One stroke: n points along a smooth path that turns gently and stays on the canvas."""
    x, y = rng.uniform(200, 824), rng.uniform(200, 824)
    heading = rng.uniform(0, 2 * math.pi)
    turn = 0.0
    t = 0.0
    phase = rng.uniform(0, 2 * math.pi)
    base = rng.uniform(0.6, 1.2)
    points = []
    for i in range(n):
        # Curvature drifts smoothly; steer back towards the centre near the edges.
        turn = 0.9 * turn + rng.gauss(0, 0.02)
        to_centre = math.atan2(CANVAS / 2 - y, CANVAS / 2 - x)
        edge = max(abs(x - CANVAS / 2), abs(y - CANVAS / 2)) / (CANVAS / 2)
        if edge > 0.8:
            delta = (to_centre - heading + math.pi) % (2 * math.pi) - math.pi
            turn += 0.05 * delta
        heading += turn
        speed = 2.0 + 1.5 * math.sin(i / 37.0 + phase)  # units per sample
        x += speed * math.cos(heading)
        y += speed * math.sin(heading)
        x = min(max(x, 1.0), CANVAS - 1.0)
        y = min(max(y, 1.0), CANVAS - 1.0)
        # Pressure rises at the start, fades at the end, and wobbles in between.
        envelope = min(1.0, i / 30.0, (n - 1 - i) / 30.0 + 0.2)
        force = max(0.05, base * envelope * (1.0 + 0.35 * math.sin(i / 23.0 + phase)) + rng.gauss(0, 0.02))
        points.append({
            "x": round(x, 2),
            "y": round(y, 2),
            "timeOffset": round(t, 4),
            "force": round(force, 3),
            "azimuth": round((heading + 2.4) % (2 * math.pi), 3),
            "altitude": round(0.9 + 0.25 * math.sin(i / 51.0 + phase), 3),
        })
        t += 1 / 240.0
    return points


def drawing(seed, strokes, channels, mixed_inks=False):
    """A whole drawing in the canonical format; `channels` picks the point keys written.

    Raster inputs use the pen throughout, so every peer draws the same kind of line; parse
    inputs may mix ink types."""
    rng = random.Random(seed)
    inks = ["pen", "pencil", "marker", "monoline", "fountainPen", "watercolor", "crayon", "reed"]
    result = []
    for s in range(strokes):
        pts = [{k: p[k] for k in channels} for p in wander(rng, POINTS_PER_STROKE)]
        result.append({
            "ink": {"type": inks[s % len(inks)] if mixed_inks else "pen", "color": "#1b1b1fff"},
            "creationDate": 1795852800.0 + s,
            "randomSeed": s,
            "points": pts,
        })
    return {"format": "inkling.drawing", "version": 1,
            "canvas": {"width": CANVAS, "height": CANVAS}, "strokes": result}


def with_nib(doc):
    """Adds the nib size channels to every point (objects layout)."""
    for stroke in doc["strokes"]:
        for p in stroke["points"]:
            p["width"] = NIB
            p["height"] = NIB
    return doc


def columnar(doc):
    """The same document with each stroke's points as parallel arrays."""
    out = json.loads(json.dumps(doc))
    for stroke in out["strokes"]:
        pts = stroke["points"]
        stroke["points"] = {k: [p[k] for p in pts] for k in pts[0]}
    return out


def write(path, doc):
    """Writes compact JSON, one stroke per line, so the file is readable but not padded."""
    head = {k: v for k, v in doc.items() if k != "strokes"}
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(head, separators=(",", ":"))[:-1])
        f.write(',"strokes":[\n')
        for i, stroke in enumerate(doc["strokes"]):
            f.write(json.dumps(stroke, separators=(",", ":")))
            f.write(",\n" if i + 1 < len(doc["strokes"]) else "\n")
        f.write("]}\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "out")
    os.makedirs(out, exist_ok=True)
    pen = ["x", "y", "timeOffset", "force", "azimuth", "altitude"]
    small = with_nib(drawing(20_000, 40, pen))
    write(os.path.join(out, "drawing-20k.json"), small)
    write(os.path.join(out, "drawing-20k-columnar.json"), columnar(small))
    write(os.path.join(out, "parse-300k.json"), drawing(300_000, 600, ["x", "y", "timeOffset", "force"], mixed_inks=True))
    for name in sorted(os.listdir(out)):
        if name.endswith(".json"):
            print(f"{name}: {os.path.getsize(os.path.join(out, name)):,} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
