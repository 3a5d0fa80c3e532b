#!/usr/bin/env python3
"""Generate the example drawings in Strokes/ in the canonical Inkling stroke JSON format.

Usage:
    python3 Strokes/tools/make_examples.py            # (re)write the examples
    python3 Strokes/tools/make_examples.py --check    # exit 1 if a file on disk differs

Standard library only and deterministic: every drawing uses its own fixed seed, numbers are
rounded to a fixed number of decimals and written by a hand-rolled serializer, so rerunning
the script reproduces every file byte for byte. The format is described in docs/stroke-json.md.
Every document is validated against that document's rules before it is written.
"""

import math
import os
import random
import sys

STROKES_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TAU = 2 * math.pi
BASE_DATE = 1795852800.0  # 2026-11-28T00:00:00Z, as in docs/stroke-json.md

# Decimals written per channel.
DECIMALS = {
    "x": 2, "y": 2, "timeOffset": 3, "width": 2, "height": 2, "opacity": 3, "force": 3,
    "azimuth": 3, "altitude": 3, "secondaryScale": 3, "threshold": 3,
}
CHANNEL_ORDER = ["x", "y", "timeOffset", "width", "height", "opacity", "force",
                 "azimuth", "altitude", "secondaryScale", "threshold"]


# ---------------------------------------------------------------------------------------------
# Numbers and serialization


def fmt(v, decimals):
    """A number with at most `decimals` decimals, trailing zeros removed, never "-0"."""
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    s = "%.*f" % (decimals, v)
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    if s in ("-0", ""):
        s = "0"
    return s


def q(v, decimals):
    """Rounds `v` the way `fmt` will write it, so validation sees the written values."""
    return float(fmt(v, decimals))


def point(**channels):
    """A point dict with every channel rounded to its written precision, in canonical order."""
    p = {}
    for key in CHANNEL_ORDER:
        if key in channels and channels[key] is not None:
            p[key] = q(channels[key], DECIMALS[key])
    unknown = set(channels) - set(CHANNEL_ORDER)
    assert not unknown, unknown
    return p


def _fmt_point(p):
    return "{ " + ", ".join('"%s": %s' % (k, fmt(p[k], DECIMALS[k])) for k in p) + " }"


def _fmt_xy(pt):
    return "[%s, %s]" % (fmt(pt[0], 2), fmt(pt[1], 2))


def serialize(doc, layout):
    """Writes a drawing document; `layout` is "objects" or "columnar"."""
    out = ["{"]
    out.append('  "format": "inkling.drawing",')
    out.append('  "version": 1,')
    if "canvas" in doc:
        c = doc["canvas"]
        out.append('  "canvas": { "width": %s, "height": %s },' % (fmt(c[0], 2), fmt(c[1], 2)))
    out.append('  "strokes": [')
    for si, s in enumerate(doc["strokes"]):
        out.append("    {")
        lines = []
        ink = s.get("ink")
        if ink is not None:
            if "color" in ink:
                lines.append('"ink": { "type": "%s", "color": "%s" }' % (ink["type"], ink["color"]))
            else:
                lines.append('"ink": { "type": "%s" }' % ink["type"])
        if "creationDate" in s:
            lines.append('"creationDate": %s' % fmt(s["creationDate"], 3))
        if "randomSeed" in s:
            lines.append('"randomSeed": %d' % s["randomSeed"])
        if "transform" in s:
            lines.append('"transform": [%s]' % ", ".join(fmt(v, 6) for v in s["transform"]))
        if "mask" in s:
            polys = ",\n        ".join("[" + ", ".join(_fmt_xy(pt) for pt in poly) + "]" for poly in s["mask"])
            lines.append('"mask": [\n        %s\n      ]' % polys)
        pts = s["points"]
        if layout == "objects":
            body = ",\n        ".join(_fmt_point(p) for p in pts)
            lines.append('"points": [\n        %s\n      ]' % body)
        else:
            keys = [k for k in CHANNEL_ORDER if k in pts[0]]
            cols = ",\n        ".join(
                '"%s": [%s]' % (k, ", ".join(fmt(p[k], DECIMALS[k]) for p in pts)) for k in keys)
            lines.append('"points": {\n        %s\n      }' % cols)
        out.append(",\n".join("      " + line for line in lines))
        out.append("    }" + ("," if si + 1 < len(doc["strokes"]) else ""))
    out.append("  ]")
    out.append("}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# Validation against docs/stroke-json.md


INK_TYPES = {"pen", "pencil", "marker", "monoline", "fountainPen", "watercolor", "crayon", "reed"}
RANGES = {
    "width": (0, math.inf), "height": (0, math.inf), "opacity": (0, 2), "force": (0, math.inf),
    "azimuth": (0, TAU), "altitude": (0, math.pi / 2), "secondaryScale": (0, math.inf),
    "threshold": (0, 1), "timeOffset": (0, math.inf),
}


def validate(name, doc):
    c = doc.get("canvas")
    if c is not None:
        assert 0 < c[0] <= 16384 and 0 < c[1] <= 16384, name
    total = 0
    assert len(doc["strokes"]) <= 10000
    for si, s in enumerate(doc["strokes"]):
        where = "%s: strokes[%d]" % (name, si)
        ink = s.get("ink", {"type": "pen"})
        assert ink["type"] in INK_TYPES, where
        color = ink.get("color", "#000000ff")
        assert color[0] == "#" and len(color) in (4, 7, 9), where
        int(color[1:], 16)
        pts = s["points"]
        assert 1 <= len(pts) <= 100000, where
        total += len(pts)
        keys = set(pts[0])
        last_t = 0.0
        for pi, p in enumerate(pts):
            pw = "%s.points[%d]" % (where, pi)
            assert set(p) == keys, pw + ": every point of a stroke carries the same channels"
            assert "x" in p and "y" in p, pw
            for k, v in p.items():
                assert math.isfinite(v), pw + "." + k
                if k in ("x", "y"):
                    assert abs(v) <= 1e6, pw + "." + k
                else:
                    lo, hi = RANGES[k]
                    assert lo <= v <= hi, "%s.%s = %r" % (pw, k, v)
            t = p.get("timeOffset", 0.0)
            assert t >= last_t, pw + ".timeOffset decreases"
            last_t = t
        if c is not None and "transform" not in s and "mask" not in s:
            # Everything drawn, nib included, stays on the canvas.
            for p in pts:
                r = max(p.get("width", 4), p.get("height", 4)) * max(1, p.get("secondaryScale", 1)) / 2
                assert r <= p["x"] and p["x"] + r <= c[0] and r <= p["y"] and p["y"] + r <= c[1], where + ": off canvas"
        if "transform" in s:
            assert len(s["transform"]) == 6 and all(math.isfinite(v) for v in s["transform"]), where
            assert abs(s["transform"][4]) <= 1e6 and abs(s["transform"][5]) <= 1e6, where
        for poly in s.get("mask", []):
            assert len(poly) >= 3, where
            assert all(abs(v) <= 1e6 for pt in poly for v in pt), where
        if "randomSeed" in s:
            assert 0 <= s["randomSeed"] <= 4294967295, where
        if "creationDate" in s:
            assert math.isfinite(s["creationDate"]), where
    assert total <= 2000000


# ---------------------------------------------------------------------------------------------
# Curves and motion


class Smooth:
    """Smooth 1-D noise in about -1…1: a sum of a few sines with seeded frequencies and phases."""

    def __init__(self, rng, base_freq=1.0, octaves=3):
        self.terms = []
        amp = 1.0
        norm = 0.0
        for i in range(octaves):
            f = base_freq * (2 ** i) * rng.uniform(0.8, 1.25)
            self.terms.append((amp, f, rng.uniform(0, TAU)))
            norm += amp
            amp *= 0.5
        self.norm = norm

    def __call__(self, t):
        return sum(a * math.sin(TAU * f * t + ph) for a, f, ph in self.terms) / self.norm


def polyline_length(pts):
    return sum(math.dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1))


def at_length(pts, cum, s):
    """The point at arc length `s` along a polyline with cumulative lengths `cum`."""
    if s <= 0:
        return pts[0]
    if s >= cum[-1]:
        return pts[-1]
    lo, hi = 0, len(cum) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if cum[mid] <= s:
            lo = mid
        else:
            hi = mid
    seg = cum[hi] - cum[lo]
    f = 0.0 if seg == 0 else (s - cum[lo]) / seg
    return (pts[lo][0] + f * (pts[hi][0] - pts[lo][0]), pts[lo][1] + f * (pts[hi][1] - pts[lo][1]))


def cumulative(pts):
    cum = [0.0]
    for i in range(len(pts) - 1):
        cum.append(cum[-1] + math.dist(pts[i], pts[i + 1]))
    return cum


def min_jerk(tau):
    """Position fraction of a minimum-jerk movement at time fraction `tau` (slow–fast–slow)."""
    tau = min(max(tau, 0.0), 1.0)
    return tau ** 3 * (10 - 15 * tau + 6 * tau * tau)


def dense_line(a, b, n=24):
    return [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(n + 1)]


def dense_arc(cx, cy, rx, ry, a0, a1, n=96):
    return [(cx + rx * math.cos(a0 + (a1 - a0) * i / n), cy + ry * math.sin(a0 + (a1 - a0) * i / n))
            for i in range(n + 1)]


def join(*pieces):
    pts = []
    for piece in pieces:
        pts.extend(piece if not pts else piece[1:])
    return pts


def sample_motion(pieces, rate, speed, rng, jitter=0.0, tremor=0.0, dwell=0.0):
    """Samples a hand movement along `pieces` (polylines), one minimum-jerk sub-movement per
    piece, at `rate` Hz with `jitter` seconds of timestamp noise and `tremor` units of smooth
    positional noise. Returns [(x, y, t, progress)] where progress runs 0…1 over the stroke."""
    plans = []
    t0 = 0.0
    for piece in pieces:
        cum = cumulative(piece)
        length = cum[-1]
        dur = max(length / speed, 0.06)
        plans.append((piece, cum, t0, dur))
        t0 += dur + dwell
    total = t0 - dwell
    nx, ny = Smooth(rng, 2.0), Smooth(rng, 2.0)
    samples = []
    k = 0
    while True:
        t = k / rate
        if k > 0:
            t += rng.uniform(-jitter, jitter)
        if t > total:
            break
        for piece, cum, start, dur in plans:
            if t <= start + dur + dwell + 1e-12:
                break
        tau = (t - start) / dur
        x, y = at_length(piece, cum, min_jerk(tau) * cum[-1])
        samples.append((x + tremor * nx(t), y + tremor * ny(t), t, t / total if total else 0.0))
        k += 1
    # Always end exactly where the movement ends.
    last = plans[-1][0][-1]
    if samples[-1][2] < total:
        samples.append((last[0] + tremor * nx(total), last[1] + tremor * ny(total), total, 1.0))
    return samples


def pressure_profile(rng, duration, base=1.0, spread=0.25, ramp_in=0.05, ramp_out=0.07, floor=0.08):
    """A force curve: rises at the start, wanders around `base`, falls at the end."""
    noise = Smooth(rng, 1.2)
    ramp_in *= rng.uniform(0.7, 1.3)
    ramp_out *= rng.uniform(0.7, 1.3)

    def force(t):
        env_in = min(1.0, t / ramp_in) if ramp_in > 0 else 1.0
        env_out = min(1.0, (duration - t) / ramp_out) if ramp_out > 0 else 1.0
        env = math.sin(0.5 * math.pi * max(0.0, min(env_in, env_out)))
        return max(0.0, floor + (base * (1 + spread * noise(t)) - floor) * env)

    return force


def stamp_times(samples):
    """Keeps timestamps non-decreasing after rounding to milliseconds."""
    out, last = [], 0.0
    for x, y, t, prog in samples:
        t = max(q(max(t, 0.0), 3), last)
        last = t
        out.append((x, y, t, prog))
    return out


class Clock:
    """Creation dates: each stroke starts after the previous one ended plus a pause."""

    def __init__(self, rng, start=BASE_DATE):
        self.rng, self.now = rng, start

    def next(self, duration, pause=(0.25, 0.9)):
        d = self.now
        self.now += duration + self.rng.uniform(*pause)
        return q(d, 3)


# ---------------------------------------------------------------------------------------------
# Tablet pen: a house with a tree and a sun


def pen_stroke(rng, pieces, clock, color="#1b1b1fff", speed=420.0, base_force=1.1, tilt=(0.78, 0.95),
               ink="pen"):
    samples = stamp_times(sample_motion(pieces, 120.0, speed * rng.uniform(0.85, 1.15), rng,
                                        jitter=0.0004, tremor=0.35))
    dur = samples[-1][2]
    force = pressure_profile(rng, dur, base=base_force * rng.uniform(0.85, 1.15))
    az_noise, alt_noise = Smooth(rng, 0.6), Smooth(rng, 0.8)
    pts = []
    for x, y, t, _ in samples:
        f = force(t)
        pts.append(point(
            x=x, y=y, timeOffset=t,
            width=1.6 + 1.5 * f, height=1.6 + 1.5 * f,
            force=f,
            azimuth=(tilt[0] + 0.12 * az_noise(t)) % TAU,
            altitude=min(1.57, tilt[1] + 0.07 * alt_noise(t) - 0.05 * min(f, 2.0))))
    return {"ink": {"type": ink, "color": color}, "creationDate": clock.next(dur), "points": pts}


def make_house():
    rng = random.Random(20261128)
    clock = Clock(rng)
    strokes = []
    ink = "#1b1b1fff"

    def add(*pieces, **kw):
        strokes.append(pen_stroke(rng, list(pieces), clock, **kw))

    # Ground line, gently wavy.
    add([(60 + i * 9.0, 640 + 4 * math.sin(i / 9.0)) for i in range(101)], color="#3b5d2aff", speed=600)
    # Walls: one stroke around the box, corners as separate sub-movements.
    a, b, c, d = (300, 420), (300, 630), (560, 630), (560, 420)
    add(dense_line(a, b), dense_line(b, c), dense_line(c, d), dense_line(d, a), color=ink)
    # Roof.
    add(dense_line((280, 430), (430, 300)), dense_line((430, 300), (580, 430)), color="#8a2b1fff")
    # Chimney.
    add(dense_line((505, 365), (505, 310)), dense_line((505, 310), (535, 310)),
        dense_line((535, 310), (535, 392)), color="#8a2b1fff")
    # Smoke: a few loops.
    add([(520 + 22 * math.sin(i / 8.0) + i * 0.5, 295 - i * 1.4) for i in range(70)], color="#6c6c72ff",
        base_force=0.6, speed=300)
    # Door with knob.
    add(dense_line((400, 630), (400, 530)), dense_line((400, 530), (455, 530)),
        dense_line((455, 530), (455, 630)), color=ink)
    add(dense_arc(445, 582, 3, 3, 0, TAU, 24), color=ink, base_force=1.4, speed=120)
    # Window and its cross.
    add(dense_line((325, 455), (375, 455)), dense_line((375, 455), (375, 505)),
        dense_line((375, 505), (325, 505)), dense_line((325, 505), (325, 455)), color=ink)
    add(dense_line((350, 455), (350, 505)), color=ink)
    add(dense_line((325, 480), (375, 480)), color=ink)
    add(dense_line((480, 455), (535, 455)), dense_line((535, 455), (535, 505)),
        dense_line((535, 505), (480, 505)), dense_line((480, 505), (480, 455)), color=ink)
    # Tree: trunk, then a bumpy crown drawn as one looping stroke.
    add(dense_line((760, 638), (768, 520)), color="#5c3b1eff")
    add(dense_line((800, 638), (792, 520)), color="#5c3b1eff")
    crown = []
    for i in range(361):
        ang = math.pi / 2 + TAU * i / 360
        r = 95 + 14 * math.sin(7 * ang) + 5 * math.sin(13 * ang + 1)
        crown.append((780 + r * math.cos(ang), 440 - 0.9 * r * math.sin(ang) * -1))
    add(crown, color="#2f7d32ff", speed=520, base_force=0.9)
    # Sun: circle and rays.
    add(dense_arc(150, 140, 55, 55, -0.3, TAU - 0.1, 120), color="#e0a100ff", speed=380)
    for k in range(10):
        ang = TAU * k / 10 + 0.2
        p0 = (150 + 70 * math.cos(ang), 140 + 70 * math.sin(ang))
        p1 = (150 + 105 * math.cos(ang), 140 + 105 * math.sin(ang))
        add(dense_line(p0, p1, 12), color="#e0a100ff", speed=350)
    # Two birds.
    for bx, by in ((640, 160), (705, 200)):
        add(dense_arc(bx - 14, by, 14, 10, math.pi, TAU, 20), dense_arc(bx + 14, by, 14, 10, math.pi, TAU, 20),
            color=ink, base_force=0.8, speed=260)
    return {"canvas": (1024, 768), "strokes": strokes}


# ---------------------------------------------------------------------------------------------
# Mouse: a doodle with integer coordinates, force 0.5, no tilt


def mouse_stroke(rng, pieces, clock, ink="monoline", color="#1c7ed6ff", speed=500.0):
    samples = sample_motion(pieces, 60.0, speed * rng.uniform(0.8, 1.2), rng, jitter=0.0015, tremor=1.2,
                            dwell=0.05)
    pts = []
    last_t = 0.0
    for x, y, t, _ in samples:
        # Mouse hands are jerky: integer pixels plus an occasional one-pixel twitch.
        xi = int(round(x + (rng.choice((-1, 0, 0, 0, 1)))))
        yi = int(round(y + (rng.choice((-1, 0, 0, 0, 1)))))
        t = max(q(t, 3), last_t)
        last_t = t
        pts.append(point(x=xi, y=yi, timeOffset=t, force=0.5))
    return {"ink": {"type": ink, "color": color}, "creationDate": clock.next(last_t, (0.4, 1.5)), "points": pts}


def make_mouse():
    rng = random.Random(60)
    clock = Clock(rng, BASE_DATE + 3600)
    strokes = []

    def add(*pieces, **kw):
        strokes.append(mouse_stroke(rng, list(pieces), clock, **kw))

    # Smiley: face, eyes, smile.
    add(dense_arc(300, 300, 150, 150, -math.pi / 2, 1.5 * math.pi + 0.15, 120), speed=700)
    add(dense_arc(250, 250, 10, 16, 0, TAU, 24), speed=150)
    add(dense_arc(350, 250, 10, 16, 0, TAU, 24), speed=150)
    add(dense_arc(300, 310, 90, 70, 0.25, math.pi - 0.25, 60), speed=400)
    # A spiral.
    add([(700 + 8 * a * math.cos(a), 280 + 8 * a * math.sin(a)) for a in [i * 0.08 for i in range(200)]],
        color="#e8590cff", speed=650)
    # A zig-zag with hard corners (one sub-movement per segment).
    zig = [(90 + 70 * i, 560 + (40 if i % 2 else -40)) for i in range(9)]
    add(*[dense_line(zig[i], zig[i + 1], 8) for i in range(8)], color="#2b8a3e", speed=450)
    # A five-pointed star.
    star = [(790 + 110 * math.cos(-math.pi / 2 + k * 4 * math.pi / 5),
             600 + 110 * math.sin(-math.pi / 2 + k * 4 * math.pi / 5)) for k in range(6)]
    add(*[dense_line(star[i], star[i + 1], 10) for i in range(5)], color="#a3c", speed=500)
    # A highlighter swipe under the zig-zag.
    add(dense_line((80, 650), (660, 655), 40), ink="marker", color="#fcc41966", speed=900)
    return {"canvas": (1024, 768), "strokes": strokes}


# ---------------------------------------------------------------------------------------------
# Touch: a flower drawn with a finger


def touch_stroke(rng, pieces, clock, ink="pen", color="#e64980ff", speed=700.0):
    samples = stamp_times(sample_motion(pieces, 60.0, speed * rng.uniform(0.85, 1.2), rng,
                                        jitter=0.002, tremor=1.5))
    contact = Smooth(rng, 1.5)
    base_w, base_h = rng.uniform(24, 30), rng.uniform(30, 36)
    pts = []
    for x, y, t, prog in samples:
        # The contact ellipse grows as the finger lands and shrinks as it lifts.
        env = 0.75 + 0.25 * math.sin(math.pi * min(1.0, max(0.0, prog)))
        w = base_w * env + 2.5 * contact(t)
        h = base_h * env + 3.0 * contact(t + 0.37)
        pts.append(point(x=x, y=y, timeOffset=t, width=max(20, min(40, w)), height=max(20, min(40, h))))
    return {"ink": {"type": ink, "color": color}, "creationDate": clock.next(samples[-1][2], (0.3, 1.0)),
            "points": pts}


def make_flower():
    rng = random.Random(390)
    clock = Clock(rng, BASE_DATE + 7200)
    strokes = []

    def add(*pieces, **kw):
        strokes.append(touch_stroke(rng, list(pieces), clock, **kw))

    cx, cy = 195, 300
    # Six petals, each an elongated loop out from the centre and back.
    for k in range(6):
        ang = TAU * k / 6 - math.pi / 2
        petal = []
        for i in range(61):
            s = math.pi * i / 60
            r = 120 * math.sin(s)
            off = 0.55 * math.sin(2 * s) * (1 if k % 2 else -1) * 0.6
            a = ang + 0.45 * math.cos(s)
            petal.append((cx + (28 + r) * math.cos(a + off * 0.2), cy + (28 + r) * math.sin(a + off * 0.2)))
        add(petal, color="#e64980ff")
    # Centre: a filled-in spiral.
    add([(cx + 2.2 * a * math.cos(a), cy + 2.2 * a * math.sin(a)) for a in [i * 0.25 for i in range(64)]],
        ink="marker", color="#fab005ff", speed=500)
    # Stem, then two leaves.
    add([(cx + 18 * math.sin(i / 14.0), cy + 120 + i * 3.9) for i in range(101)], color="#2f9e44ff", speed=800)
    for side in (-1, 1):
        base = (cx + (8 if side > 0 else 2), 600 if side > 0 else 520)
        tip = (base[0] + side * 120, base[1] - 60)
        leaf = join(
            [(base[0] + (tip[0] - base[0]) * f + side * 0 - 28 * math.sin(math.pi * f) * 0.5,
              base[1] + (tip[1] - base[1]) * f - 28 * math.sin(math.pi * f)) for f in [i / 30 for i in range(31)]],
            [(tip[0] + (base[0] - tip[0]) * f,
              tip[1] + (base[1] - tip[1]) * f + 26 * math.sin(math.pi * f)) for f in [i / 30 for i in range(31)]])
        add(leaf, color="#37b24dff", speed=600)
    # Grass tufts along the bottom.
    for gx in (60, 150, 250, 330):
        add(dense_line((gx, 780), (gx + rng.uniform(-20, 20), 700), 10), color="#69db7cff", speed=900)
    return {"canvas": (390, 844), "strokes": strokes}


# ---------------------------------------------------------------------------------------------
# Calligraphy: lines of cursive-like loops with a fountain pen, a flourish, reed ornaments


NIB_ANGLE = 0.611  # 35°, a classic italic nib angle


def letter_curve(kind, x0, width, xh):
    """One letter as a parametric polyline starting and ending on the baseline (y = 0 up)."""
    pts = []
    if kind == "l":  # tall loop
        for i in range(41):
            s = i / 40
            a = TAU * s
            pts.append((x0 + width * s - 0.35 * width * math.sin(a), -2.4 * xh * (1 - math.cos(a)) / 2))
    elif kind == "e":  # small loop
        for i in range(31):
            s = i / 30
            a = TAU * s
            pts.append((x0 + width * s - 0.45 * width * math.sin(a), -xh * 0.9 * (1 - math.cos(a)) / 2))
    elif kind == "n":  # two arches
        for i in range(41):
            s = i / 40
            pts.append((x0 + width * s, -xh * abs(math.sin(2 * math.pi * s))))
    elif kind == "u":  # two cups
        for i in range(41):
            s = i / 40
            pts.append((x0 + width * s, -xh * (1 - abs(math.cos(2 * math.pi * s))) * 0.95))
    elif kind == "o":  # an oval, closed at the top, then a connector
        for i in range(41):
            s = i / 40
            a = math.pi / 2 + TAU * s
            pts.append((x0 + width * 0.5 + width * 0.42 * math.cos(a) * -1, -xh * 0.5 + xh * 0.5 * math.sin(a)))
        pts.insert(0, (x0, 0.0))
        pts.append((x0 + width, -xh * 0.3))
    elif kind == "g":  # descender loop
        for i in range(41):
            s = i / 40
            a = TAU * s
            pts.append((x0 + width * s - 0.3 * width * math.sin(a), 1.5 * xh * (1 - math.cos(a)) / 2))
    return pts


def cursive_word(rng, x, baseline, xh, slant, letters):
    widths = {"l": 0.75, "e": 0.55, "n": 1.0, "u": 1.0, "o": 0.8, "g": 0.7}
    pts = [(x - 0.3 * xh, baseline + 0.1 * xh)]
    cx = x
    for kind in letters:
        w = widths[kind] * xh * rng.uniform(0.9, 1.1)
        for px, py in letter_curve(kind, cx, w, xh * rng.uniform(0.93, 1.07)):
            pts.append((px - slant * py, baseline + py))
        cx += w
    pts.append((cx + 0.35 * xh, baseline - 0.35 * xh))
    return pts, cx + 0.35 * xh


def calligraphy_stroke(rng, pts, clock, ink="fountainPen", color="#14213dff", rate=120.0, speed=400.0,
                       nib=(7.0, 1.6), az=NIB_ANGLE, alt=0.96, base_force=1.0):
    samples = stamp_times(sample_motion([pts], rate, speed * rng.uniform(0.9, 1.1), rng, jitter=0.0003,
                                        tremor=0.2))
    dur = samples[-1][2]
    force = pressure_profile(rng, dur, base=base_force, spread=0.3, ramp_in=0.04, ramp_out=0.06)
    out = []
    for x, y, t, _ in samples:
        f = force(t)
        out.append(point(x=x, y=y, timeOffset=t, width=nib[0], height=nib[1], force=f, azimuth=az, altitude=alt))
    return {"ink": {"type": ink, "color": color}, "creationDate": clock.next(dur, (0.15, 0.6)), "points": out}


def make_calligraphy():
    rng = random.Random(1492)
    clock = Clock(rng, BASE_DATE + 10800)
    strokes = []
    alphabet = "lenuog"
    xh = 26.0
    # Reed ornaments first: a double rule at the top.
    for y in (70, 82):
        strokes.append(calligraphy_stroke(rng, dense_line((80, y), (1120, y + rng.uniform(-2, 2)), 80), clock,
                                          ink="reed", color="#5a3e1bff", nib=(10.0, 2.5), speed=700,
                                          az=0.2, alt=0.8))
    # Five lines of words; dots and crossbars as short separate strokes.
    for line in range(4):
        baseline = 200 + line * 135
        x = 95.0
        while True:
            n = rng.randint(3, 7)
            letters = [rng.choice(alphabet) for _ in range(n)]
            est = sum({"l": 0.75, "e": 0.55, "n": 1.0, "u": 1.0, "o": 0.8, "g": 0.7}[c] for c in letters) * xh
            if x + est > 1100:
                break
            pts, end = cursive_word(rng, x, baseline, xh, 0.28, letters)
            strokes.append(calligraphy_stroke(rng, pts, clock))
            if "n" in letters:  # a dot over the word
                dx = x + 0.5 * est
                strokes.append(calligraphy_stroke(
                    rng, dense_line((dx, baseline - 1.8 * xh), (dx + 3, baseline - 1.8 * xh - 4), 4), clock,
                    speed=60, base_force=1.3))
            x = end + rng.uniform(22, 40)
    # A signature-like flourish: a big looping capital and a long underline swash.
    flourish = []
    for i in range(401):
        s = i / 400
        a = 3 * TAU * s
        flourish.append((760 + 340 * s - 40 * math.sin(a), 800 - 45 * (1 - math.cos(a)) / 2 * (1.3 - s)))
    strokes.append(calligraphy_stroke(rng, flourish, clock, speed=520, base_force=1.2))
    swash = [(700 + 420 * s, 835 + 18 * math.sin(math.pi * s) - 10 * math.sin(3 * math.pi * s))
             for s in [i / 120 for i in range(121)]]
    strokes.append(calligraphy_stroke(rng, swash, clock, speed=800, base_force=1.4))
    # Reed ornaments: a closing rule with a diamond.
    strokes.append(calligraphy_stroke(rng, dense_line((80, 870), (620, 872), 60), clock,
                                      ink="reed", color="#5a3e1bff", nib=(10.0, 2.5), speed=700, az=0.2, alt=0.8))
    diamond = join(dense_line((640, 871), (655, 856), 8), dense_line((655, 856), (670, 871), 8),
                   dense_line((670, 871), (655, 886), 8), dense_line((655, 886), (640, 871), 8))
    strokes.append(calligraphy_stroke(rng, diamond, clock, ink="reed", color="#5a3e1bff", nib=(10.0, 2.5),
                                      speed=200, az=0.2, alt=0.8))
    return {"canvas": (1200, 900), "strokes": strokes}


# ---------------------------------------------------------------------------------------------
# A single tap


def make_tap():
    return {"canvas": (1024, 768), "strokes": [{
        "ink": {"type": "pen", "color": "#000000ff"},
        "creationDate": BASE_DATE + 14400,
        "points": [point(x=512, y=384, timeOffset=0, width=3.2, height=3.2, force=0.85,
                         azimuth=0.8, altitude=1.05)],
    }]}


# ---------------------------------------------------------------------------------------------
# Transforms and masks


def transform(rotation=0.0, sx=1.0, sy=1.0, tx=0.0, ty=0.0):
    """Scale, then rotate, then translate: [a, b, c, d, tx, ty] with x' = a·x + c·y + tx."""
    cs, sn = math.cos(rotation), math.sin(rotation)
    return [q(sx * cs, 6), q(sx * sn, 6), q(-sy * sn, 6), q(sy * cs, 6), q(tx, 2), q(ty, 2)]


def ring(cx, cy, r, n, clockwise=True):
    pts = [(q(cx + r * math.cos(TAU * k / n), 2), q(cy + r * math.sin(TAU * k / n), 2)) for k in range(n)]
    return pts if clockwise else pts[::-1]


def make_transforms():
    rng = random.Random(4242)
    clock = Clock(rng, BASE_DATE + 18000)
    strokes = []
    # 1. Translucent marker zig-zag around its own origin, rotated 30° and moved; rectangular mask.
    zig = [(-150 + 50 * i, 40 if i % 2 else -40) for i in range(7)]
    s = pen_stroke(rng, [dense_line(zig[i], zig[i + 1], 10) for i in range(6)], clock, ink="marker",
                   color="#fab00599", base_force=1.0)
    for p in s["points"]:
        p["width"] = p["height"] = q(14 + 4 * p["force"], 2)
    s.update(randomSeed=1, transform=transform(math.radians(30), tx=260, ty=200),
             mask=[[(-120, -60), (120, -60), (120, 60), (-120, 60)]])
    strokes.append(s)
    # 2. Pencil hatching, squashed and stretched; a round mask (32-gon).
    hatch = []
    for i in range(14):
        x = -90 + 14 * i
        hatch.append(dense_line((x, 90) if i % 2 else (x, -90), (x + 7, -90) if i % 2 else (x + 7, 90), 12))
    s = pen_stroke(rng, hatch, clock, ink="pencil", color="#343a40cc", base_force=0.7, speed=900)
    s.update(randomSeed=3141592653, transform=transform(0, 1.5, 0.75, 700, 200),
             mask=[ring(0, 0, 80, 32)])
    strokes.append(s)
    # 3. Watercolour wash; the mask is a square with a round hole (inner ring wound the other way).
    wash = []
    for i in range(9):
        y = -110 + 27 * i
        wash.append(dense_line((-120, y), (120, y + 13), 16) if i % 2 == 0 else dense_line((120, y), (-120, y + 13), 16))
    s = pen_stroke(rng, wash, clock, ink="watercolor", color="#1c7ed680", base_force=1.2, speed=1100)
    for p in s["points"]:
        p["width"] = p["height"] = q(30 + 10 * p["force"], 2)
    s.update(randomSeed=7, transform=transform(0, 1.0, 1.0, 260, 560),
             mask=[[(-110, -110), (110, -110), (110, 110), (-110, 110)], ring(0, 0, 55, 24, clockwise=False)])
    strokes.append(s)
    # 4. Crayon star, scaled, rotated and moved all at once; no mask.
    star = [(100 * math.cos(-math.pi / 2 + k * 4 * math.pi / 5), 100 * math.sin(-math.pi / 2 + k * 4 * math.pi / 5))
            for k in range(6)]
    s = pen_stroke(rng, [dense_line(star[i], star[i + 1], 14) for i in range(5)], clock, ink="crayon",
                   color="#e03131ff", base_force=1.3)
    for p in s["points"]:
        p["width"] = p["height"] = q(8 + 4 * p["force"], 2)
    s.update(randomSeed=12648430, transform=transform(math.radians(-15), 1.2, 1.2, 700, 560))
    strokes.append(s)
    # 5. A pen outline, mirrored horizontally (negative determinant) and translated.
    arrow = join(dense_line((-60, 0), (60, 0)), dense_line((60, 0), (30, -25), 8))
    s = pen_stroke(rng, [arrow], clock, color="#1b1b1fff")
    s.update(transform=transform(0, -1.0, 1.0, 512, 384))
    strokes.append(s)
    return {"canvas": (1024, 768), "strokes": strokes}


# ---------------------------------------------------------------------------------------------
# One stroke per ink type


def make_all_inks():
    rng = random.Random(8)
    clock = Clock(rng, BASE_DATE + 21600)
    inks = ["pen", "pencil", "marker", "monoline", "fountainPen", "watercolor", "crayon", "reed"]
    nibs = {"pen": 4, "pencil": 3, "marker": 18, "monoline": 4, "fountainPen": 8, "watercolor": 24,
            "crayon": 10, "reed": 10}
    # The same shape for every ink: a wave with a loop in the middle, drawn left to right.
    shape = []
    for i in range(241):
        s = i / 240
        a = TAU * s
        shape.append((-90 + 180 * s + 45 * math.sin(a), -50 * math.cos(a) + 20 * math.sin(2 * a)))
    strokes = []
    for k, ink in enumerate(inks):
        col, row = k % 4, k // 4
        cx, cy = 128 + 256 * col, 192 + 384 * row
        motion = stamp_times(sample_motion([[(cx + x, cy + y) for x, y in shape]], 120.0, 450.0, rng,
                                           jitter=0.0003, tremor=0.25))
        dur = motion[-1][2]
        # The same pressure curve for every ink: a fresh generator with the same seed each time.
        force = pressure_profile(random.Random(77), dur, base=1.1, spread=0.35)
        pts = []
        for x, y, t, _ in motion:
            f = force(t)
            w = nibs[ink]
            pts.append(point(x=x, y=y, timeOffset=t, width=w, height=w if ink != "fountainPen" else 2,
                             force=f, azimuth=0.7 if ink != "fountainPen" else NIB_ANGLE, altitude=0.95))
        strokes.append({"ink": {"type": ink, "color": "#1b1b1fff"}, "creationDate": clock.next(dur),
                        "randomSeed": 100 + k, "points": pts})
    return {"canvas": (1024, 768), "strokes": strokes}


# ---------------------------------------------------------------------------------------------


def outputs():
    house = make_house()
    calligraphy = make_calligraphy()
    return [
        ("tablet-pen-house.json", house, "objects"),
        ("tablet-pen-house.columnar.json", house, "columnar"),
        ("mouse-doodle.json", make_mouse(), "objects"),
        ("touch-flower.json", make_flower(), "objects"),
        ("calligraphy-long.json", calligraphy, "objects"),
        ("calligraphy-long.columnar.json", calligraphy, "columnar"),
        ("single-tap.json", make_tap(), "objects"),
        ("transforms-and-masks.json", make_transforms(), "objects"),
        ("all-inks.json", make_all_inks(), "objects"),
    ]


def main(argv):
    check = "--check" in argv
    differ = []
    for name, doc, layout in outputs():
        validate(name, doc)
        text = serialize(doc, layout)
        path = os.path.join(STROKES_DIR, name)
        if check:
            try:
                with open(path, encoding="utf-8") as f:
                    same = f.read() == text
            except FileNotFoundError:
                same = False
            if not same:
                differ.append(name)
            continue
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        points = sum(len(s["points"]) for s in doc["strokes"])
        print("%-34s %3d strokes %6d points %8d bytes" % (name, len(doc["strokes"]), points, len(text)))
    if check:
        if differ:
            print("out of date: " + ", ".join(differ))
            return 1
        print("all examples up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
