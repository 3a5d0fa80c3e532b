#!/usr/bin/env python3
"""Peer: perfect-freehand outlines filled with pycairo, the scribble encoding's equivalent.

For each stroke, perfect-freehand's get_stroke turns (x, y, pressure) points into an outline
polygon (streamline, smoothing and thinning at their defaults, pressure taken from the file,
not simulated) and pycairo fills it, anti-aliased with CAIRO_ANTIALIAS_FAST as Inkling does,
into a fresh 8-bit (A8) surface of the output size: white lines on black, like Inkling's
scribble map. The canvas is fitted to the output exactly as Inkling fits it (5% padding).
Loading the JSON is not timed. With --fill-only it also times the cairo fill of precomputed
outlines alone, for reading the numbers (how much of the peer's time is the rasterizer Inkling
shares with it).
"""

import argparse
import os
import sys

import cairo
from perfect_freehand import get_stroke

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import emit, fit, load_strokes, measure, parse_size  # noqa: E402


def prepare(strokes):
    """Per stroke: perfect-freehand input points and a nib size (mean width, output pixels).

    Inkling's force is 1.0 for an average touch; perfect-freehand's pressure is 0.5 for one.
    """
    out = []
    for st in strokes:
        pts = [(x, y, min(1.0, max(0.0, f / 2))) for x, y, f, _ in st]
        size = sum(w for *_, w in st) / len(st)
        out.append((pts, size))
    return out


def outline(pts, size):
    """perfect-freehand's outline polygon for one stroke."""
    return get_stroke(pts, size=size, thinning=0.5, smoothing=0.5, streamline=0.5,
                      simulate_pressure=False)


def fill(width, height, outlines):
    """Fills outline polygons, anti-aliased, into a fresh A8 surface; returns the surface."""
    surface = cairo.ImageSurface(cairo.FORMAT_A8, width, height)
    cr = cairo.Context(surface)
    cr.set_antialias(cairo.ANTIALIAS_FAST)  # what Inkling's rasterizer uses
    cr.set_source_rgba(0, 0, 0, 1)
    for polygon in outlines:
        if not polygon:
            continue
        cr.move_to(*polygon[0])
        for x, y in polygon[1:]:
            cr.line_to(x, y)
        cr.close_path()
        cr.fill()
    surface.flush()
    return surface


def render(width, height, prepared):
    """Outlines every stroke and fills it; returns the surface."""
    return fill(width, height, [outline(pts, size) for pts, size in prepared])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("file")
    ap.add_argument("--size", default="1024x1024")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--png", help="also write the map to this PNG, to look at")
    ap.add_argument("--fill-only", action="store_true",
                    help="also time pycairo's fill of precomputed outlines alone")
    args = ap.parse_args()
    width, height = parse_size(args.size)
    cw, ch, strokes = load_strokes(args.file)
    _, strokes = fit(cw, ch, width, height, strokes)
    prepared = prepare(strokes)
    points = sum(len(s) for s in strokes)
    med, best = measure(lambda: render(width, height, prepared), args.repeat)
    if args.png:
        render(width, height, prepared).write_to_png(args.png)
    emit(bench="raster", impl="perfect-freehand+pycairo", encoding="scribble",
         file=os.path.basename(args.file), size=f"{width}x{height}", points=points,
         repeat=args.repeat, median_s=med, min_s=best, points_per_s=points / med)
    if args.fill_only:
        # For reading the numbers: how much of the peer's time is cairo filling the outlines.
        outlines = [outline(pts, size) for pts, size in prepared]
        med, best = measure(lambda: fill(width, height, outlines), args.repeat)
        emit(bench="raster", impl="pycairo-fill-only", encoding="scribble",
             file=os.path.basename(args.file), size=f"{width}x{height}", points=points,
             repeat=args.repeat, median_s=med, min_s=best, points_per_s=points / med)


if __name__ == "__main__":
    main()
