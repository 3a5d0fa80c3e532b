import InklingRedis

extension ClusterWorker {
    /// An entry the claim script (``ClusterScripts/claim``) took, and its stream.
    struct ClaimedEntry {
        var stream: String
        var id: String
        var fields: [String: [UInt8]]
    }

    /// A job ``ClusterScripts/startClaimed`` started: its entry, the start's verdict and the
    /// job's hash.
    struct StartedEntry {
        var stream: String
        var entry: String
        var job: String
        var script: RedisReply
        var hash: RedisReply
    }

    /// The claim script's answer: each stream's mark (`nil` when it failed) and the entries it
    /// took, live ones first. `streams`: the worker's, live then batch.
    static func claimed(_ reply: RedisReply, streams: [String]) -> (marks: [String]?, entries: [ClaimedEntry]) {
        guard let parts = reply.array, parts.count == 2 else { return (nil, []) }
        let marks = parts[0].array?.compactMap(\.text)
        var entries: [ClaimedEntry] = []
        for item in parts[1].array ?? [] {
            guard let fields = item.array, fields.count == 3, let stream = Self.stream(fields[0], streams), let id = fields[1].text else { continue }
            entries.append(ClaimedEntry(stream: stream, id: id, fields: fields[2].fields))
        }
        return (marks?.count == streams.count ? marks : nil, entries)
    }

    /// The start script's answer, by `<stream> <entry id>` (empty when it failed).
    static func started(_ reply: RedisReply, streams: [String]) -> [String: StartedEntry] {
        if case .error = reply { return [:] }
        var started: [String: StartedEntry] = [:]
        for item in reply.array ?? [] {
            guard let parts = item.array, parts.count == 5, let stream = Self.stream(parts[0], streams),
                  let entry = parts[1].text, let job = parts[2].text else { continue }
            started[stream + " " + entry] = StartedEntry(stream: stream, entry: entry, job: job, script: parts[3], hash: parts[4])
        }
        return started
    }

    /// The stream a script names by its place among the worker's (1: live, 2: batch).
    private static func stream(_ reply: RedisReply, _ streams: [String]) -> String? {
        guard let place = reply.integer, (1...Int64(streams.count)).contains(place) else { return nil }
        return streams[Int(place) - 1]
    }
}
