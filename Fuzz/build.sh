#!/usr/bin/env bash
# Builds libFuzzer targets with AddressSanitizer through SwiftPM: the products fuzz-<target>
# that Package.swift declares when INKLING_FUZZ is set, in .build/fuzz (incremental).
#
#   Fuzz/build.sh [target ...]     # default: every target in Fuzz/
#
# Swift code gets -sanitize=fuzzer,address, C targets -fsanitize=fuzzer-no-link,address (system
# libraries stay uninstrumented). A target that cannot be built on this checkout (fuzz-http
# before RawHTTPExchange exists) is skipped with a message. Prints the paths of the binaries built.
set -euo pipefail
cd "$(dirname "$0")/.."
. Fuzz/common.sh

if [ $# -eq 0 ]; then mapfile -t targets < <(fuzz_all_targets); else targets=("$@"); fi
built=()
for target in "${targets[@]}"; do
    fuzz_buildable "$target" || continue
    # ld.gold warns once per ASan helper symbol ("Cannot export local symbol"); hide only those.
    INKLING_FUZZ=1 swift build -c release --scratch-path "$fuzz_scratch" \
        -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address \
        --product "fuzz-$target" \
        2> >(grep -v "Cannot export local symbol" >&2) | { grep -v "Cannot export local symbol" || true; }
    built+=("$fuzz_scratch/release/fuzz-$target")
done
for binary in "${built[@]}"; do echo "built $binary"; done
