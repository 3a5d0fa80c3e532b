import Foundation
import InklingJobs
import InklingRedis

/// What `inkling cluster status` shows: members, queues and the dead-letter stream.
public struct ClusterReport: Sendable {
    /// One engine's job stream in one lane.
    public struct EngineQueue: Sendable, Hashable {
        /// The engine's name.
        public var engine: String
        /// The stream's lane: batch jobs, or live sessions' frames (claimed first).
        public var lane: JobLane = .batch
        /// Entries in its stream (jobs queued or running).
        public var entries: Int
        /// Entries claimed by a worker and not yet acknowledged (running, or waiting to be reclaimed).
        public var pending: Int
    }

    /// Front ends, freshest first (gone ones too, for an hour).
    public var frontends: [ClusterMember]
    /// Workers, freshest first.
    public var workers: [ClusterMember]
    /// Jobs waiting for a worker.
    public var queued: Int
    /// The cluster-wide queue bound is per front end's setting; this is the depth only.
    public var engines: [EngineQueue]
    /// Entries in the dead-letter stream.
    public var deadLetters: Int
    /// Jobs ended per second over the last minute.
    public var throughput: Double
    /// Seconds after which a member counts as gone.
    public var staleAfter: Double

    /// Reads the report from `settings`' Redis.
    public static func read(_ settings: ClusterSettings) async throws(ClusterError) -> ClusterReport {
        let client = RedisClient(url: settings.url, poolSize: 2)
        defer { client.close() }
        let keys = settings.keys
        let registry = ClusterRegistry(client: client, keys: keys, staleAfter: settings.staleAfter)
        do {
            let frontends = try await registry.members(role: "frontend", live: false).sorted { $0.lastSeen < $1.lastSeen }
            let workers = try await registry.members(role: "worker", live: false).sorted { $0.lastSeen < $1.lastSeen }
            let counts = try await client.pipeline([["ZCARD", .init(keys.queue)], ["XLEN", .init(keys.deadLetter)]])
            var engines: [EngineQueue] = []
            var cursor = "0"
            var streams: Set<String> = []
            repeat {
                let page = try await client.command(["SCAN", .init(cursor), "MATCH", .init(keys.prefix + "jobs:*"), "COUNT", "1000", "TYPE", "stream"])
                guard let parts = page.array, parts.count == 2, let next = parts[0].text else { break }
                cursor = next
                for key in parts[1].array ?? [] { if let name = key.text { streams.insert(name) } }
            } while cursor != "0"
            for stream in streams.sorted() {
                let info = try await client.pipeline([["XLEN", .init(stream)], ["XPENDING", .init(stream), .init(ClusterKeys.group)]])
                let pending = info[1].array?.first?.integer ?? 0
                let name = String(stream.dropFirst((keys.prefix + "jobs:").count))
                let live = name.hasSuffix(":live")
                engines.append(EngineQueue(engine: live ? String(name.dropLast(5)) : name, lane: live ? .live : .batch,
                                           entries: Int(info[0].integer ?? 0), pending: Int(pending)))
            }
            let now = Int64(Date().timeIntervalSince1970)
            let rate = try await client.command(["MGET"] + (0..<60).map { RedisArgument(keys.finished(second: now - Int64($0))) })
            let finished = (rate.array ?? []).reduce(0) { $0 + Int($1.integer ?? 0) }
            return ClusterReport(frontends: frontends, workers: workers, queued: Int(counts[0].integer ?? 0), engines: engines,
                                 deadLetters: Int(counts[1].integer ?? 0), throughput: Double(finished) / 60, staleAfter: settings.staleAfter)
        } catch {
            throw .redis(error)
        }
    }
}
