#!/usr/bin/env bash
# Builds and runs the stroke JSON fuzzer for SECONDS (default 60), seeded with the example
# drawings and the hostile corpus. Exits non-zero when libFuzzer finds a crash; the crashing
# input is left as Fuzz/crash-<sha1>.
#
#   Fuzz/run.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
Fuzz/build.sh

work=Fuzz/corpus-work
mkdir -p "$work"
for seed in Strokes/*.json Strokes/hostile/*; do
    [ -f "$seed" ] || continue
    # libFuzzer's -max_len cuts longer seeds; keep them anyway, their prefixes are useful.
    cp -f "$seed" "$work/seed-$(basename "$seed")"
done

export ASAN_OPTIONS="symbolize=0:detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export SWIFT_BACKTRACE=enable=no
exec Fuzz/inkling-fuzz "$work" \
    -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix=Fuzz/ -print_final_stats=1
