"""Shared helpers for the Python peers: loading a stroke JSON file, the fit transform, timing.

Loading is never timed: each peer converts the file into plain Python lists first, then times
only the work it is compared on.
"""

import json
import statistics
import sys
import time

DEFAULT_NIB = 4.0  # the format's default nib width (docs/stroke-json.md)
PADDING = 0.05  # Inkling's default margin, a fraction of the output's shorter side


def load_strokes(path):
    """Reads a stroke JSON file (objects or columnar layout).

    Returns (canvas_width, canvas_height, strokes), each stroke a list of
    (x, y, force, width) tuples in drawing space (stroke transforms applied).
    """
    with open(path, "rb") as f:
        doc = json.loads(f.read())
    strokes = []
    for stroke in doc["strokes"]:
        pts = stroke["points"]
        if isinstance(pts, dict):
            n = len(pts["x"])
            cols = {k: pts.get(k) for k in ("x", "y", "force", "width")}
            pts = [{k: cols[k][i] for k in cols if cols[k] is not None} for i in range(n)]
        a, b, c, d, tx, ty = stroke.get("transform", [1, 0, 0, 1, 0, 0])
        strokes.append([
            (a * p["x"] + c * p["y"] + tx, b * p["x"] + d * p["y"] + ty,
             p.get("force", 1.0), p.get("width", DEFAULT_NIB))
            for p in pts
        ])
    canvas = doc.get("canvas")
    if canvas:
        w, h = canvas["width"], canvas["height"]
    else:
        xs = [p[0] for s in strokes for p in s]
        ys = [p[1] for s in strokes for p in s]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
    return w, h, strokes


def fit(canvas_w, canvas_h, out_w, out_h, strokes, padding=PADDING):
    """Maps canvas space onto the output as Inkling's default 'fit' policy does: uniform
    scale into the output less `padding` x its shorter side on every side, centred.

    Returns (scale, strokes in output pixels, nib widths scaled too).
    """
    pad = padding * min(out_w, out_h)
    s = min((out_w - 2 * pad) / canvas_w, (out_h - 2 * pad) / canvas_h)
    ox, oy = (out_w - canvas_w * s) / 2, (out_h - canvas_h * s) / 2
    return s, [[(x * s + ox, y * s + oy, f, w * s) for x, y, f, w in st] for st in strokes]


def measure(fn, repeat):
    """Runs fn once to warm up, then `repeat` times; returns (median, min) seconds."""
    fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), min(times)


def emit(**fields):
    """Prints one measurement as a JSON line."""
    print(json.dumps(fields, separators=(",", ":")))
    sys.stdout.flush()


def parse_size(text):
    """'1024x768' -> (1024, 768)."""
    w, h = text.lower().split("x")
    return int(w), int(h)
