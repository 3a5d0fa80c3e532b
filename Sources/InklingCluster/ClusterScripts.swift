import InklingRedis

/// The Lua scripts that change a job's state in one atomic step, so two front ends and any
/// number of workers never see (or make) a half-done transition.
///
/// Each script declares its flags (Redis 7): with Redis full (`maxmemory`, `noeviction`), one that
/// adds (queueing, starting, delivering, charging) is refused whole before it runs, never halfway,
/// and one that frees or keeps what exists (ending or cancelling a job, a heartbeat, handing a job
/// back, taking an image) runs anyway: a full Redis must not stop jobs from ending, workers from
/// being seen alive, or a job from staying with the live worker that holds it.
enum ClusterScripts {
    /// The first line of a script that is refused whole while Redis is full.
    static let adds = "#!lua\n"
    /// The first line of a script that runs while Redis is full (it frees memory, or writes a
    /// few bytes over what exists).
    static let keeps = "#!lua flags=allow-oom\n"

    /// Shared pieces: the time in milliseconds, dropping a job's inputs, ending a job.
    private static let prelude = """
    local function now_ms()
      local t = redis.call('TIME')
      return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
    end
    local function is_final(state)
      return state == 'succeeded' or state == 'failed' or state == 'cancelled'
    end
    -- Deletes what the client sent (the request and its images) from the job's hash.
    local function drop_inputs(job)
      local n = tonumber(redis.call('HGET', job, 'inputs') or '0') or 0
      redis.call('HDEL', job, 'spec', 'drawing', 'drawingAt', 'positions', 'inputs')
      for i = 0, n - 1 do redis.call('HDEL', job, 'input:' .. i) end
    end
    -- Forgets a client's images that have expired from its share (`stored`: image id → expiry
    -- ms, `bytes`: image id → bytes and `total`); returns the bytes its images still take.
    local function stored_total(stored, bytes)
      local now = now_ms()
      for _, id in ipairs(redis.call('ZRANGEBYSCORE', stored, '-inf', now)) do
        redis.call('HINCRBY', bytes, 'total', -(tonumber(redis.call('HGET', bytes, id) or '0') or 0))
        redis.call('HDEL', bytes, id)
      end
      redis.call('ZREMRANGEBYSCORE', stored, '-inf', now)
      return tonumber(redis.call('HGET', bytes, 'total') or '0') or 0
    end
    -- The `done` event of a job whose images hash is `images`: it counts every variation
    -- delivered, whichever attempt delivered it.
    local function done_event(images)
      return '{"type":"done","count":' .. redis.call('HLEN', images) .. '}'
    end
    -- Ends a job that has not ended: its state, its last event, its inputs gone, every key of it
    -- kept only for the image TTL, the drain-rate counter.
    local function end_job(job, events, images, queue, id, state, event, err, ttl, counter)
      redis.call('HSET', job, 'state', state, 'ended', now_ms())
      if err ~= '' then redis.call('HSET', job, 'error', err) end
      drop_inputs(job)
      redis.call('DEL', job .. ':waiting')
      local inflight = redis.call('HGET', job, 'inflight')
      if inflight then redis.call('ZREM', inflight, id) end
      redis.call('XADD', events, '*', 'e', event)
      redis.call('ZREM', queue, id)
      redis.call('EXPIRE', job, ttl)
      redis.call('EXPIRE', events, ttl)
      redis.call('EXPIRE', images, ttl)
      redis.call('INCR', counter)
      redis.call('EXPIRE', counter, 120)
    end

    -- Starts a job a worker claimed (new or reclaimed). K: job, queue, events, images,
    -- deadletter, finished counter. A: id, worker, max attempts, entry id, dead-letter length,
    -- failed event JSON, error JSON, engine, visibility timeout (s). Returns `skip <why>`, or
    -- `run <attempt>`.
    local function start_job(K, A)
      local state = redis.call('HGET', K[1], 'state')
      if not state then
        redis.call('ZREM', K[2], A[1])
        return 'skip gone'
      end
      if is_final(state) then return 'skip ' .. state end
      local ttl = tonumber(redis.call('HGET', K[1], 'ttl') or '300') or 300
      -- Cancelled while its worker was gone: it ends here rather than running again.
      if redis.call('HEXISTS', K[1], 'cancel') == 1 then
        end_job(K[1], K[3], K[4], K[2], A[1], 'cancelled', redis.call('HGET', K[1], 'cancelEvent') or '{"type":"cancelled"}',
                redis.call('HGET', K[1], 'cancelError') or '', ttl, K[6])
        return 'skip cancelled'
      end
      local attempts = redis.call('HINCRBY', K[1], 'attempts', 1)
      if attempts > tonumber(A[3]) then
        end_job(K[1], K[3], K[4], K[2], A[1], 'failed', A[6], A[7], ttl, K[6])
        redis.call('XADD', K[5], 'MAXLEN', '~', A[5], '*', 'job', A[1], 'engine', A[8], 'lane', redis.call('HGET', K[1], 'lane') or 'batch',
                   'attempts', attempts - 1, 'worker', redis.call('HGET', K[1], 'worker') or '', 'at', now_ms())
        return 'skip exhausted'
      end
      redis.call('ZREM', K[2], A[1])
      redis.call('HSET', K[1], 'state', 'running', 'worker', A[2], 'entry', A[4], 'started', now_ms())
      redis.call('DEL', K[1] .. ':waiting')
      -- A running job lives until its remaining attempts could all have timed out (each after
      -- the visibility timeout), then the image TTL; it ends sooner, and then keeps the image TTL.
      local timeout = tonumber(redis.call('HGET', K[1], 'timeout') or '120') or 120
      local ttl = tonumber(redis.call('HGET', K[1], 'ttl') or '300') or 300
      local life = math.ceil((timeout + tonumber(A[9])) * (tonumber(A[3]) - attempts + 1) + ttl + 60)
      redis.call('EXPIRE', K[1], life)
      redis.call('EXPIRE', K[3], life)
      -- Counted among its client's generations until it ends, or until its record would expire.
      local inflight = redis.call('HGET', K[1], 'inflight')
      if inflight then redis.call('ZADD', inflight, 'XX', now_ms() + life * 1000, A[1]) end
      return 'run ' .. attempts
    end

    """

    /// Queues a job unless the queue is full, or its client has as many generations queued or
    /// running as its key allows. KEYS: queue, job, stream, events, epoch, the job's waiting note,
    /// clock, the client's generations (a sorted set: job id → when it would expire, ms), the
    /// client's stored images and their bytes. ARGV: id, queue limit, the longest wait in the
    /// queue (s), the epoch the id was made under, the waiting note (owner digest or '', `:`,
    /// images asked for), its lifetime (s), the client's most generations at once (0: no limit,
    /// and the job is not counted), the client's share of the image store in bytes (0: none),
    /// then the job hash's field/value pairs. The job's inputs (its request,
    /// drawing and images) are already in its hash, written just before with its expiry (so that
    /// their bytes are not copied into Lua and back). Returns the id of the job's `queued` event
    /// (where a reader of its events goes on from) and the clock it raised; 0 when full, -1 when
    /// the inputs are missing, -2 when the epoch is another (Redis lost its data since the front
    /// end last looked), -3 when the client has its most generations, -4 when its images waiting
    /// for download fill its share of the image store, and then the job's hash is deleted. Ids of jobs that waited longer than that (expired
    /// unstarted) leave the queue first.
    static let enqueue = RedisScript(adds + prelude + """
    local now = now_ms()
    redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[3]) * 1000)
    if redis.call('GET', KEYS[5]) ~= ARGV[4] then
      redis.call('DEL', KEYS[2])
      return -2
    end
    if redis.call('HEXISTS', KEYS[2], 'spec') == 0 then
      redis.call('DEL', KEYS[2])
      return -1
    end
    if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
      redis.call('DEL', KEYS[2])
      return 0
    end
    if tonumber(ARGV[8]) > 0 and stored_total(KEYS[9], KEYS[10]) >= tonumber(ARGV[8]) then
      redis.call('DEL', KEYS[2])
      return -4
    end
    local most = tonumber(ARGV[7])
    if most > 0 then
      redis.call('ZREMRANGEBYSCORE', KEYS[8], '-inf', now)
      if redis.call('ZCARD', KEYS[8]) >= most then
        redis.call('DEL', KEYS[2])
        return -3
      end
      redis.call('ZADD', KEYS[8], now + tonumber(ARGV[3]) * 1000, ARGV[1])
      redis.call('EXPIRE', KEYS[8], 86400)
      redis.call('HSET', KEYS[2], 'inflight', KEYS[8])
    end
    local entry = redis.call('XADD', KEYS[3], '*', 'job', ARGV[1])
    redis.call('HSET', KEYS[2], 'state', 'queued', 'created', now, 'attempts', 0, 'entry', entry, unpack(ARGV, 9))
    redis.call('ZADD', KEYS[1], now, ARGV[1])
    local queued = redis.call('XADD', KEYS[4], '*', 'e', '{"type":"queued"}')
    redis.call('EXPIRE', KEYS[2], ARGV[3])
    redis.call('EXPIRE', KEYS[4], ARGV[3])
    redis.call('SET', KEYS[6], ARGV[5], 'EX', ARGV[6])
    return {queued, redis.call('INCR', KEYS[7])}
    """)

    /// A worker starts a job it claimed (new or reclaimed). KEYS: job, queue, events, images,
    /// deadletter, finished counter. ARGV: id, worker, max attempts, entry id, dead-letter length,
    /// failed event JSON, error JSON, engine, visibility timeout (s). Returns `skip <why>`, or
    /// `run <attempt>`; the worker reads the job's hash right after it in the same round trip
    /// (an `HGETALL` outside the script, so that the inputs' bytes are not copied out of Lua).
    static let start = RedisScript(adds + prelude + """
    return start_job(KEYS, ARGV)
    """)

    /// Starts the jobs a worker's claim (``claim``) has just taken, sent right behind it on the
    /// same connection: Redis runs it the moment the claim returns, so the worker learns its jobs
    /// and has them started and read in that one round trip. Those are the worker's pending
    /// entries, in the live stream then the batch stream, delivered once whose job is still
    /// `queued` (a reclaimed entry has been delivered more than once; its job is started by
    /// ``start``). KEYS: live stream, batch stream, queue, deadletter, finished counter. ARGV: key
    /// prefix, group, worker, max attempts, dead-letter length, failed event JSON, error JSON,
    /// engine, visibility timeout (s), how many pending entries to look at in each stream.
    /// Returns one `[stream (1 live, 2 batch), entry id, job id, start's verdict, the job's hash]`
    /// per job started. Both streams' pending lists are read before anything is written, so a
    /// missing group (NOGROUP) fails it whole. (The job's keys are made here from the prefix,
    /// which a Redis Cluster would refuse; Inkling's cluster runs on one Redis.)
    static let startClaimed = RedisScript(adds + prelude + """
    local pending = {}
    for s = 1, 2 do
      pending[s] = redis.call('XPENDING', KEYS[s], ARGV[2], '-', '+', tonumber(ARGV[10]), ARGV[3])
    end
    local started = {}
    for s = 1, 2 do
      for _, p in ipairs(pending[s]) do
        if tonumber(p[4]) == 1 then
          local found = redis.call('XRANGE', KEYS[s], p[1], p[1])
          local fields = found[1] and found[1][2] or {}
          local id
          for i = 1, #fields - 1, 2 do if fields[i] == 'job' then id = fields[i + 1] end end
          local job = id and (ARGV[1] .. 'job:' .. id)
          if job and redis.call('HGET', job, 'state') == 'queued' then
            local verdict = start_job({job, KEYS[3], job .. ':events', job .. ':images', KEYS[4], KEYS[5]},
                                      {id, ARGV[3], ARGV[4], p[1], ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9]})
            started[#started + 1] = {s, p[1], id, verdict, redis.call('HGETALL', job)}
          end
        end
      end
    end
    return started
    """)

    /// Delivers one image of a running job, once per variation whatever the attempt, and with
    /// the last image ends the job as succeeded in the same step (so its `image` and `done`
    /// events reach a reader together). The PNG is already stored under its key (a `SET … EX`
    /// sent just before, so that its bytes are not copied into Lua and back); it is deleted
    /// unless delivered (a delivery raises the clock). KEYS: images hash, image, image owner,
    /// events, job, queue, stream, finished counter, clock. ARGV: variation, image entry JSON,
    /// TTL (s), owner or '', event JSON, job id, entry id, `last` or '', the image id, its bytes,
    /// the key prefix.
    /// A delivered image counts against the share of the job's client (its `client` field). Returns 1 when delivered, 0 when it already was, -1
    /// (and does nothing else) when the job is not running.
    static let deliver = RedisScript(adds + prelude + """
    if redis.call('HGET', KEYS[5], 'state') ~= 'running' then
      redis.call('DEL', KEYS[2])
      return -1
    end
    local delivered = 0
    if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then
      if ARGV[4] ~= '' then redis.call('SET', KEYS[3], ARGV[4], 'EX', ARGV[3]) end
      redis.call('XADD', KEYS[4], '*', 'e', ARGV[5])
      redis.call('HINCRBY', KEYS[5], 'done', 1)
      redis.call('INCR', KEYS[9])
      local client = redis.call('HGET', KEYS[5], 'client')
      if client then
        local stored, bytes = ARGV[11] .. 'stored:' .. client, ARGV[11] .. 'stored:' .. client .. ':bytes'
        redis.call('ZADD', stored, now_ms() + tonumber(ARGV[3]) * 1000, ARGV[9])
        redis.call('HSET', bytes, ARGV[9], ARGV[10])
        redis.call('HINCRBY', bytes, 'total', ARGV[10])
        redis.call('EXPIRE', stored, tonumber(ARGV[3]) + 60)
        redis.call('EXPIRE', bytes, tonumber(ARGV[3]) + 60)
        redis.call('SET', KEYS[2] .. ':client', client, 'EX', ARGV[3])
      end
      local ttl = redis.call('TTL', KEYS[5])
      if ttl > 0 then redis.call('EXPIRE', KEYS[1], ttl) end
      delivered = 1
    else
      redis.call('DEL', KEYS[2])
    end
    if ARGV[8] == 'last' then
      local ttl = tonumber(redis.call('HGET', KEYS[5], 'ttl') or '300') or 300
      end_job(KEYS[5], KEYS[4], KEYS[1], KEYS[6], ARGV[6], 'succeeded', done_event(KEYS[1]), '', ttl, KEYS[8])
      redis.call('XACK', KEYS[7], 'workers', ARGV[7])
      redis.call('XDEL', KEYS[7], ARGV[7])
    end
    return delivered
    """)

    /// Ends a job (a worker's result, or a failure). KEYS: job, events, images, queue, stream,
    /// finished counter. ARGV: id, state, event JSON, error JSON or '', entry id or ''. Returns
    /// the state the job ended in (the earlier one if it had already ended, `gone` if expired).
    /// A `succeeded` end's event JSON is ignored: its `done` event counts the images delivered.
    static let finish = RedisScript(keeps + prelude + """
    local state = redis.call('HGET', KEYS[1], 'state')
    local result = state or 'gone'
    if state and not is_final(state) then
      local ttl = tonumber(redis.call('HGET', KEYS[1], 'ttl') or '300') or 300
      local event = ARGV[3]
      if ARGV[2] == 'succeeded' then event = done_event(KEYS[3]) end
      end_job(KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV[1], ARGV[2], event, ARGV[4], ttl, KEYS[6])
      result = ARGV[2]
    end
    if ARGV[5] ~= '' then
      redis.call('XACK', KEYS[5], 'workers', ARGV[5])
      redis.call('XDEL', KEYS[5], ARGV[5])
    end
    return result
    """)

    /// A worker's heartbeat for a job it runs: keeps its stream entry from being reclaimed, stores
    /// and announces new progress, and reads the job's cancel request. KEYS: stream, job, events.
    /// ARGV: entry id, worker, progress (0…1) or '' when unchanged. Returns `ok`, `lost` (another
    /// worker has it, or it ended) or `cancel <reason>`.
    static let heartbeat = RedisScript(keeps + """
    local pending = redis.call('XPENDING', KEYS[1], 'workers', ARGV[1], ARGV[1], 1)
    if #pending == 0 or pending[1][2] ~= ARGV[2] then return 'lost' end
    local state = redis.call('HGET', KEYS[2], 'state')
    if state ~= 'running' or redis.call('HGET', KEYS[2], 'worker') ~= ARGV[2] then return 'lost' end
    redis.call('XCLAIM', KEYS[1], 'workers', ARGV[2], 0, ARGV[1], 'JUSTID')
    if ARGV[3] ~= '' then
      redis.call('HSET', KEYS[2], 'progress', ARGV[3])
      redis.call('XADD', KEYS[3], '*', 'e', '{"type":"progress","progress":' .. tonumber(ARGV[3]) .. '}')
    end
    local cancel = redis.call('HGET', KEYS[2], 'cancel')
    if cancel then return 'cancel ' .. cancel end
    return 'ok'
    """)

    /// Keeps a claimed stream entry this worker's while its job cannot be started (Redis full):
    /// re-claims it only if this worker still holds it. KEYS: stream. ARGV: entry id, worker.
    /// Returns 1, or 0 when another worker holds it (or it is gone).
    static let hold = RedisScript(keeps + """
    local pending = redis.call('XPENDING', KEYS[1], 'workers', ARGV[1], ARGV[1], 1)
    if #pending == 0 or pending[1][2] ~= ARGV[2] then return 0 end
    redis.call('XCLAIM', KEYS[1], 'workers', ARGV[2], 0, ARGV[1], 'JUSTID')
    return 1
    """)

    /// Hands a job back to the queue (a worker stopping before it finished). KEYS: job, queue,
    /// stream. ARGV: id, old entry id, worker. Returns 1, or 0 if the job is no longer this worker's.
    static let handBack = RedisScript(keeps + """
    if redis.call('HGET', KEYS[1], 'state') ~= 'running' or redis.call('HGET', KEYS[1], 'worker') ~= ARGV[3] then return 0 end
    local t = redis.call('TIME')
    redis.call('HINCRBY', KEYS[1], 'attempts', -1)
    redis.call('HSET', KEYS[1], 'state', 'queued')
    redis.call('HDEL', KEYS[1], 'worker')
    redis.call('ZADD', KEYS[2], tonumber(t[1]) * 1000, ARGV[1])
    local entry = redis.call('XADD', KEYS[3], '*', 'job', ARGV[1])
    redis.call('HSET', KEYS[1], 'entry', entry)
    redis.call('XACK', KEYS[3], 'workers', ARGV[2])
    redis.call('XDEL', KEYS[3], ARGV[2])
    return 1
    """)

    /// A client cancels a job. KEYS: job, events, images, queue, stream, finished counter.
    /// ARGV: id, requester or '', reason, cancelled event JSON, error JSON. Returns the state
    /// after the request, or `gone` (unknown, expired, or another owner's).
    static let cancel = RedisScript(keeps + prelude + """
    local state = redis.call('HGET', KEYS[1], 'state')
    if not state then return 'gone' end
    local owner = redis.call('HGET', KEYS[1], 'owner')
    if owner and owner ~= ARGV[2] then return 'gone' end
    if is_final(state) then return state end
    if state == 'queued' then
      local ttl = tonumber(redis.call('HGET', KEYS[1], 'ttl') or '300') or 300
      end_job(KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV[1], 'cancelled', ARGV[4], ARGV[5], ttl, KEYS[6])
      local entry = redis.call('HGET', KEYS[1], 'entry')
      if entry then redis.call('XDEL', KEYS[5], entry) end
      return 'cancelled'
    end
    redis.call('HSET', KEYS[1], 'cancel', ARGV[3], 'cancelEvent', ARGV[4], 'cancelError', ARGV[5])
    return state
    """)

    /// Takes (or peeks at) an image for a requester. KEYS: image, owner. ARGV: requester or '',
    /// `take` or `peek`, the key prefix. Returns the PNG, or nil. A taken image gives its bytes
    /// back to its client's share.
    static let image = RedisScript(keeps + """
    local owner = redis.call('GET', KEYS[2])
    if owner and owner ~= ARGV[1] then return false end
    if ARGV[2] == 'peek' then return redis.call('GET', KEYS[1]) end
    local png = redis.call('GETDEL', KEYS[1])
    if png then
      redis.call('DEL', KEYS[2])
      local client = redis.call('GET', KEYS[1] .. ':client')
      if client then
        local stored, bytes = ARGV[3] .. 'stored:' .. client, ARGV[3] .. 'stored:' .. client .. ':bytes'
        local id = string.sub(KEYS[1], #ARGV[3] + 7)
        if redis.call('ZREM', stored, id) == 1 then
          redis.call('HINCRBY', bytes, 'total', -(tonumber(redis.call('HGET', bytes, id) or '0') or 0))
          redis.call('HDEL', bytes, id)
        end
        redis.call('DEL', KEYS[1] .. ':client')
      end
    end
    return png
    """)

    /// Takes `cost` tokens from a client's bucket. KEYS: bucket. ARGV: rate, capacity, cost.
    /// Returns '0' when taken, else the seconds to wait (as text: Lua numbers would be truncated).
    static let charge = RedisScript(adds + """
    local rate, capacity, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
    local t = redis.call('TIME')
    local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
    local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
    local tokens = tonumber(b[1]) or capacity
    local at = tonumber(b[2]) or now
    if now > at then tokens = math.min(capacity, tokens + (now - at) * rate) end
    local wait = '0'
    if tokens >= cost then tokens = tokens - cost else wait = tostring((cost - tokens) / rate) end
    redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
    redis.call('EXPIRE', KEYS[1], math.ceil((capacity - tokens) / rate) + 1)
    return wait
    """)

    /// A member's heartbeat, and the epoch of Redis's data, in one step that runs while Redis is
    /// full (a live worker must stay listed, or front ends would answer `no_workers`). KEYS:
    /// member list, member record, epoch, epochs, clock. ARGV: name, now (s, the member's clock,
    /// as the list is read), the record's lifetime (s), the epoch the member knew or '', a fresh
    /// epoch (used when there is none, or a new one is due), the highest clock the member saw
    /// under the epoch it knew, then the record's field/value pairs.
    ///
    /// No epoch (Redis came back empty): the fresh one. The epoch the member knew, but a clock
    /// lower than it saw: Redis went back to an older copy of its data (a snapshot, a replica that
    /// lagged), so what was made since is gone; a new epoch starts. A known epoch that is not the
    /// current one goes into `epochs` with the time it was first seen replaced. Returns the
    /// current epoch, the clock, then the earlier epochs and when each was replaced (ms).
    static let beat = RedisScript(keeps + prelude + """
    local now = tonumber(ARGV[2])
    redis.call('ZADD', KEYS[1], now, ARGV[1])
    redis.call('HSET', KEYS[2], unpack(ARGV, 7))
    redis.call('EXPIRE', KEYS[2], ARGV[3])
    -- Members gone for an hour leave the list.
    redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 3600)
    local epoch = redis.call('GET', KEYS[3])
    local clock = tonumber(redis.call('GET', KEYS[5]) or '0')
    if not epoch or (epoch == ARGV[4] and tonumber(ARGV[6]) > clock) then
      epoch = ARGV[5]
      redis.call('SET', KEYS[3], epoch)
    end
    if ARGV[4] ~= '' and ARGV[4] ~= epoch then redis.call('ZADD', KEYS[4], 'NX', now_ms(), ARGV[4]) end
    redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now_ms() - 86400000)
    redis.call('ZREMRANGEBYRANK', KEYS[4], 0, -101)
    return {epoch, clock, redis.call('ZRANGE', KEYS[4], 0, -1, 'WITHSCORES')}
    """)
}
