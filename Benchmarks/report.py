#!/usr/bin/env python3
"""Reads the JSON lines that InklingBench and the peers printed during one run.sh run and
prints the side-by-side table, the ratios and each target marked PASS or MISS.

Each (bench, implementation, encoding, file) was measured by one process per round (Inkling's
scribble by two); the table shows the median of those per-process medians, and the fastest
single run. Stdlib only.

Usage: report.py RESULTS.jsonl [--rounds N --repeat N]
Exit status: 0 whether targets pass or miss (this is a report); 1 when results are missing.
"""

import argparse
import json
import statistics
import sys
from collections import defaultdict

PARSE_FILE = "parse-300k.json"
RASTER_FILE = "drawing-20k.json"

NAMES = {
    "json-c-dom": "json-c bare DOM (tokener + put)",
    "inkling": "Inkling StrokeJSONDecoder",
    "foundation-jsondecoder": "Foundation JSONDecoder (Codable)",
    "cpython-json.loads": "CPython json.loads",
}
PARSE_ORDER = ["json-c-dom", "inkling", "foundation-jsondecoder", "cpython-json.loads"]
ENCODINGS = ["scribble", "soft", "distance", "confidence"]


class Missing(Exception):
    """A measurement the report needs is not in the results."""


def load(path):
    """Groups the records by what they measured."""
    groups = defaultdict(list)
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                r = json.loads(line)
                groups[(r["bench"], r["impl"], r.get("encoding"), r["file"])].append(r)
    return groups


def summary(groups, bench, impl, encoding, file):
    """(median of per-round medians, fastest run, first record) or raises Missing."""
    rs = groups.get((bench, impl, encoding, file))
    if not rs:
        raise Missing(f"{bench} {impl} {encoding or ''} {file}")
    return statistics.median(r["median_s"] for r in rs), min(r["min_s"] for r in rs), rs[0]


def verdict(ok):
    return "PASS" if ok else "MISS"


def parse_tables(groups, lines):
    files = sorted({k[3] for k in groups if k[0] == "parse"}, key=lambda f: (f != PARSE_FILE, f))
    for file in files:
        base = summary(groups, "parse", "inkling", None, file)
        rec = base[2]
        lines.append(f"Parse {file}: {rec['bytes'] / 1e6:.1f} MB, {rec['points']:,} points")
        lines.append(f"  {'implementation':34} {'median ms':>10} {'min ms':>9} {'MB/s':>7} {'M pts/s':>8} {'Inkling time ÷ this':>20}")
        for impl in PARSE_ORDER:
            try:
                med, best, r = summary(groups, "parse", impl, None, file)
            except Missing:
                continue
            ratio = base[0] / med
            lines.append(f"  {NAMES[impl]:34} {med * 1e3:10.1f} {best * 1e3:9.1f} {r['bytes'] / med / 1e6:7.1f} "
                         f"{r['points'] / med / 1e6:8.2f} {ratio:19.2f}×")
        lines.append("")


def raster_table(groups, lines):
    rec = summary(groups, "raster", "inkling", "scribble", RASTER_FILE)[2]
    lines.append(f"Rasterize {RASTER_FILE} ({rec['points']:,} points) into {rec['size']}, 8-bit gray")
    lines.append(f"  {'implementation':50} {'median ms':>10} {'min ms':>9} {'M pts/s':>8} {'Inkling speed-up':>17}")
    rows = [("inkling", e, f"Inkling {e}") for e in ENCODINGS]
    rows += [("perfect-freehand+pycairo", "scribble", "perfect-freehand + pycairo fill (scribble)"),
             ("pycairo-fill-only", "scribble", "  of which pycairo fill alone (info)"),
             ("opencv", "scribble", "OpenCV polylines AA (scribble)"),
             ("opencv", "soft", "OpenCV polylines + GaussianBlur (soft)"),
             ("opencv", "distance", "OpenCV polylines + distanceTransform (distance)")]
    for impl, enc, label in rows:
        try:
            med, best, r = summary(groups, "raster", impl, enc, RASTER_FILE)
        except Missing:
            continue
        speedup = ""
        if impl != "inkling":
            ink = summary(groups, "raster", "inkling", enc, RASTER_FILE)[0]
            speedup = f"{med / ink:16.1f}×"
        lines.append(f"  {label:50} {med * 1e3:10.2f} {best * 1e3:9.2f} {r['points'] / med / 1e6:8.2f} {speedup:>17}")
    lines.append("")


def targets(groups, lines):
    """The targets of the issue, each with its measured ratio and PASS or MISS."""
    def raster(impl, enc):
        return summary(groups, "raster", impl, enc, RASTER_FILE)[0]

    def parse(impl):
        return summary(groups, "parse", impl, None, PARSE_FILE)[0]

    checks = []
    fh = raster("perfect-freehand+pycairo", "scribble") / raster("inkling", "scribble")
    checks.append((f"raster scribble ≥ 20× perfect-freehand + pycairo", f"{fh:.1f}×", fh >= 20))
    cv = raster("opencv", "scribble") / raster("inkling", "scribble")
    checks.append(("raster scribble ≥ 3× OpenCV polylines", f"{cv:.1f}×", cv >= 3))
    cvs = raster("opencv", "soft") / raster("inkling", "soft")
    checks.append(("raster soft ≥ 3× OpenCV polylines + GaussianBlur", f"{cvs:.1f}×", cvs >= 3))
    pj = parse("inkling") / parse("json-c-dom")
    checks.append((f"parse {PARSE_FILE}: Inkling time ≤ 1.3× json-c bare DOM", f"{pj:.2f}×", pj <= 1.3))
    lines.append("Targets")
    for what, measured, ok in checks:
        lines.append(f"  {verdict(ok)}  {what:58} measured {measured}")
    info = []
    for impl in ("cpython-json.loads", "foundation-jsondecoder"):
        try:
            info.append(f"{NAMES[impl]} takes {parse(impl) / parse('inkling'):.2f}× Inkling's time")
        except Missing:
            pass
    if info:
        lines.append(f"  info  parse {PARSE_FILE}: " + "; ".join(info))
    return all(ok for *_, ok in checks)


METRICS_FILE = "metrics-a.png"
METRIC_PEERS = {"ssim": ("scikit-image", 10.0), "psnr": ("numpy", 5.0)}
METRIC_VALUE_TOLERANCE = 1e-4


def metrics_section(groups, lines):
    """SSIM and PSNR of one 1024×1024 RGB pair: Inkling and its peer side by side, the ratio,
    whether the values agree, and the targets. Returns whether all passed, or None without records."""
    if not any(k[0] == "metrics" for k in groups):
        return None
    rec = summary(groups, "metrics", "inkling", "ssim", METRICS_FILE)[2]
    lines.append(f"Image metrics on {METRICS_FILE} / metrics-b.png ({rec['size']} RGB, decoded before timing)")
    lines.append(f"  {'metric':6} {'implementation':16} {'median ms':>10} {'min ms':>9} {'value':>22} {'Inkling speed-up':>17}")
    ok_all = True
    checks = []
    for metric, (peer, target) in METRIC_PEERS.items():
        ink = summary(groups, "metrics", "inkling", metric, METRICS_FILE)
        impls = [("inkling", ink), (peer, summary(groups, "metrics", peer, metric, METRICS_FILE))]
        if metric == "psnr" and groups.get(("metrics", "scikit-image", "psnr", METRICS_FILE)):
            impls.append(("scikit-image", summary(groups, "metrics", "scikit-image", "psnr", METRICS_FILE)))
        for impl, (med, best, r) in impls:
            speedup = "" if impl == "inkling" else f"{med / ink[0]:16.1f}×"
            lines.append(f"  {metric:6} {impl:16} {med * 1e3:10.2f} {best * 1e3:9.2f} {r['value']:22.15f} {speedup:>17}")
        peer_med, _, peer_rec = impls[1][1]
        ratio = peer_med / ink[0]
        agree = abs(peer_rec["value"] - ink[2]["value"]) <= METRIC_VALUE_TOLERANCE
        checks.append((f"{metric.upper()} 1024² RGB ≥ {target:g}× {peer}, values within {METRIC_VALUE_TOLERANCE:g}",
                       f"{ratio:.1f}×, |Δ| {abs(peer_rec['value'] - ink[2]['value']):.1e}", ratio >= target and agree))
    for what, measured, ok in checks:
        ok_all = ok_all and ok
        lines.append(f"  {verdict(ok)}  {what:58} measured {measured}")
    lines.append("")
    return ok_all


RENDER_STYLES = ["animation", "illustration", "sketch", "emoji"]
RENDER_FILE = "tablet-pen-house.json"
# Issue 14: one 1024×1024 image ≤ 0.3 s, the first image of a limit-4 request ≤ 0.5 s, every style.
IMAGE_TARGET_S = 0.3
FIRST_IMAGE_TARGET_S = 0.5


def load_render(path):
    """The render records (InklingBench render), by (what, style, via)."""
    groups = defaultdict(list)
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                r = json.loads(line)
                if r["bench"] == "render" and r["file"] == RENDER_FILE:
                    groups[(r["what"], r["style"], r["via"])].append(r)
    return groups


def render_section(path, lines):
    """Built-in engine per style: one 1024×1024 image, and the first image of a limit-4 request
    (through the InklingImageCreator API when measured, else the engine's own images(for:)),
    each against its target. Returns whether all passed, or None when there are no records."""
    groups = load_render(path)
    if not groups:
        return None

    def med(what, style, via):
        rs = groups.get((what, style, via))
        if not rs:
            raise Missing(f"render {what} {style} ({via})")
        return statistics.median(r["median_s"] for r in rs), rs[0]["size"]

    def ms(what, style, via):
        try:
            return f"{med(what, style, via)[0] * 1e3:.1f}"
        except Missing:
            return "–"

    first_via = "api" if any(k[2] == "api" for k in groups) else "engine"
    size = med("image", RENDER_STYLES[0], "engine")[1]
    lines.append(f"Render {RENDER_FILE} with the built-in engine at {size}; median of the per-process medians")
    lines.append("  one image: BuiltInEngine.generate; first/all of 4: limit 4 via "
                 + ("InklingImageCreator.images (PNGs written)" if first_via == "api" else "BuiltInEngine.images(for:)")
                 + "; engine first/all of 4: BuiltInEngine.images(for:), no files")
    lines.append(f"  {'style':13} {'one image ms':>12} {'first of 4 ms':>13} {'all 4 ms':>9} {'engine first/all of 4 ms':>25}"
                 f"   image ≤ {IMAGE_TARGET_S:g} s  first ≤ {FIRST_IMAGE_TARGET_S:g} s")
    ok_all = True
    for style in RENDER_STYLES:
        image = med("image", style, "engine")[0]
        first = med("first-of-4", style, first_via)[0]
        ok_image, ok_first = image <= IMAGE_TARGET_S, first <= FIRST_IMAGE_TARGET_S
        ok_all = ok_all and ok_image and ok_first
        engine = f"{ms('first-of-4', style, 'engine')} / {ms('all-of-4', style, 'engine')}"
        lines.append(f"  {style:13} {image * 1e3:12.1f} {first * 1e3:13.1f} {ms('all-of-4', style, first_via):>9} {engine:>25}"
                     f"   {verdict(ok_image):>13}  {verdict(ok_first):>13}")
    lines.append("")
    return ok_all


def request_decode_section(groups, lines):
    """Issue 14's decode-once targets: a drawing inside a generation body decodes in at most 1.2x
    the time of the same drawing alone, and the pre-parse scans cost at most 5% of a request (of a
    /v1/guidance request, and of a generation's decoding alone)."""
    files = sorted({k[3] for k in groups if k[0] == "request-decode"})
    if not files:
        return
    lines.append("Decoding once (InklingBench request-decode, CPU time, one thread; median of the per-process medians)")
    lines.append(f"  {'drawing':24s} {'alone':>9s} {'in a body':>10s} {'ratio':>6s} {'scans/guidance req':>19s} {'scans/generation decode':>24s}")
    for file in files:
        def med(impl):
            return summary(groups, "request-decode", impl, None, file)[0]
        alone, inside = med("guidance-decode"), med("generation-decode")
        ratio = inside / alone
        share_guidance = med("guidance-scans") / med("guidance-request")
        share_generation = med("generation-scans") / inside
        lines.append(f"  {file:24s} {alone * 1000:7.2f} ms {inside * 1000:7.2f} ms {ratio:6.3f} {100 * share_guidance:18.1f}% {100 * share_generation:23.1f}%")
        lines.append(f"    {verdict(ratio <= 1.2)}  a generation's decoding <= 1.2x the drawing alone: {ratio:.3f}")
        lines.append(f"    {verdict(share_guidance <= 0.05)}  scans <= 5% of a /v1/guidance request: {100 * share_guidance:.1f}%")
        lines.append(f"    {verdict(share_generation <= 0.05)}  scans <= 5% of a generation's decoding: {100 * share_generation:.1f}%")
    lines.append("")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results")
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--repeat", type=int)
    args = ap.parse_args()
    groups = load(args.results)
    lines = []
    if args.rounds:
        lines.append(f"{args.rounds} rounds × {args.repeat} timed runs each (after a warm-up); "
                     "median of the per-process medians, min over all runs")
        lines.append("")
    benches = {k[0] for k in groups}
    try:
        if "parse" in benches:
            parse_tables(groups, lines)
        if "raster" in benches:
            raster_table(groups, lines)
        if {"parse", "raster"} <= benches:
            targets(groups, lines)
            lines.append("")
        metrics_section(groups, lines)
        request_decode_section(groups, lines)
        render_section(args.results, lines)
    except Missing as e:
        print("\n".join(lines))
        print(f"report: missing measurement: {e}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
