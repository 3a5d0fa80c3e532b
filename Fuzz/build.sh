#!/usr/bin/env bash
# Builds the libFuzzer harness for the stroke JSON codec: Fuzz/inkling-fuzz.
# SwiftPM cannot build it (libFuzzer provides `main`), so swiftc compiles the InklingStrokes
# sources directly with the harness, against the CJSONC module map.
set -euo pipefail
cd "$(dirname "$0")/.."

out=Fuzz/inkling-fuzz
mapfile -t sources < <(find Sources/InklingStrokes -name '*.swift' | sort)
jsonc_cflags=()
for flag in $(pkg-config --cflags json-c); do jsonc_cflags+=(-Xcc "$flag"); done

# ld.gold warns once per ASan helper symbol ("Cannot export local symbol"); hide only those.
swiftc -sanitize=fuzzer,address -parse-as-library -O \
    -module-name InklingFuzz \
    -I Sources/CJSONC "${jsonc_cflags[@]}" \
    "${sources[@]}" Fuzz/FuzzStrokeJSON.swift \
    $(pkg-config --libs json-c) \
    -o "$out" \
    2> >(grep -v "Cannot export local symbol" >&2)
echo "built $out"
