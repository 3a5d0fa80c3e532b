import InklingRedis

extension ClusterScripts {
    /// A worker's claim of up to `count` new entries: the engine's live stream first, then its
    /// batch stream for the slots left, so a free slot takes a live frame whenever one waits.
    /// It never blocks; the worker waits for new entries with an `XREAD … BLOCK` on both streams
    /// from the marks this returns, sent right before it in the same round trip (so a live entry
    /// wakes the worker as soon as a batch one would).
    ///
    /// Both streams and their group are checked before anything is claimed: a missing one fails
    /// it whole with `NOGROUP` (the worker then creates it). It runs while Redis is full, as a
    /// plain `XREADGROUP` does: the worker holds what it claimed until it can start it.
    ///
    /// KEYS: live stream, batch stream. ARGV: group, worker, count. Returns `[marks, claimed]`:
    /// for each stream, the id after which its entries are not yet delivered to the group (the
    /// group's last-delivered id, or the last entry claimed here); and one `[stream (1 live,
    /// 2 batch), entry id, [field, value, …]]` per entry claimed, live ones first.
    static let claim = RedisScript(keeps + """
    local marks = {}
    for s = 1, 2 do
      if redis.call('EXISTS', KEYS[s]) == 0 then
        return redis.error_reply('NOGROUP no stream ' .. KEYS[s])
      end
      for _, group in ipairs(redis.call('XINFO', 'GROUPS', KEYS[s])) do
        local name, delivered
        for i = 1, #group - 1, 2 do
          if group[i] == 'name' then name = group[i + 1] end
          if group[i] == 'last-delivered-id' then delivered = group[i + 1] end
        end
        if name == ARGV[1] then marks[s] = delivered end
      end
      if not marks[s] then
        return redis.error_reply('NOGROUP no group ' .. ARGV[1] .. ' on ' .. KEYS[s])
      end
    end
    local claimed = {}
    local left = tonumber(ARGV[3])
    for s = 1, 2 do
      if left > 0 then
        local read = redis.call('XREADGROUP', 'GROUP', ARGV[1], ARGV[2], 'COUNT', left, 'STREAMS', KEYS[s], '>')
        if read then
          for _, entry in ipairs(read[1][2]) do
            claimed[#claimed + 1] = {s, entry[1], entry[2]}
            marks[s] = entry[1]
            left = left - 1
          end
        end
      end
    end
    return {marks, claimed}
    """)
}
