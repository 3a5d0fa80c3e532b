#!/usr/bin/env python3
"""Peer: CPython's json.loads of the same stroke JSON file (bytes in, dicts and lists out).

Prints one JSON line: median and min seconds over --repeat runs after one warm-up, MB/s and
points/s (points counted once, outside the timing).
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import emit, measure  # noqa: E402


def count_points(doc):
    """Control points in a parsed document, either layout."""
    n = 0
    for s in doc["strokes"]:
        p = s["points"]
        n += len(p["x"]) if isinstance(p, dict) else len(p)
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("file")
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    with open(args.file, "rb") as f:
        data = f.read()
    points = count_points(json.loads(data))
    med, best = measure(lambda: json.loads(data), args.repeat)
    emit(bench="parse", impl="cpython-json.loads", file=os.path.basename(args.file),
         bytes=len(data), points=points, repeat=args.repeat, median_s=med, min_s=best,
         mb_per_s=len(data) / med / 1e6, points_per_s=points / med)


if __name__ == "__main__":
    main()
