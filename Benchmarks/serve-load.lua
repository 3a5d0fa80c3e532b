-- wrk script for Benchmarks/serve-load.sh: POSTs the file named by $BODY with a JSON content
-- type, and counts the responses that were not 200 (wrk itself counts socket errors).
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"

local threads = {}
function setup(thread) table.insert(threads, thread) end
function init() not200 = 0 end
function response(status) if status ~= 200 then not200 = not200 + 1 end end
function done(summary, latency, requests)
  local bad = 0
  for _, t in ipairs(threads) do bad = bad + t:get("not200") end
  io.write(string.format("RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d max_us=%d non200=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max, bad,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
end
