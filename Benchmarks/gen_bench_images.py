#!/usr/bin/env python3
"""Writes the image pair for the metrics benchmark: metrics-a.png and metrics-b.png, 1024×1024
RGB, seeded and identical on every run. `a` is a smooth scene with edges and texture; `b` is `a`
blurred slightly, shifted by one pixel in its lower half, with Gaussian noise (σ = 6): a pair
that is similar but nowhere identical, as two renders that drifted would be.

Usage: gen_bench_images.py OUT_DIR   (needs numpy and OpenCV from the benchmark venv)
"""
import sys
from pathlib import Path

import cv2
import numpy as np


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(1024)
    h = w = 1024
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    layers = []
    for c in range(3):
        base = 40 + 140 * (x + (c + 1) * y) / ((c + 2) * w)
        base += 70 * (((x - 600) ** 2 + (y - 400) ** 2) < 220 ** 2)
        base += 35 * ((((x // 64) + (y // 64) + c) % 2) * (y > 700))
        base += cv2.GaussianBlur(rng.normal(0, 14, (h, w)), (0, 0), 1.5)
        layers.append(base)
    a = np.clip(np.rint(np.stack(layers, axis=-1)), 0, 255).astype(np.uint8)
    b = cv2.GaussianBlur(a.astype(np.float64), (0, 0), 0.8)
    b[512:] = np.roll(b[512:], 1, axis=1)
    b = np.clip(np.rint(b + rng.normal(0, 6, b.shape)), 0, 255).astype(np.uint8)
    cv2.imwrite(str(out / "metrics-a.png"), a)
    cv2.imwrite(str(out / "metrics-b.png"), b)


if __name__ == "__main__":
    main()
