#!/usr/bin/env python3
"""Peer: OpenCV anti-aliased polylines (no pressure), plus GaussianBlur for the soft map.

For each stroke, cv2.polylines draws the fitted points (sub-pixel, shift=4) with LINE_AA at
a constant thickness (the stroke's mean nib width in output pixels) into a fresh 8-bit
output-sized image, white on black: the scribble equivalent. `soft` adds cv2.GaussianBlur with
Inkling's default sigma (1% of the shorter side); `distance` adds cv2.distanceTransform (L2,
5x5 mask) falling to 0 at Inkling's default radius (8% of the shorter side), for information.
The canvas is fitted to the output exactly as Inkling fits it (5% padding). Loading the JSON
and building the numpy point arrays are not timed.
"""

import argparse
import os
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import emit, fit, load_strokes, measure, parse_size  # noqa: E402

SHIFT = 4  # fractional bits for sub-pixel coordinates


def prepare(strokes):
    """Per stroke: an int32 (n, 1, 2) array in 1/16 pixels and an integer thickness."""
    out = []
    for st in strokes:
        xy = np.array([(x, y) for x, y, _, _ in st], dtype=np.float64)
        pts = np.round(xy * (1 << SHIFT)).astype(np.int32).reshape(-1, 1, 2)
        thickness = max(1, int(round(sum(w for *_, w in st) / len(st))))
        out.append((pts, thickness))
    return out


def scribble(width, height, prepared):
    """White anti-aliased polylines on black."""
    img = np.zeros((height, width), dtype=np.uint8)
    for pts, thickness in prepared:
        cv2.polylines(img, [pts], False, 255, thickness, cv2.LINE_AA, SHIFT)
    return img


def soft(width, height, prepared, sigma):
    """The scribble map blurred with a Gaussian of `sigma` pixels."""
    return cv2.GaussianBlur(scribble(width, height, prepared), (0, 0), sigma)


def distance(width, height, prepared, reach):
    """255 on the lines, falling linearly to 0 at `reach` pixels away."""
    img = scribble(width, height, prepared)
    d = cv2.distanceTransform(np.where(img > 127, 0, 255).astype(np.uint8), cv2.DIST_L2, 5)
    return np.clip(255.0 - d * (255.0 / reach), 0, 255).astype(np.uint8)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("file")
    ap.add_argument("--size", default="1024x1024")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--sigma", type=float,
                    help="soft blur sigma in pixels (default: Inkling's, 1%% of the shorter side)")
    ap.add_argument("--reach", type=float,
                    help="distance falloff in pixels (default: Inkling's, 8%% of the shorter side)")
    ap.add_argument("--encodings", default="scribble,soft,distance")
    ap.add_argument("--png-prefix", help="also write each map to PREFIX-<encoding>.png")
    args = ap.parse_args()
    width, height = parse_size(args.size)
    sigma = args.sigma if args.sigma is not None else 0.01 * min(width, height)
    reach = args.reach if args.reach is not None else 0.08 * min(width, height)
    cw, ch, strokes = load_strokes(args.file)
    _, strokes = fit(cw, ch, width, height, strokes)
    prepared = prepare(strokes)
    points = sum(len(s) for s in strokes)
    # OpenCV keeps its default thread pool (all cores), as Inkling renders on all cores;
    # polylines itself is single-threaded, GaussianBlur and distanceTransform may use them.
    renderers = {
        "scribble": lambda: scribble(width, height, prepared),
        "soft": lambda: soft(width, height, prepared, sigma),
        "distance": lambda: distance(width, height, prepared, reach),
    }
    for enc in args.encodings.split(","):
        med, best = measure(renderers[enc], args.repeat)
        if args.png_prefix:
            cv2.imwrite(f"{args.png_prefix}-{enc}.png", renderers[enc]())
        extra = {"scribble": "polylines", "soft": "polylines+GaussianBlur",
                 "distance": "polylines+distanceTransform"}[enc]
        emit(bench="raster", impl="opencv", encoding=enc, detail=extra,
             file=os.path.basename(args.file), size=f"{width}x{height}", points=points,
             repeat=args.repeat, median_s=med, min_s=best, points_per_s=points / med)


if __name__ == "__main__":
    main()
