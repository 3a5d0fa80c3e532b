#!/usr/bin/env python3
"""Peers for the image metrics: scikit-image's SSIM and numpy's PSNR on a pair of PNGs.

- ssim (impl "scikit-image"): structural_similarity(a, b, gaussian_weights=True, sigma=1.5,
  use_sample_covariance=False, data_range=255, channel_axis=-1), the definition Inkling follows.
- psnr (impl "numpy"): 10·log10(255² / mean((a − b)²)) in float64, what
  skimage.metrics.peak_signal_noise_ratio computes; impl "scikit-image" runs that function
  itself, for information.

The PNGs are decoded (OpenCV, converted to RGB) before timing; only the metric is timed. Each
record carries the value computed, so the report can check that the two sides agree.
"""
import argparse
import os
import sys

import cv2
import numpy as np
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import emit, measure  # noqa: E402


def ssim(a, b):
    return structural_similarity(a, b, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
                                 data_range=255, channel_axis=-1)


def psnr_numpy(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return 10 * np.log10(255.0 ** 2 / mse)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--metrics", default="ssim,psnr")
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    a = cv2.cvtColor(cv2.imread(args.a, cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    b = cv2.cvtColor(cv2.imread(args.b, cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    jobs = {
        "ssim": [("scikit-image", ssim)],
        "psnr": [("numpy", psnr_numpy), ("scikit-image", lambda x, y: peak_signal_noise_ratio(x, y, data_range=255))],
    }
    for metric in args.metrics.split(","):
        for impl, fn in jobs[metric]:
            value = float(fn(a, b))
            med, best = measure(lambda: fn(a, b), args.repeat)
            emit(bench="metrics", impl=impl, encoding=metric, file=os.path.basename(args.a),
                 size=f"{a.shape[1]}x{a.shape[0]}", points=a.shape[0] * a.shape[1], repeat=args.repeat,
                 median_s=med, min_s=best, value=value)


if __name__ == "__main__":
    main()
