#!/usr/bin/env python3
"""Writes the perfect-freehand samples in Strokes/interchange/ (deterministic: no randomness).

    python3 Strokes/tools/make_freehand.py

freehand-signature.json: one stroke, [[x, y, pressure], ...], a looping signature.
freehand-objects.json:   several strokes of {x, y, pressure?} objects (a smiley; the mouth has no pressure).
"""
import json
import math
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "interchange")


def r(v, d=2):
    return round(v, d)


def signature():
    pts = []
    for i in range(48):
        t = i / 47
        x = 40 + 320 * t + 18 * math.sin(t * 6 * math.pi)
        y = 120 - 40 * math.sin(t * 3 * math.pi) + 14 * math.cos(t * 6 * math.pi)
        p = 0.25 + 0.5 * math.sin(math.pi * t)
        pts.append([r(x), r(y), r(p, 3)])
    return pts


def smiley():
    face = []
    for i in range(33):
        a = 2 * math.pi * i / 32
        face.append({"x": r(200 + 120 * math.cos(a)), "y": r(200 + 120 * math.sin(a)), "pressure": r(0.45 + 0.1 * math.cos(a), 3)})
    left = [{"x": 160, "y": 160, "pressure": 0.7}, {"x": 161, "y": 172, "pressure": 0.8}]
    right = [{"x": 240, "y": 160, "pressure": 0.7}, {"x": 241, "y": 172, "pressure": 0.8}]
    mouth = [{"x": r(200 + 70 * math.cos(a)), "y": r(210 + 50 * math.sin(a))}
             for a in [math.pi * (0.15 + 0.7 * k / 12) for k in range(13)]]
    return [face, left, right, mouth]


def write(name, value):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(value, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    write("freehand-signature.json", signature())
    write("freehand-objects.json", smiley())
