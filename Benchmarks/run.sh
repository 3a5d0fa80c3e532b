#!/usr/bin/env bash
# Runs Inkling's benchmarks and their peers side by side, in the same run, on the same files,
# and prints a table with the ratios and the targets (PASS / MISS). See Benchmarks/README.md.
#
# Environment:
#   INKLING_BENCH_SCRATCH  SwiftPM scratch path for the release build (default: .build)
#   BENCH_ROUNDS           rounds; each runs every implementation once, interleaved (default 3)
#   BENCH_REPEAT           timed runs per implementation per round, after a warm-up (default 7)
#   BENCH_ONLY             comma-separated subset of parse,raster,metrics,decode,render,comfyui (default: all)
#   PYTHON                 interpreter for the peers' venv (default: python3)
#
# Exit status: 0 when the report was printed (targets may still MISS); non-zero on errors.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
cd "$root"

scratch="${INKLING_BENCH_SCRATCH:-.build}"
rounds="${BENCH_ROUNDS:-3}"
repeat="${BENCH_REPEAT:-7}"
only=",${BENCH_ONLY:-parse,raster,metrics,decode,render,comfyui},"
wanted() { [[ "$only" == *",$1,"* ]]; }
size=1024x1024
venv="$here/.venv"
out="$here/out"

say() { echo "bench: $*" >&2; }

# The peers live in Benchmarks/.venv, reinstalled only when requirements.txt changes; pycairo
# builds from source, so scripts/python-venv also makes sure cairo's and Python's headers exist.
py="$("$root/scripts/python-venv" "$venv" "$here/requirements.txt" --native)"

say "building InklingBench (release, scratch path $scratch)"
swift build -c release --product InklingBench --scratch-path "$scratch" >&2
bench="$(swift build -c release --product InklingBench --scratch-path "$scratch" --show-bin-path)/InklingBench"

say "generating inputs into $out"
"$py" "$here/gen_bench_drawings.py" "$out"
"$py" "$here/gen_bench_images.py" "$out"
metric_pair=("$out/metrics-a.png" "$out/metrics-b.png")

results="$out/results.jsonl"
: > "$results"
parse_files=("$out/parse-300k.json" "$out/drawing-20k.json" "$out/drawing-20k-columnar.json")
raster_file="$out/drawing-20k.json"

# Every implementation runs in its own process (a fresh heap: see Stopwatch.blocks), and the
# processes alternate Inkling, peer, Inkling, peer … within each round.
for round in $(seq 1 "$rounds"); do
    if wanted parse; then
        say "round $round/$rounds: parse"
        for f in "${parse_files[@]}"; do
            "$bench" parse "$f" --parsers json-c-dom --repeat "$repeat" --json >> "$results"
            "$bench" parse "$f" --parsers inkling --repeat "$repeat" --json >> "$results"
            "$py" "$here/peers/parse_json.py" "$f" --repeat "$repeat" >> "$results"
            "$bench" parse "$f" --parsers foundation-jsondecoder --repeat "$repeat" --json >> "$results"
        done
    fi
    if wanted raster; then
        say "round $round/$rounds: raster"
        raster=("$raster_file" --size "$size" --repeat "$repeat")
        "$bench" raster "${raster[@]}" --encodings scribble --json >> "$results"
        "$py" "$here/peers/raster_freehand.py" "${raster[@]}" --fill-only >> "$results"
        "$bench" raster "${raster[@]}" --encodings scribble --json >> "$results"
        "$py" "$here/peers/raster_opencv.py" "${raster[@]}" --encodings scribble >> "$results"
        for encoding in soft distance; do
            "$bench" raster "${raster[@]}" --encodings "$encoding" --json >> "$results"
            "$py" "$here/peers/raster_opencv.py" "${raster[@]}" --encodings "$encoding" >> "$results"
        done
        "$bench" raster "${raster[@]}" --encodings confidence --json >> "$results"
    fi
    if wanted metrics; then
        say "round $round/$rounds: image metrics (SSIM, PSNR)"
        for metric in ssim psnr; do
            "$bench" metrics "${metric_pair[@]}" --metrics "$metric" --repeat "$repeat" --json >> "$results"
            "$py" "$here/peers/metrics_skimage.py" "${metric_pair[@]}" --metrics "$metric" --repeat "$repeat" >> "$results"
        done
    fi
    if wanted decode; then
        say "round $round/$rounds: request decoding (a drawing inside a generation body vs alone)"
        "$bench" request-decode "$root/Strokes/tablet-pen-house.json" "$root/Strokes/calligraphy-long.json" --repeat "$repeat" --json >> "$results"
    fi
    if wanted render; then
        say "round $round/$rounds: render (built-in engine, every style)"
        "$bench" render "$root/Strokes/tablet-pen-house.json" --size "$size" --repeat "$repeat" --json >> "$results"
    fi
done

echo
echo "Inkling benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC'), $(getconf _NPROCESSORS_ONLN) cores, $(uname -sm)"
"$py" "$here/report.py" "$results" --rounds "$rounds" --repeat "$repeat"

# ComfyUI per image: a minimal client, the adapter and Inkling side by side in one process, on
# the fake that behaves like the real server; the ratio is printed on Inkling's lines (target ≤ 1.05).
if wanted comfyui; then
    say "ComfyUI per image (minimal client, adapter, Inkling; 20 steps × 10 ms)"
    echo
    "$bench" comfyui "$root/Strokes/tablet-pen-house.json" --size 512x512 --repeat "$((rounds * repeat))"
fi
