#!/usr/bin/env python3
"""Writes the load test's 2,000-point drawing (4 pen strokes x 500 points: x, y, timeOffset,
force), deterministically, in the objects and columnar layouts, with gen_bench_drawings' paths.

Usage: gen_serve_drawing.py OUT_DIR
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_bench_drawings as gen  # noqa: E402


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    doc = gen.drawing(2_000, 4, ["x", "y", "timeOffset", "force"])
    assert sum(len(s["points"]) for s in doc["strokes"]) == 2_000
    for name, data in (("serve-2k.json", doc), ("serve-2k-columnar.json", gen.columnar(doc))):
        path = os.path.join(out, name)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
        print(f"{name}: {os.path.getsize(path):,} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
