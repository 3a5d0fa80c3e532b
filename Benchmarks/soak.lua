-- wrk script for Benchmarks/soak.sh: POSTs the drawing in $BODY to /v1/guidance, one request in
-- ten with a malformed body (cut JSON, wrong types, binary bytes, an unknown format name), and
-- counts the answers by class: 200, 4xx, 503 and other 5xx.
local f = assert(io.open(os.getenv("BODY"), "rb"))
local good = f:read("*a")
f:close()
local bad = {
  string.sub(good, 1, math.floor(#good / 2)),
  '{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":"a","y":1}]}]}',
  '\0\1\2\3\255\254 not a drawing',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  '{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":1e308,"y":-1e308,"width":1e17}]}]}',
}
local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local threads = {}
function setup(thread) table.insert(threads, thread) end
function init() ok = 0; client = 0; unavailable = 0; server = 0 end
function request()
  n = n + 1
  if n % 10 == 0 then
    return wrk.format(nil, nil, nil, bad[(n / 10) % #bad + 1])
  end
  return wrk.format(nil, nil, nil, good)
end
function response(status)
  if status == 200 then ok = ok + 1
  elseif status == 503 then unavailable = unavailable + 1
  elseif status >= 500 then server = server + 1
  else client = client + 1 end
end
function done(summary, latency, requests)
  local t = {ok = 0, client = 0, unavailable = 0, server = 0}
  for _, th in ipairs(threads) do
    for k, _ in pairs(t) do t[k] = t[k] + th:get(k) end
  end
  io.write(string.format("RESULT requests=%d ok=%d client=%d unavailable=%d server=%d p99_us=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, t.ok, t.client, t.unavailable, t.server, latency:percentile(99),
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
end
