#!/usr/bin/env bash
# Load test of `inkling serve`: POST /v1/guidance with a 2,000-point drawing at 512x512, under
# wrk, on loopback, bounded in time. Reports req/s, p50/p99 latency and errors, against the
# targets (>= 500 req/s, p99 <= 50 ms, zero errors). See Benchmarks/README.md.
#
# Environment:
#   INKLING_BENCH_SCRATCH  SwiftPM scratch path for the release build (default: .build)
#   LOAD_SECONDS           measured seconds per run (default 10; a 2 s warm-up comes first)
#   LOAD_ROUNDS            runs per layout, interleaved (default 3); the median is reported
#   LOAD_CONNECTIONS       concurrent connections (default 8)
#   LOAD_THREADS           wrk threads (default 2)
#   SERVER_THREADS         server threads (default: the number of cores)
# Exit status: 0 when the report was printed (targets may MISS); non-zero on errors.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$(dirname "$here")"
scratch="${INKLING_BENCH_SCRATCH:-.build}"
seconds="${LOAD_SECONDS:-10}"
rounds="${LOAD_ROUNDS:-3}"
connections="${LOAD_CONNECTIONS:-8}"
wrk_threads="${LOAD_THREADS:-2}"
cores="$(getconf _NPROCESSORS_ONLN)"
server_threads="${SERVER_THREADS:-$cores}"
say() { echo "serve-load: $*" >&2; }

. "$here/require-wrk.sh"

say "building inkling (release, scratch path $scratch)"
swift build -c release --product inkling --scratch-path "$scratch" >&2
bin="$(swift build -c release --product inkling --scratch-path "$scratch" --show-bin-path)/inkling"
out="$here/out"
python3 "$here/gen_serve_drawing.py" "$out"

work="$(mktemp -d)"
"$bin" serve --host 127.0.0.1 --port 0 --rate 0 --threads "$server_threads" >"$work/url" 2>"$work/log" &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
url="$(head -n 1 "$work/url")/v1/guidance?width=512&height=512"

# The answer must be a 512x512 PNG before it is worth timing.
check="$(curl -s -o "$work/map.png" -w '%{http_code}' --data-binary @"$out/serve-2k.json" "$url")"
[ "$check" = 200 ] || { say "the server answered $check"; exit 1; }
python3 - "$work/map.png" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert (width, height) == (512, 512), f"{width}x{height}"
PY

run() { # layout seconds -> RESULT line
    BODY="$out/$1" timeout $(( $2 + 30 )) wrk -t"$wrk_threads" -c"$connections" -d"$2"s --timeout 5s \
        -s "$here/serve-load.lua" "$url" | grep '^RESULT'
}
report() { # label RESULT-lines... -> one line per round and the median; targets for the objects layout
    python3 - "$@" <<'PY'
import statistics, sys
label, lines = sys.argv[1], sys.argv[2:]
rounds = []
for line in lines:
    f = dict(kv.split("=") for kv in line.split()[1:])
    n, us = int(f["requests"]), int(f["duration_us"])
    errors = sum(int(f[k]) for k in ("non200", "connect", "read", "write", "timeout"))
    rounds.append((n / (us / 1e6), int(f["p50_us"]) / 1000, int(f["p99_us"]) / 1000, int(f["max_us"]) / 1000, n, errors))
for i, (rps, p50, p99, top, n, errors) in enumerate(rounds, 1):
    print(f"  {label} round {i}: {rps:6.0f} req/s  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  max {top:7.2f} ms  {n} requests, {errors} errors")
rps = statistics.median(r[0] for r in rounds)
p99 = statistics.median(r[2] for r in rounds)
errors = sum(r[5] for r in rounds)
print(f"{label:20s} median {rps:6.0f} req/s (range {min(r[0] for r in rounds):.0f}-{max(r[0] for r in rounds):.0f}), "
      f"median p99 {p99:.2f} ms, {sum(r[4] for r in rounds)} requests, {errors} errors")
marks = [("PASS" if rps >= 500 else "MISS", f">= 500 req/s: median {rps:.0f}"),
         ("PASS" if p99 <= 50 else "MISS", f"p99 <= 50 ms: median {p99:.2f} ms"),
         ("PASS" if errors == 0 else "MISS", f"zero errors: {errors}")]
for mark, text in marks:
    print(f"  {mark}  {text}")
PY
}

say "warm-up (2 s)"
run serve-2k.json 2 >/dev/null
say "measuring $rounds rounds of ${seconds} s per layout, $connections connections, $wrk_threads wrk threads, $server_threads server threads"
objects=()
columnar=()
for round in $(seq 1 "$rounds"); do
    say "round $round/$rounds"
    objects+=("$(run serve-2k.json "$seconds")")
    columnar+=("$(run serve-2k-columnar.json "$seconds")")
done
echo
echo "inkling serve load test, $(date -u '+%Y-%m-%d %H:%M UTC'), $cores cores, $(uname -sm)"
echo "POST /v1/guidance?width=512&height=512, 2,000-point drawing ($(wc -c < "$out/serve-2k.json") B objects / $(wc -c < "$out/serve-2k-columnar.json") B columnar layout)"
echo "wrk -t$wrk_threads -c$connections -d${seconds}s, $rounds rounds per layout (interleaved), server: $server_threads threads, release build"
report "objects layout" "${objects[@]}"
report "columnar layout" "${columnar[@]}"
