# Shared by Fuzz/build.sh and Fuzz/run.sh (sourced, from the repository root).

# The scratch folder of the sanitized build, the binaries and the working corpora.
fuzz_scratch=.build/fuzz

# Every fuzz target: each folder of Fuzz/ whose Swift code exports LLVMFuzzerTestOneInput.
fuzz_all_targets() {
    grep -l '@_cdecl("LLVMFuzzerTestOneInput")' Fuzz/*/*.swift | xargs -n1 dirname | xargs -n1 basename | sort -u
}

# Succeeds when target $1 can be built on this checkout; otherwise prints why on stderr.
fuzz_buildable() {
    if [ "$1" = http ] && ! grep -rqs 'RawHTTPExchange' Sources/InklingServer; then
        echo "skipping fuzz-http: InklingServer has no @_spi(Fuzzing) RawHTTPExchange.respond(to:) on this checkout (it builds once that API is merged)" >&2
        return 1
    fi
    [ -d "Fuzz/$1" ] || { echo "no fuzz target '$1' (targets: $(fuzz_all_targets | tr '\n' ' '))" >&2; return 1; }
}
