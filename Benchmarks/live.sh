#!/usr/bin/env bash
# Live sessions measured end to end: `inkling serve` (built-in engine, release) on a free
# loopback port, driven by `inkling live replay` with Strokes/tablet-pen-house.json (27 strokes,
# 26.7 s as drawn) at 512x512, at the drawing's own pace. Each round runs
#   1. one session, then the same drawing through POST /v1/generations once per pen-up (the
#      drawing so far, one request at a time, image downloaded): per-stroke latency of both and
#      their ratio (--compare-generations);
#   2. LIVE_SESSIONS sessions at once: frames out of order, latency and frame staleness, the
#      server's CPU time (utime + stime from /proc) per frame, frames dropped (for a slow
#      reader; the server counts them).
# Medians over the rounds are printed against the targets: one session p50 <= 100 ms and
# p95 <= 250 ms from pen-up to frame; concurrent sessions never out of order and p95
# staleness <= 1 s. See Benchmarks/README.md ("Live sessions").
#
# Environment:
#   INKLING_BENCH_SCRATCH  SwiftPM scratch path for the release build (default: .build)
#   LIVE_ROUNDS            rounds (default 3)
#   LIVE_SESSIONS          concurrent sessions (default 20)
#   LIVE_SPEED             replay speed (default 1: as drawn)
# Exit status: 0 when the report was printed (targets may MISS); non-zero on errors.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$(dirname "$here")"
scratch="${INKLING_BENCH_SCRATCH:-.build}"
rounds="${LIVE_ROUNDS:-3}"
sessions="${LIVE_SESSIONS:-20}"
speed="${LIVE_SPEED:-1}"
drawing="Strokes/tablet-pen-house.json"
say() { echo "live: $*" >&2; }

say "building inkling (release, scratch path $scratch)"
swift build -c release --product inkling --scratch-path "$scratch" >&2
bin="$(swift build -c release --product inkling --scratch-path "$scratch" --show-bin-path)/inkling"

work="$(mktemp -d)"
"$bin" serve --host 127.0.0.1 --port 0 --rate 0 --max-live 256 --max-live-per-client 0 >"$work/url" 2>"$work/log" &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
url="$(head -n 1 "$work/url")"
[ -n "$url" ] || { say "the server did not start: $(cat "$work/log")"; exit 1; }
cpu() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
ticks="$(getconf CLK_TCK)"
common=(live replay "$drawing" --server "$url" --size 512x512 --seed 7 --prompt "a cosy house" --speed "$speed" --json)

for round in $(seq 1 "$rounds"); do
    say "round $round/$rounds: one session, then POST /v1/generations per pen-up"
    "$bin" "${common[@]}" --compare-generations >"$work/one-$round.json"
    say "round $round/$rounds: $sessions sessions at once"
    before="$(cpu)"
    "$bin" "${common[@]}" --sessions "$sessions" >"$work/many-$round.json"
    after="$(cpu)"
    echo "$(( after - before ))" >"$work/cpu-$round"
done

python3 - "$work" "$rounds" "$sessions" "$ticks" <<'PY'
import json, statistics, sys
work, rounds, sessions, ticks = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
one = [json.load(open(f"{work}/one-{r}.json")) for r in range(1, rounds + 1)]
many = [json.load(open(f"{work}/many-{r}.json")) for r in range(1, rounds + 1)]
cpu = [int(open(f"{work}/cpu-{r}").read()) / ticks for r in range(1, rounds + 1)]
med = statistics.median
def mark(ok): return "PASS" if ok else "MISS"
rows = []
def row(name, values, unit, target=None, ok=None):
    v = med(values)
    rows.append((name, f"{v:.1f} {unit}".strip(), " / ".join(f"{x:.1f}" for x in values), target or "", mark(ok(v)) if ok else ""))
row("1 session: pen-up -> frame p50", [o["latencyMs"]["p50"] for o in one], "ms", "<= 100 ms", lambda v: v <= 100)
row("1 session: pen-up -> frame p95", [o["latencyMs"]["p95"] for o in one], "ms", "<= 250 ms", lambda v: v <= 250)
row("1 session: pen-up -> frame max", [o["latencyMs"]["max"] for o in one], "ms")
row("1 session: frames", [o["frames"] for o in one], "")
row("POST /v1/generations per pen-up p50", [o["generations"]["latencyMs"]["p50"] for o in one], "ms")
row("POST /v1/generations per pen-up p95", [o["generations"]["latencyMs"]["p95"] for o in one], "ms")
row("ratio generations / live, p50", [o["generations"]["ratioP50"] for o in one], "x")
row("ratio generations / live, p95", [o["generations"]["ratioP95"] for o in one], "x")
row(f"{sessions} sessions: frames out of order", [m["framesOutOfOrder"] for m in many], "", "0", lambda v: v == 0)
row(f"{sessions} sessions: pen-up -> frame p50", [m["latencyMs"]["p50"] for m in many], "ms")
row(f"{sessions} sessions: pen-up -> frame p95", [m["latencyMs"]["p95"] for m in many], "ms", "<= 1000 ms", lambda v: v <= 1000)
row(f"{sessions} sessions: frame staleness p95", [m["stalenessMs"]["p95"] for m in many], "ms", "<= 1000 ms", lambda v: v <= 1000)
row(f"{sessions} sessions: frame staleness max", [m["stalenessMs"]["max"] for m in many], "ms")
row(f"{sessions} sessions: frames", [m["frames"] for m in many], "")
row(f"{sessions} sessions: server CPU per frame", [c / m["frames"] * 1000 for c, m in zip(cpu, many)], "ms")
dropped = [m["framesDropped"] for m in many]
width = max(len(r[0]) for r in rows)
print(f"{'measure'.ljust(width)}  median      rounds                 target      ")
for name, value, values, target, verdict in rows:
    print(f"{name.ljust(width)}  {value.ljust(10)}  {values.ljust(22)} {target.ljust(11)} {verdict}")
print(f"{sessions} sessions: frames dropped: " + " / ".join(str(d) for d in dropped))
PY
