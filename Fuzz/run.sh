#!/usr/bin/env bash
# Builds and runs the libFuzzer targets one after another, SECONDS each (default 600), then
# prints and writes a report: per target the executions, executions per second, coverage
# (libFuzzer's final cov and ft) and whether it ran clean.
#
#   Fuzz/run.sh [seconds]                       # every target
#   FUZZ_TARGETS="png inkml" Fuzz/run.sh 120    # only these
#   FUZZ_FLAGS="-rss_limit_mb=4096" Fuzz/run.sh  # extra libFuzzer flags (later ones win)
#
# Seeds: Fuzz/corpus/<target>/ (committed) plus the example files listed below; the growing
# corpus is kept in .build/fuzz/corpus/<target>/. A crashing input is written to
# Fuzz/crashes/<target>/ and the script goes on with the next target, then exits 1.
# Logs: .build/fuzz/logs/<target>.log; report: .build/fuzz/report.txt.
set -uo pipefail
cd "$(dirname "$0")/.."
. Fuzz/common.sh

seconds="${1:-600}"
if [ -n "${FUZZ_TARGETS:-}" ]; then read -ra targets <<<"$FUZZ_TARGETS"; else mapfile -t targets < <(fuzz_all_targets); fi
Fuzz/build.sh "${targets[@]}" || exit 2

# The example files each target starts from, besides its committed Fuzz/corpus/<target>/.
seeds() {
    case "$1" in
        stroke-json|pipeline) ls Strokes/*.json Strokes/hostile/* ;;
        pointer-events) ls Strokes/interchange/pointer-events-* Strokes/hostile/* ;;
        inkml) ls Strokes/interchange/*.inkml ;;
        quickdraw) ls Strokes/interchange/quickdraw-* ;;
        excalidraw) ls Strokes/interchange/*.excalidraw Strokes/interchange/*.excalidraw.md Strokes/hostile/* ;;
        tldraw) ls Strokes/interchange/tldraw-* ;;
        freehand) ls Strokes/interchange/freehand-* Strokes/hostile/* ;;
        detect) ls Strokes/*.json Strokes/interchange/* Strokes/hostile/* ;;
        png) ls Tests/InklingGuidanceTests/Golden/*.png Fuzz/corpus/recipe/*.png ;;
        jpeg) ls Tests/InklingImageIOTests/Fixtures/*.jpg ;;
    esac
}
# The dictionary each target uses, if any.
dictionary() {
    case "$1" in
        http) echo Fuzz/dict/http.dict ;;
        redis-url) echo Fuzz/dict/redis-url.dict ;;
        packed-drawing) ;;
        inkml) echo Fuzz/dict/xml.dict ;;
        png|jpeg) ;;
        *) echo Fuzz/dict/json.dict ;;
    esac
}

export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export SWIFT_BACKTRACE=enable=no
mkdir -p "$fuzz_scratch/logs"
report="$fuzz_scratch/report.txt"
rows=()
failed=0
for target in "${targets[@]}"; do
    if ! fuzz_buildable "$target" 2>/dev/null; then
        rows+=("$(printf '%-15s %12s %9s %7s %8s  %s' "$target" - - - - "skipped (not buildable on this checkout)")")
        continue
    fi
    work="$fuzz_scratch/corpus/$target"
    crashes="Fuzz/crashes/$target"
    log="$fuzz_scratch/logs/$target.log"
    mkdir -p "$work" "$crashes"
    for seed in $(seeds "$target"); do [ -f "$seed" ] && cp -f "$seed" "$work/seed-$(basename "$seed")"; done
    [ -d "Fuzz/corpus/$target" ] && cp -f Fuzz/corpus/"$target"/* "$work/" 2>/dev/null
    dict=(); d="$(dictionary "$target")"; [ -n "$d" ] && dict=(-dict="$d")
    echo "fuzzing $target for ${seconds}s (log $log)"
    "$fuzz_scratch/release/fuzz-$target" "$work" "${dict[@]}" \
        -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 ${FUZZ_FLAGS:-} >"$log" 2>&1
    status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    if [ "$status" -eq 0 ] && [ -z "$execs" ]; then
        # libFuzzer never started (a target without its @main, say): nothing was tested.
        failed=1
        verdict="DID NOT RUN (no libFuzzer statistics in the log)"
    elif [ "$status" -eq 0 ]; then
        verdict=clean
    else
        failed=1
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        # The most telling line: a property, a Swift trap, a sanitizer report, else libFuzzer's own.
        reason=""
        for pattern in 'fuzz property violated: .\{0,100\}' 'Swift runtime failure: [^/]*' 'Fatal error: .\{0,100\}' \
                       'ERROR: AddressSanitizer: [a-z-]*' 'ERROR: LeakSanitizer: [a-z ]*' 'ERROR: libFuzzer: [a-z -]*'; do
            reason=$(grep -m1 -o "$pattern" "$log" | head -1)
            [ -n "$reason" ] && break
        done
        verdict="CRASH ${reason:-exit $status} -> ${artifact:-no input saved}"
    fi
    rows+=("$(printf '%-15s %12s %9s %7s %8s  %s' "$target" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$verdict")")
done

{
    echo "fuzz report $(date -u +%Y-%m-%dT%H:%M:%SZ), ${seconds}s per target"
    printf '%-15s %12s %9s %7s %8s  %s\n' target execs exec/s cov ft result
    printf '%s\n' "${rows[@]}"
} | tee "$report"
echo "report written to $report"
exit "$failed"
