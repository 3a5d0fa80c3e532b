#!/usr/bin/env python3
"""Cluster benchmark: scaling of jobs/s with workers, and the per-job overhead of the cluster path.

Started by Benchmarks/cluster-load.sh (which builds the release binaries first):

    cluster_load.py BIN_DIR [--workers 1,2,4,8,16] [--engine-seconds 1] [--jobs-per-worker 8]
                            [--overhead-requests 200]

Scaling: one redis-server, one front end (`inkling serve --cluster`), and W workers, each bound to
its own fake sd-server (`inkling-fake-engines`, INKLING_FAKE_SD_SECONDS=T: every image takes T
seconds, one at a time, as one GPU would). W x jobs-per-worker jobs of one image are submitted
with `Prefer: respond-async`; jobs/s is the jobs over the time from the first submission to the
last job's end (read from Redis). Linear scaling is W times the one-worker rate; the target is
>= 90% of it up to 16 workers. Beside it, the share of the engines' own bound (W / T).

Overhead: the same one-image request (a 2,000-point drawing, then a 150-point one; built-in
engine, 256x256), sent one at a time and answered synchronously, to `inkling serve` alone and to
`inkling serve --cluster` with one built-in worker, alternating; the overhead is the cluster's
median (and p99) latency minus single-process mode's, with the median of the paired differences
beside it. Target: <= 2 ms median, p99 <= 10 ms on loopback.
"""
import argparse, http.client, json, os, shutil, socket, statistics, subprocess, sys, tempfile, time

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

class Redis:
    """A redis-server on a free port, and a minimal RESP client."""
    def __init__(self, work):
        self.port = free_port()
        self.process = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no", "--dir", work, "--daemonize", "no", "--logfile", os.path.join(work, "redis.log")])
        for _ in range(200):
            try:
                self.sock = socket.create_connection(("127.0.0.1", self.port))
                break
            except OSError:
                time.sleep(0.05)
        self.file = self.sock.makefile("rb")

    def call(self, *args):
        out = b"*%d\r\n" % len(args)
        for a in args:
            a = a if isinstance(a, bytes) else str(a).encode()
            out += b"$%d\r\n%s\r\n" % (len(a), a)
        self.sock.sendall(out)
        return self.read()

    def read(self):
        line = self.file.readline()
        kind, rest = line[:1], line[1:-2]
        if kind == b"+": return rest.decode()
        if kind == b"-": raise RuntimeError(rest.decode())
        if kind == b":": return int(rest)
        if kind == b"$":
            n = int(rest)
            if n < 0: return None
            data = self.file.read(n + 2)[:-2]
            return data.decode(errors="replace")
        if kind == b"*":
            n = int(rest)
            return None if n < 0 else [self.read() for _ in range(n)]
        raise RuntimeError(f"unexpected reply {line!r}")

    @property
    def url(self): return f"redis://127.0.0.1:{self.port}"

    def stop(self):
        self.process.kill()
        self.process.wait()

class Members:
    """Child processes, killed at the end."""
    def __init__(self, bin_dir, work):
        self.bin_dir, self.work, self.children = bin_dir, work, []

    def start(self, name, args, env=None, first_line=False):
        log = open(os.path.join(self.work, f"{name}-{len(self.children)}.log"), "w")
        child = subprocess.Popen([os.path.join(self.bin_dir, name)] + args, stdout=subprocess.PIPE, stderr=log,
                                 stdin=subprocess.DEVNULL, env={**os.environ, **(env or {})})
        self.children.append(child)
        return child.stdout.readline().decode().strip() if first_line else child

    def stop_all(self):
        for child in self.children:
            child.terminate()
        for child in self.children:
            try:
                child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                child.kill()
        self.children = []

def post(url, path, body, headers=None):
    host, port = url.split("//")[1].split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=120)
    connection.request("POST", path, body=body, headers=headers or {})
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, data

def wait_for_workers(redis, count, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        if (redis.call("ZCOUNT", "inkling:workers", time.time() - 5, "+inf") or 0) >= count:
            return
        time.sleep(0.05)
    raise SystemExit(f"cluster-load: only {redis.call('ZCARD', 'inkling:workers')} of {count} workers joined")

def finish(work):
    """Removes a run's folder once its members have stopped; after a failure it is kept, and said."""
    if sys.exc_info()[0] is None:
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"cluster-load: the members' logs are kept in {work}", file=sys.stderr)

def scaling(args, bin_dir, drawing):
    rows = []
    for workers in args.workers:
        work = tempfile.mkdtemp(prefix="inkling-cluster-bench-")
        redis = Redis(work)
        members = Members(bin_dir, work)
        try:
            for i in range(workers):
                config = os.path.join(work, f"engines-{i}.json")
                members.start("inkling-fake-engines", [config, "3600"], env={"INKLING_FAKE_SD_SECONDS": str(args.engine_seconds)}, first_line=True)
                members.start("inkling", ["worker", "--cluster", redis.url, "--engine", "sdcpp", "--config", config, "--heartbeat", "0.5"])
            front = members.start("inkling", ["serve", "--cluster", redis.url, "--port", "0", "--rate", "0", "--heartbeat", "0.5",
                                              "--cluster-queue", "100000"], first_line=True)
            wait_for_workers(redis, workers)
            jobs = workers * args.jobs_per_worker
            body = json.dumps({"prompt": "a cosy house", "style": "illustration", "limit": 1,
                               "options": {"size": "512x512"}}).encode()[:-1] + b',"drawing":' + drawing + b"}"
            start = time.time()
            ids = []
            for _ in range(jobs):
                status, data = post(front, "/v1/generations", body, {"Prefer": "respond-async", "Content-Type": "application/json"})
                if status != 202:
                    raise SystemExit(f"cluster-load: submit answered {status}: {data[:300]!r}")
                ids.append(json.loads(data)["id"])
            submitted = time.time() - start
            last_end = None
            deadline = time.time() + jobs * args.engine_seconds + 300
            while time.time() < deadline:
                states = [redis.call("HMGET", f"inkling:job:{i}", "state", "ended") for i in ids]
                if all(s[0] in ("succeeded", "failed", "cancelled") for s in states):
                    failed = sum(1 for s in states if s[0] != "succeeded")
                    last_end = max(int(s[1]) for s in states) / 1000
                    break
                time.sleep(0.05)
            if last_end is None:
                raise SystemExit("cluster-load: jobs did not finish")
            seconds = last_end - start
            rate = jobs / seconds
            ideal = workers / args.engine_seconds
            linear = rows[0]["rate"] * workers / rows[0]["workers"] if rows else rate
            rows.append(dict(workers=workers, jobs=jobs, seconds=seconds, rate=rate, ideal=ideal, share=rate / linear,
                             failed=failed, submit_s=submitted))
            print(f"  {workers:2d} workers: {jobs:4d} jobs in {seconds:6.2f} s = {rate:6.2f} jobs/s; linear {linear:6.2f}: "
                  f"{100 * rate / linear:5.1f}%; engines' bound {ideal:6.2f}: {100 * rate / ideal:5.1f}%  "
                  f"({failed} failed; submitting took {submitted:.2f} s)", flush=True)
        finally:
            members.stop_all()
            redis.stop()
            finish(work)
    return rows

def overhead(args, bin_dir, drawing):
    """Median and p99 latency of single-process and cluster answers, and their differences."""
    work = tempfile.mkdtemp(prefix="inkling-cluster-overhead-")
    redis = Redis(work)
    members = Members(bin_dir, work)
    try:
        single = members.start("inkling", ["serve", "--port", "0", "--rate", "0"], first_line=True)
        members.start("inkling", ["worker", "--cluster", redis.url, "--engine", "builtin"])
        cluster = members.start("inkling", ["serve", "--cluster", redis.url, "--port", "0", "--rate", "0"], first_line=True)
        wait_for_workers(redis, 1)
        body = json.dumps({"prompt": "a cosy house", "style": "sketch", "limit": 1,
                           "options": {"size": args.size, "seed": 7}}).encode()[:-1] + b',"drawing":' + drawing + b"}"
        times = {"single": [], "cluster": []}
        for i in range(args.overhead_requests + 5):
            for name, url in (("single", single), ("cluster", cluster)) if i % 2 == 0 else (("cluster", cluster), ("single", single)):
                start = time.perf_counter()
                status, data = post(url, "/v1/generations", body, {"Content-Type": "application/json"})
                elapsed = time.perf_counter() - start
                if status != 200:
                    raise SystemExit(f"cluster-load: {name} answered {status}: {data[:300]!r}")
                if i >= 5:
                    times[name].append(elapsed * 1000)
        def p99(values): return sorted(values)[min(len(values) - 1, int(round(0.99 * (len(values) - 1))))]
        s, c = times["single"], times["cluster"]
        result = dict(single_median=statistics.median(s), cluster_median=statistics.median(c), single_p99=p99(s), cluster_p99=p99(c))
        result["median"] = result["cluster_median"] - result["single_median"]
        # Each cluster request beside the single-process one sent next to it (the order alternates):
        # the same request both ways a moment apart, so the machine's slower minutes cancel out.
        result["paired_median"] = statistics.median(c_i - s_i for s_i, c_i in zip(s, c))
        result["p99"] = result["cluster_p99"] - result["single_p99"]
        return result
    finally:
        members.stop_all()
        redis.stop()
        finish(work)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin_dir")
    parser.add_argument("--workers", default="1,2,4,8,16", type=lambda s: [int(x) for x in s.split(",")])
    parser.add_argument("--engine-seconds", default=1.0, type=float)
    parser.add_argument("--jobs-per-worker", default=12, type=int)
    parser.add_argument("--overhead-requests", default=200, type=int)
    parser.add_argument("--size", default="256x256", help="the image size the overhead requests ask for")
    parser.add_argument("--drawing", default=os.path.join(os.path.dirname(__file__), "out", "serve-2k.json"))
    args = parser.parse_args()
    drawing = open(args.drawing, "rb").read()
    cores = os.cpu_count()
    print(f"inkling cluster benchmark, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cores} cores, "
          f"redis {subprocess.run(['redis-server', '--version'], capture_output=True, text=True).stdout.split()[2].removeprefix('v=')}")
    print(f"scaling: fake sd-server engines of {args.engine_seconds:g} s per image, one per worker, "
          f"{args.jobs_per_worker} one-image jobs per worker, 2,000-point drawing")
    rows = scaling(args, args.bin_dir, drawing)
    worst = min(r["share"] for r in rows)
    print(f"  {'PASS' if worst >= 0.9 else 'MISS'}  >= 90% of linear (the 1-worker rate x workers) up to {rows[-1]['workers']} workers: worst {100 * worst:.1f}%")
    small = json.dumps({"format": "inkling.drawing", "version": 1, "canvas": {"width": 800, "height": 600}, "strokes": [
        {"ink": {"type": "pen"}, "points": [{"x": 100 + 3 * i + 40 * k, "y": 100 + 2 * i, "timeOffset": 0.01 * i, "force": 0.5} for i in range(50)]}
        for k in range(3)]}).encode()
    for label, body in (("2,000-point drawing (115 KB)", drawing), ("150-point drawing (%d KB)" % (len(small) // 1024), small)):
        print(f"overhead, {label}: {args.overhead_requests} one-image requests each way, alternating, built-in engine ({args.size})")
        o = overhead(args, args.bin_dir, body)
        print(f"  single process: median {o['single_median']:.2f} ms, p99 {o['single_p99']:.2f} ms; cluster: median {o['cluster_median']:.2f} ms, p99 {o['cluster_p99']:.2f} ms")
        print(f"  {'PASS' if o['median'] <= 2 else 'MISS'}  cluster overhead <= 2 ms median: {o['median']:.2f} ms (median of the paired differences: {o['paired_median']:.2f} ms)")
        print(f"  {'PASS' if o['p99'] <= 10 else 'MISS'}  cluster overhead p99 <= 10 ms: {o['p99']:.2f} ms")

if __name__ == "__main__":
    main()
