#!/usr/bin/env python3
"""Writes the Quick, Draw! samples in Strokes/interchange/ (deterministic: no randomness).

    python3 Strokes/tools/make_quickdraw.py

quickdraw-raw.ndjson:        three raw drawings ([[xs], [ys], [ts]] per stroke, t in ms since the drawing began).
quickdraw-simplified.ndjson: the same three drawings simplified into the 0-255 box ([[xs], [ys]]).
quickdraw-pretty.json:       the first raw drawing alone, pretty-printed (one object over many lines).
The drawings are written for this project (a cat face, a house, a sun); key_ids are made up.
"""
import json
import math
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "interchange")


def circle(cx, cy, r, n):
    return [(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n)) for k in range(n + 1)]


def cat():
    return [circle(300, 260, 150, 24), [(180, 170), (200, 60), (260, 120)], [(340, 120), (400, 60), (420, 170)],
            [(250, 230), (252, 240)], [(350, 230), (352, 240)], [(280, 300), (300, 320), (320, 300)]]


def house():
    return [[(100, 400), (100, 220), (300, 80), (500, 220), (500, 400), (100, 400)],
            [(260, 400), (260, 300), (340, 300), (340, 400)], [(380, 250), (450, 250), (450, 300), (380, 300), (380, 250)]]


def sun():
    rays = [[(320 + 130 * math.cos(a), 320 + 130 * math.sin(a)), (320 + 190 * math.cos(a), 320 + 190 * math.sin(a))]
            for a in [2 * math.pi * k / 8 for k in range(8)]]
    return [circle(320, 320, 100, 20)] + rays


def raw(strokes):
    """Raw strokes: integer pixels, ~17 ms per point, 240 ms pen-up gaps, time from the drawing's start."""
    out, t = [], 0
    for s in strokes:
        xs, ys, ts = [], [], []
        for (x, y) in s:
            xs.append(int(round(x))); ys.append(int(round(y))); ts.append(t); t += 17
        t += 240
        out.append([xs, ys, ts])
    return out


def simplified(strokes):
    pts = [p for s in strokes for p in s]
    minx, miny = min(p[0] for p in pts), min(p[1] for p in pts)
    scale = 255 / max(max(p[0] for p in pts) - minx, max(p[1] for p in pts) - miny)
    return [[[int(round((x - minx) * scale)) for x, _ in s], [int(round((y - miny) * scale)) for _, y in s]] for s in strokes]


DRAWINGS = [("cat", "5629384756102938", "GB", cat()), ("house", "4811730029385716", "DE", house()),
            ("sun", "6102938475610293", "JP", sun())]


def write(name, encode):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name), "w") as f:
        for i, (word, key, country, strokes) in enumerate(DRAWINGS):
            line = {"word": word, "countrycode": country, "timestamp": "2017-03-%02d 10:%02d:00.00000 UTC" % (i + 1, i * 7),
                    "recognized": True, "key_id": key, "drawing": encode(strokes)}
            f.write(json.dumps(line, separators=(",", ":")) + "\n")


def write_pretty(name):
    word, key, country, strokes = DRAWINGS[0]
    drawing = {"word": word, "countrycode": country, "timestamp": "2017-03-01 10:00:00.00000 UTC",
               "recognized": True, "key_id": key, "drawing": raw(strokes)}
    with open(os.path.join(OUT, name), "w") as f:
        f.write(json.dumps(drawing, indent=2) + "\n")


if __name__ == "__main__":
    write("quickdraw-raw.ndjson", raw)
    write("quickdraw-simplified.ndjson", simplified)
    write_pretty("quickdraw-pretty.json")
