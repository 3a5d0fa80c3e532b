# Sourced by the serving benchmarks: installs wrk and python3 when missing (apt-get on Debian,
# no standard input), or says what to install and exits 1. Needs `say` defined by the caller.
if ! command -v wrk >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        say "installing wrk and python3"
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq </dev/null
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends wrk python3 </dev/null >/dev/null
    else
        say "please install wrk and python3 (macOS: brew install wrk)"; exit 1
    fi
fi
