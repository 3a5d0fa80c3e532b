#!/usr/bin/env bash
# Soak test of `inkling serve`, bounded: SOAK_SECONDS (default 60) of wrk on POST /v1/guidance
# with one body in ten malformed (Benchmarks/soak.lua), while 600 slowloris connections from
# 127.0.0.1–12 send a header line every 8 s (reconnecting when cut), 1,000 idle connections stay
# open (reopened when closed), /healthz is probed every 100 ms and a generation is asked for every
# 2 s; then a burst of generations is started and the server gets SIGTERM. Checks, and prints:
#   - zero 5xx answers except the documented 503s (stopping, queue_full, storage_full);
#   - /healthz p99 <= 100 ms throughout, and every probe answered;
#   - RSS growth <= 10% from the end of the warm-up (10 s) to the end of the load;
#   - every generation client answered (200, or 503 with a documented code);
#   - the server exits 0 after SIGTERM, and leaves no temporary files.
# Exit status 0 when every bound holds, 1 when one is missed (the figures say which).
#
# Environment: SOAK_SECONDS, SOAK_CONNECTIONS (wrk connections, default 8), SOAK_PARTS (which of
# the slow and idle clients run, default "slow,idle"; for finding where memory goes), SOAK_BIN (an inkling
# binary to use instead of building the release one), INKLING_BENCH_SCRATCH (SwiftPM scratch path).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$(dirname "$here")"
seconds="${SOAK_SECONDS:-60}"
connections="${SOAK_CONNECTIONS:-8}"
scratch="${INKLING_BENCH_SCRATCH:-.build}"
say() { echo "soak: $*" >&2; }

. "$here/require-wrk.sh"

bin="${SOAK_BIN:-}"
if [ -z "$bin" ]; then
    say "building inkling (release)"
    swift build -c release --product inkling --scratch-path "$scratch" >&2
    bin="$(swift build -c release --product inkling --scratch-path "$scratch" --show-bin-path)/inkling"
fi
out="$here/out"
python3 "$here/gen_serve_drawing.py" "$out" >/dev/null

work="$(mktemp -d "${TMPDIR:-/tmp}/inkling-soak.XXXXXX")"
mkdir -p "$work/tmp"
server=""
cleanup() {
    [ -n "$server" ] && kill -KILL "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
# The server's own temporary folder, to see that nothing is left in it.
TMPDIR="$work/tmp" "$bin" serve --host 127.0.0.1 --port 0 --rate 0 --drain 5 --max-generations 2 --queue 8 \
    >"$work/url" 2>"$work/log" </dev/null &
server=$!
for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
base="$(head -n 1 "$work/url")"
[ -n "$base" ] || { cat "$work/log" >&2; say "inkling serve did not start"; exit 1; }
port="${base##*:}"
say "serving $base (pid $server); ${seconds} s of load"

# Slow, idle and generation clients, the healthz probe, RSS samples and the SIGTERM, in Python.
python3 - "$port" "$server" "$seconds" "$work/clients.json" >"$work/clients.log" 2>&1 <<'PY' &
import json, os, selectors, signal, socket, sys, threading, time
port, pid, seconds, result_path = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
start = time.monotonic()
stop_load = start + seconds
results = {"healthz": [], "healthz_failures": 0, "generations": [], "rss": [], "slow_cut": 0, "idle_closed": 0}
lock = threading.Lock()
stopping = threading.Event()

def rss_kb():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0

def connect(source):
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    s.setblocking(False)
    return s

def slow_and_idle():
    sel = selectors.DefaultSelector()
    sockets = {}
    def open_one(kind, i):
        try:
            s = connect(f"127.0.0.{1 + i % 12}")
        except OSError:
            return
        if kind == "slow":
            try: s.send(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            except OSError: pass
        sockets[s] = (kind, i)
        sel.register(s, selectors.EVENT_READ)
    parts = os.environ.get("SOAK_PARTS", "slow,idle")
    if "slow" in parts:
        for i in range(600): open_one("slow", i)
    if "idle" in parts:
        for i in range(1000): open_one("idle", i)
    next_line = time.monotonic() + 8
    while time.monotonic() < stop_load:
        for key, _ in sel.select(timeout=0.5):
            s = key.fileobj
            kind, i = sockets.pop(s)
            sel.unregister(s)
            s.close()
            with lock:
                results["slow_cut" if kind == "slow" else "idle_closed"] += 1
            open_one(kind, i)
        if time.monotonic() >= next_line:
            for s, (kind, _) in list(sockets.items()):
                if kind == "slow":
                    try: s.send(b"X-Slow: 1\r\n")
                    except OSError: pass
            next_line += 8
    for s in sockets: s.close()

def request(method, path, body=b"", timeout=60):
    """One request on a new connection; (status, body) or (None, error)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {len(body)}\r\n\r\n"
        s.sendall(head.encode() + body)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk: break
            data += chunk
    finally:
        s.close()
    line, _, rest = data.partition(b"\r\n")
    parts = line.split()
    if len(parts) < 2: return None, data[:80]
    return int(parts[1]), rest.partition(b"\r\n\r\n")[2]

def probe():
    while time.monotonic() < stop_load:
        asked = time.monotonic()
        try:
            status, _ = request("GET", "/healthz", timeout=5)
            ok = status == 200
        except OSError:
            ok = False
        took = time.monotonic() - asked
        with lock:
            results["healthz"].append(took)
            if not ok: results["healthz_failures"] += 1
        time.sleep(max(0, 0.1 - took))

generation = json.dumps({"prompt": "a red kite over the sea", "limit": 1, "options": {"size": "512x512"}}).encode()
burst = json.dumps({"prompt": "a lighthouse at dusk", "limit": 4, "options": {"size": "1024x1024"}}).encode()
def generate(body):
    try:
        status, answer = request("POST", "/v1/generations", body, timeout=60)
        code = None
        if status and status >= 400:
            try: code = json.loads(answer)["error"]["code"]
            except Exception: code = "unparsable"
        entry = {"status": status, "code": code}
        if status == 200:
            # Download the images, as a client does (undownloaded ones would sit in memory for
            # --image-ttl and read as growth).
            for image in json.loads(answer).get("images", []):
                try:
                    got, _ = request("GET", image["url"], timeout=30)
                except OSError as error:
                    got = str(error)
                # After SIGTERM the port is closed: images finished during the drain cannot be
                # fetched on a new connection (documented), so only earlier failures count.
                if got != 200 and not stopping.is_set(): entry["download"] = got
    except OSError as error:
        entry = {"status": None, "code": str(error)}
    with lock:
        results["generations"].append(entry)

def generations(threads):
    while time.monotonic() < stop_load:
        t = threading.Thread(target=generate, args=(generation,)); t.start(); threads.append(t)
        time.sleep(2)

def sample_rss():
    while time.monotonic() < stop_load:
        with lock: results["rss"].append((time.monotonic() - start, rss_kb()))
        time.sleep(1)

gen_threads = []
workers = [threading.Thread(target=f) for f in (slow_and_idle, probe, sample_rss)]
workers.append(threading.Thread(target=generations, args=(gen_threads,)))
for w in workers: w.start()
for w in workers: w.join()
results["rss"].append((time.monotonic() - start, rss_kb()))
# Generations in flight when the stop comes: they must be answered too.
for _ in range(6):
    t = threading.Thread(target=generate, args=(burst,)); t.start(); gen_threads.append(t)
time.sleep(0.5)
stopping.set()
os.kill(pid, signal.SIGTERM)
results["sigterm_at"] = time.monotonic() - start
for t in gen_threads: t.join(timeout=60)
results["unanswered_threads"] = sum(t.is_alive() for t in gen_threads)
with open(result_path, "w") as f: json.dump(results, f)
PY
clients=$!

sleep 1
BODY="$out/serve-2k.json" timeout $((seconds + 30)) wrk -t2 -c"$connections" -d"$((seconds - 1))"s --timeout 10s \
    -s "$here/soak.lua" "$base/v1/guidance?width=512&height=512" >"$work/wrk.txt" 2>&1 || true
wait "$clients" || { cat "$work/clients.log" >&2; say "the client script failed"; exit 1; }
exit_status=0
for _ in $(seq 1 300); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$server" 2>/dev/null; then
    say "inkling serve did not exit within 30 s of SIGTERM"; exit_status=1
    kill -KILL "$server" 2>/dev/null || true
fi
wait "$server"; server_status=$?
server=""
left="$(find "$work/tmp" -mindepth 1 | wc -l)"

python3 - "$work/clients.json" "$work/wrk.txt" "$server_status" "$left" <<'PY' || exit_status=1
import json, sys
r = json.load(open(sys.argv[1]))
wrk_line = next((l for l in open(sys.argv[2]) if l.startswith("RESULT")), None)
server_status, left = int(sys.argv[3]), int(sys.argv[4])
w = dict(kv.split("=") for kv in wrk_line.split()[1:]) if wrk_line else {}
w = {k: int(v) for k, v in w.items()}
lat = sorted(r["healthz"])
p = lambda q: lat[min(len(lat) - 1, int(len(lat) * q))] * 1000 if lat else float("inf")
rss = [kb for t, kb in r["rss"]]
warm = next((kb for t, kb in r["rss"] if t >= 10), rss[0] if rss else 0)
growth = (rss[-1] - warm) / warm * 100 if warm else float("inf")
documented = {"stopping", "queue_full", "storage_full"}
gens = r["generations"]
gen_bad = [g for g in gens if not ((g["status"] == 200 and "download" not in g) or (g["status"] == 503 and g["code"] in documented))]
statuses = {}
for g in gens: statuses[f'{g["status"]} {g["code"] or ""}'.strip()] = statuses.get(f'{g["status"]} {g["code"] or ""}'.strip(), 0) + 1
socket_errors = sum(w.get(k, 0) for k in ("connect", "read", "write", "timeout"))
checks = [
    ("wrk on /v1/guidance: no 5xx but documented 503s", w.get("server", 1) == 0,
     f'{w.get("requests", 0)} requests: {w.get("ok", 0)} 200, {w.get("client", 0)} 4xx, {w.get("unavailable", 0)} 503, {w.get("server", "?")} other 5xx, {socket_errors} socket errors, p99 {w.get("p99_us", 0) / 1000:.1f} ms'),
    ("wrk: every request answered", socket_errors == 0, f"{socket_errors} socket errors"),
    ("/healthz p99 <= 100 ms, every probe answered", p(0.99) <= 100 and r["healthz_failures"] == 0,
     f'{len(lat)} probes, p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max {lat[-1] * 1000 if lat else 0:.1f} ms, {r["healthz_failures"]} failed'),
    ("RSS growth <= 10% after warm-up", growth <= 10, f"{warm / 1024:.1f} MB at 10 s -> {rss[-1] / 1024:.1f} MB at the end ({growth:+.1f}%), peak {max(rss) / 1024:.1f} MB"),
    ("every generation client answered (200 or documented 503)", not gen_bad and r["unanswered_threads"] == 0,
     f'{len(gens)} generations: {statuses}; {r["unanswered_threads"]} unanswered'),
    ("exit 0 after SIGTERM", server_status == 0, f"exit status {server_status}"),
    ("no temporary files left", left == 0, f"{left} entries left in the server's TMPDIR"),
]
print(f'slow connections cut by the head deadline: {r["slow_cut"]}, idle connections closed: {r["idle_closed"]}')
print("RSS (MB) every 5 s: " + " ".join(f"{kb / 1024:.0f}" for t, kb in r["rss"][::5]))
failed = 0
for name, ok, figures in checks:
    print(f'{"PASS" if ok else "MISS"}  {name}: {figures}')
    failed += not ok
sys.exit(1 if failed else 0)
PY
exit "$exit_status"
