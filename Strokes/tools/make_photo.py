#!/usr/bin/env python3
"""Writes Strokes/samples/photo.jpg: a small synthetic "photo" (sky, hill, sun, a red house) for
the README's --source example. Pure Python draws a PPM; libjpeg-turbo's cjpeg
(apt-get install libjpeg-turbo-progs) encodes it at quality 85.

    python3 Strokes/tools/make_photo.py
"""
import pathlib
import subprocess
import tempfile

W, H = 480, 360


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def pixel(x, y):
    if (x - 380) ** 2 + (y - 80) ** 2 <= 32 ** 2:
        return (255, 210, 74)                                    # sun
    if 90 <= x <= 190 and 170 <= y <= 250:
        return (181, 83, 60)                                     # house wall
    if 120 <= y < 170 and abs(x - 140) <= (y - 120) * 60 / 50:
        return (122, 46, 34)                                     # roof
    hill = 220 + 12 * ((x / W - 0.5) ** 2) * 4
    if y >= hill:
        return mix((106, 154, 74), (61, 107, 44), (y - hill) / (H - hill))
    return mix((142, 197, 240), (244, 241, 222), y / hill)


def main():
    out = pathlib.Path(__file__).resolve().parent.parent / "samples" / "photo.jpg"
    header = f"P6 {W} {H} 255\n".encode()
    body = bytes(c for y in range(H) for x in range(W) for c in pixel(x, y))
    with tempfile.NamedTemporaryFile(suffix=".ppm") as ppm:
        ppm.write(header + body)
        ppm.flush()
        jpeg = subprocess.run(["cjpeg", "-quality", "85", "-optimize", ppm.name], check=True, capture_output=True).stdout
    out.write_bytes(jpeg)
    print(f"wrote {out} ({len(jpeg)} bytes)")


if __name__ == "__main__":
    main()
