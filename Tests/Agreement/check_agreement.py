"""Checks `inkling compare` against scikit-image on generated image pairs.

For every pair (noise, blur, shifts, blockiness, contrast, blank paper, gray, RGB and RGBA,
small and odd sizes), the reference values come from scikit-image:
  structural_similarity(a, b, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
                        data_range=255, channel_axis=-1)      (per channel and mean)
  peak_signal_noise_ratio(a, b, data_range=255)
  deltaE_ciede2000(rgb2lab(a), rgb2lab(b))                    (max and mean; opaque pairs)
and Inkling's from `inkling compare a.png b.png --json`. SSIM and PSNR must agree within
1e-4 (absolute), ΔE00 within 1e-3. Prints one line per pair and a closing
"agreement: N passed, N failed"; exits 1 when any pair fails.

Usage: python check_agreement.py <inkling-binary> <work-dir>
"""
import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image
from scipy import ndimage
from skimage.color import deltaE_ciede2000, rgb2lab
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

TOLERANCE = 1e-4
DELTA_E_TOLERANCE = 1e-3


def u8(x):
    return np.clip(np.rint(x), 0, 255).astype(np.uint8)


def scene(rng, h, w, channels):
    """A smooth image with edges: gradients, a disc, bars and mild texture."""
    y, x = np.mgrid[0:h, 0:w]
    layers = []
    for c in range(channels):
        base = 40 + 150 * (x / max(w - 1, 1)) * (0.5 + 0.5 * c / max(channels, 1))
        base = base + 60 * ((x - w * 0.6) ** 2 + (y - h * 0.4) ** 2 < (min(h, w) * 0.25) ** 2)
        base = base + 40 * (((x // max(w // 8, 1)) + c) % 2) * (y > h * 0.7)
        base = base + ndimage.gaussian_filter(rng.normal(0, 12, (h, w)), 1.2)
        layers.append(base)
    image = np.stack(layers, axis=-1)
    return u8(image)


def blocky(image, block):
    h, w = image.shape[:2]
    out = image.astype(np.float64).copy()
    for by in range(0, h, block):
        for bx in range(0, w, block):
            region = out[by:by + block, bx:bx + block]
            region[...] = region.mean(axis=(0, 1))
    return u8(out)


def pairs():
    rng = np.random.default_rng(20261201)
    rgb = scene(rng, 192, 256, 3)
    gray = scene(rng, 150, 200, 1)
    large = scene(rng, 384, 512, 3)
    odd = scene(rng, 53, 37, 3)
    tiny = scene(rng, 11, 11, 1)
    alpha = np.concatenate([scene(rng, 120, 160, 3), u8(np.tile(np.linspace(0, 255, 160), (120, 1)))[..., None]], axis=-1)

    def noise(img, sigma):
        return u8(img.astype(np.float64) + rng.normal(0, sigma, img.shape))

    def blur(img, sigma):
        return u8(ndimage.gaussian_filter(img.astype(np.float64), sigma=(sigma, sigma, 0)))

    def shift(img, dy, dx):
        return np.roll(img, (dy, dx), axis=(0, 1))

    yield "rgb-identical", rgb, rgb.copy()
    yield "rgb-noise-2", rgb, noise(rgb, 2)
    yield "rgb-noise-10", rgb, noise(rgb, 10)
    yield "rgb-noise-40", rgb, noise(rgb, 40)
    yield "rgb-blur-1", rgb, blur(rgb, 1.0)
    yield "rgb-blur-3", rgb, blur(rgb, 3.0)
    yield "rgb-shift-1", rgb, shift(rgb, 0, 1)
    yield "rgb-shift-3x2", rgb, shift(rgb, 2, 3)
    yield "rgb-blocks-8", rgb, blocky(rgb, 8)
    yield "rgb-blocks-4", rgb, blocky(rgb, 4)
    yield "rgb-brighter", rgb, u8(rgb.astype(np.float64) * 1.1 + 8)
    yield "rgb-contrast", rgb, u8((rgb.astype(np.float64) - 128) * 0.6 + 128)
    yield "rgb-one-pixel", rgb, rgb_with_pixel(rgb)
    yield "rgb-unrelated", rgb, u8(rng.uniform(0, 255, rgb.shape))
    yield "gray-noise-5", gray, noise(gray, 5)
    yield "gray-blur-2", gray, blur(gray, 2.0)
    yield "gray-shift-2", gray, shift(gray, 2, 0)
    yield "gray-blocks-8", gray, blocky(gray, 8)
    yield "gray-inverted", gray, 255 - gray
    yield "large-noise-8", large, noise(large, 8)
    yield "large-jpeg-like", large, blur(blocky(large, 8), 0.7)
    yield "odd-37x53-noise", odd, noise(odd, 6)
    yield "tiny-11x11-noise", tiny, noise(tiny, 20)
    # Blank paper: the variances cancel almost entirely, where single precision breaks down.
    yield "paper-255-vs-254", np.full((48, 48, 1), 255, np.uint8), np.full((48, 48, 1), 254, np.uint8)
    paper = u8(250 + rng.integers(-3, 4, (96, 96, 1)))
    yield "paper-grain-vs-white", paper, np.full_like(paper, 255)
    yield "constant-vs-constant", np.full((64, 64, 3), 90, np.uint8), np.full((64, 64, 3), 140, np.uint8)
    yield "rgba-alpha-noise", alpha, np.concatenate([alpha[..., :3], noise(alpha[..., 3:], 15)], axis=-1)
    yield "rgba-colour-blur", alpha, np.concatenate([blur(alpha[..., :3], 1.5), alpha[..., 3:]], axis=-1)


def rgb_with_pixel(img):
    out = img.copy()
    out[100, 100, 0] = 255 - out[100, 100, 0]
    return out


def save(array, path):
    if array.shape[-1] == 1:
        Image.fromarray(array[..., 0], "L").save(path)
    else:
        Image.fromarray(array, {3: "RGB", 4: "RGBA"}[array.shape[-1]]).save(path)


def expected(a, b):
    channels = [structural_similarity(a[..., c], b[..., c], gaussian_weights=True, sigma=1.5,
                                      use_sample_covariance=False, data_range=255)
                for c in range(a.shape[-1])]
    mean = structural_similarity(a, b, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
                                 data_range=255, channel_axis=-1)
    with np.errstate(divide="ignore"):
        psnr = peak_signal_noise_ratio(a, b, data_range=255)
    result = {"ssim": mean, "ssim_channels": channels, "psnr": psnr}
    if a.shape[-1] in (1, 3):
        ra = np.repeat(a, 3, axis=-1) if a.shape[-1] == 1 else a
        rb = np.repeat(b, 3, axis=-1) if b.shape[-1] == 1 else b
        delta = deltaE_ciede2000(rgb2lab(ra), rgb2lab(rb))
        result["delta_max"] = float(delta.max())
        result["delta_mean"] = float(delta.mean())
    return result


def close(x, y, tolerance):
    if x is None or (isinstance(x, float) and math.isinf(x)):
        return y is None or math.isinf(y)
    return y is not None and not math.isinf(y) and abs(x - y) <= tolerance


def main():
    inkling, work = sys.argv[1], Path(sys.argv[2])
    work.mkdir(parents=True, exist_ok=True)
    passed = failed = 0
    worst = {"ssim": 0.0, "psnr": 0.0, "delta": 0.0}
    for name, a, b in pairs():
        if a.ndim == 2:
            a, b = a[..., None], b[..., None]
        pa, pb = work / f"{name}-a.png", work / f"{name}-b.png"
        save(a, pa)
        save(b, pb)
        want = expected(a, b)
        run = subprocess.run([inkling, "compare", str(pa), str(pb), "--json"], capture_output=True, text=True)
        if run.returncode not in (0, 1):
            print(f"FAIL {name}: inkling compare exited {run.returncode}: {run.stderr.strip()}")
            failed += 1
            continue
        got = json.loads(run.stdout)["comparison"]
        ssim, psnr = got.get("ssim"), got.get("psnr")  # psnr is absent for identical images
        problems = []
        if not close(want["ssim"], ssim, TOLERANCE):
            problems.append(f"SSIM {ssim} vs scikit-image {want['ssim']}")
        for c, (w, g) in enumerate(zip(want["ssim_channels"], got.get("ssimChannels", []))):
            if not close(w, g, TOLERANCE):
                problems.append(f"SSIM channel {c} {g} vs {w}")
        if not close(want["psnr"], psnr, TOLERANCE):
            problems.append(f"PSNR {psnr} vs scikit-image {want['psnr']}")
        if "delta_max" in want:
            if not close(want["delta_max"], got["maximumDeltaE"], DELTA_E_TOLERANCE):
                problems.append(f"max ΔE00 {got['maximumDeltaE']} vs {want['delta_max']}")
            if not close(want["delta_mean"], got["meanDeltaE"], DELTA_E_TOLERANCE):
                problems.append(f"mean ΔE00 {got['meanDeltaE']} vs {want['delta_mean']}")
            worst["delta"] = max(worst["delta"], abs(want["delta_max"] - got["maximumDeltaE"]),
                                 abs(want["delta_mean"] - got["meanDeltaE"]))
        worst["ssim"] = max(worst["ssim"], abs(want["ssim"] - ssim))
        if psnr is not None and not math.isinf(want["psnr"]):
            worst["psnr"] = max(worst["psnr"], abs(want["psnr"] - psnr))
        shape = "x".join(str(s) for s in (a.shape[1], a.shape[0])) + f"x{a.shape[2]}"
        psnr_text = "inf" if psnr is None else f"{psnr:.4f}"
        if problems:
            failed += 1
            print(f"FAIL {name} ({shape}): " + "; ".join(problems))
        else:
            passed += 1
            print(f"ok   {name} ({shape}): SSIM {ssim:.6f}, PSNR {psnr_text} dB")
    print(f"largest differences: SSIM {worst['ssim']:.2e}, PSNR {worst['psnr']:.2e} dB, ΔE00 {worst['delta']:.2e}")
    print(f"agreement: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
