#!/usr/bin/env bash
# Cluster benchmark (issue 15): jobs/s with 1, 2, 4, 8 and 16 workers on engines that sleep a
# fixed time (target >= 90% of linear), and the per-job overhead of the cluster path over
# single-process mode (target <= 2 ms median, p99 <= 10 ms). Builds release binaries, starts its
# own redis-server, fakes, workers and front ends on loopback; see Benchmarks/README.md.
#
# Environment: INKLING_BENCH_SCRATCH (SwiftPM scratch path, default .build); CLUSTER_WORKERS
# (default 1,2,4,8,16); ENGINE_SECONDS (default 1); JOBS_PER_WORKER (default 12).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$(dirname "$here")"
scratch="${INKLING_BENCH_SCRATCH:-.build}"
command -v redis-server >/dev/null || scripts/install-deps
swift build -c release --product inkling --scratch-path "$scratch" >&2
swift build -c release --product inkling-fake-engines --scratch-path "$scratch" >&2
bin_dir="$(swift build -c release --product inkling --scratch-path "$scratch" --show-bin-path)"
python3 "$here/gen_serve_drawing.py" "$here/out" >&2
exec python3 "$here/cluster_load.py" "$bin_dir" --workers "${CLUSTER_WORKERS:-1,2,4,8,16}" \
    --engine-seconds "${ENGINE_SECONDS:-1}" --jobs-per-worker "${JOBS_PER_WORKER:-12}"
