import Foundation
import InklingBase
import InklingConditioning
import InklingRedis
import InklingStrokes

/// A front end or a worker as the cluster lists it: written by its own heartbeat, read by
/// `/v1/availability`, `inkling cluster status` and the front ends' routing.
public struct ClusterMember: Sendable, Hashable {
    /// `worker` or `frontend`.
    public var role: String
    /// Its name, unique in the cluster (host, process id and a random suffix by default).
    public var name: String
    /// The engine it runs (workers).
    public var engine: String?
    /// Styles its engine paints (workers).
    public var styles: [String]
    /// Sizes its engine produces, its default first (workers; `nil` for a worker that does not
    /// say, built before 2026-12-03): front ends send a job to the engine that has the size
    /// closest to the one asked for.
    public var sizes: [PixelSize]?
    /// Languages its engine understands (BCP 47 primary codes; workers; `nil` for a worker that
    /// does not say): front ends send a job whose text is in a language to an engine that
    /// understands it, when there is one.
    public var languages: [String]?
    /// Jobs it runs at once (workers).
    public var concurrency: Int
    /// The newest ``PackedDrawing`` version it reads (workers; 2 for a worker that does not say,
    /// built before version 3): front ends write no newer for the jobs it may take.
    public var packedDrawingVersion: Int
    /// Whether it claims from its engine's live stream (workers; `false` for one that does not
    /// say, built before the live lane): front ends queue live frames on the batch stream while
    /// any worker of the engine does not.
    public var readsLiveLane: Bool
    /// Jobs it runs now (workers).
    public var running: Int
    /// Jobs it finished (workers: succeeded; front ends: submitted).
    public var jobsDone: Int
    /// Jobs that failed on it.
    public var failures: Int
    /// Where it listens (front ends).
    public var url: String?
    /// Seconds since its last heartbeat.
    public var lastSeen: Double
    /// When it started (Unix seconds).
    public var started: Double

    /// A fresh record for this process.
    init(role: String, name: String, engine: String? = nil, styles: [String] = [], sizes: [PixelSize]? = nil, languages: [String]? = nil,
         concurrency: Int = 0, url: String? = nil) {
        self.role = role
        self.name = name
        self.engine = engine
        self.styles = styles
        self.sizes = sizes
        self.languages = languages
        self.concurrency = concurrency
        packedDrawingVersion = PackedDrawing.newestVersion
        readsLiveLane = true
        running = 0
        jobsDone = 0
        failures = 0
        self.url = url
        lastSeen = 0
        started = Date().timeIntervalSince1970
    }

    /// The most sizes a record lists (engines offer a handful; a record is not trusted to be small).
    static let maxSizes = 64
    /// The most languages a record lists.
    static let maxLanguages = 256

    /// A default name: host, process id and four random hex digits.
    static func defaultName() -> String {
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
        return "\(host.prefix(40))-\(getpid())-\(String(UInt16.random(in: 0...UInt16.max), radix: 16))"
    }

    /// The hash fields it is stored as.
    var fields: [RedisArgument] {
        var f: [RedisArgument] = ["role", .init(role), "styles", .init(styles.joined(separator: ",")),
                                  "concurrency", .init(concurrency), "running", .init(running), "jobsDone", .init(jobsDone),
                                  "failures", .init(failures), "started", .init(started)]
        if role == "worker" { f += ["packedDrawing", .init(packedDrawingVersion)] }
        if role == "worker", readsLiveLane { f += ["lanes", "batch,live"] }
        if let sizes { f += ["sizes", .init(sizes.prefix(Self.maxSizes).map(\.description).joined(separator: ","))] }
        if let languages { f += ["languages", .init(languages.prefix(Self.maxLanguages).joined(separator: ","))] }
        if let engine { f += ["engine", .init(engine)] }
        if let url { f += ["url", .init(url)] }
        return f
    }

    /// Reads a stored record; `lastSeen` from the heartbeat score.
    init?(name: String, fields: [String: [UInt8]], heartbeat: Double, now: Double) {
        guard let role = fields.text("role") else { return nil }
        self.role = role
        self.name = name
        engine = fields.text("engine")
        styles = fields.text("styles").map { $0.split(separator: ",").map(String.init) } ?? []
        sizes = fields.text("sizes").map { text in
            text.split(separator: ",", maxSplits: Self.maxSizes).prefix(Self.maxSizes).compactMap { SizeText.parse($0).map { PixelSize(width: $0.width, height: $0.height) } }
        }
        languages = fields.text("languages").map { text in
            text.split(separator: ",", maxSplits: Self.maxLanguages).prefix(Self.maxLanguages).filter { $0.count <= 16 }.map(String.init)
        }
        concurrency = fields.int("concurrency") ?? 0
        packedDrawingVersion = fields.int("packedDrawing") ?? PackedDrawing.oldestVersion
        readsLiveLane = fields.text("lanes")?.split(separator: ",").contains("live") ?? false
        running = fields.int("running") ?? 0
        jobsDone = fields.int("jobsDone") ?? 0
        failures = fields.int("failures") ?? 0
        url = fields.text("url")
        started = fields.double("started") ?? 0
        lastSeen = max(0, now - heartbeat)
    }
}

/// Reading and writing the member lists.
struct ClusterRegistry: Sendable {
    let client: RedisClient
    let keys: ClusterKeys
    let staleAfter: Double

    /// What a heartbeat learns: the epoch of Redis's data, and the earlier ones members saw replaced.
    struct Epochs: Sendable, Hashable {
        var current: ClusterEpoch
        /// The highest clock seen under the current epoch.
        var clock: Int64
        var replaced: [ReplacedEpoch]

        /// These epochs having seen `clock` under the current one.
        func seeing(clock seen: Int64) -> Epochs {
            var copy = self
            copy.clock = max(clock, seen)
            return copy
        }
    }

    /// Writes `member`'s heartbeat (its score in the list, its record kept for three beats), even
    /// while Redis is full, and reads the epoch of Redis's data; `known` is what the member knew
    /// (its epoch goes into the replaced ones if it is no longer current, and a clock lower than
    /// it saw starts a new epoch).
    @discardableResult
    func beat(_ member: ClusterMember, knowing known: Epochs? = nil) async throws(RedisError) -> Epochs {
        let list = member.role == "worker" ? keys.workers : keys.frontends
        let key = member.role == "worker" ? keys.worker(member.name) : keys.frontend(member.name)
        let now = Date().timeIntervalSince1970
        let ttl = Int((staleAfter * 4).rounded(.up)) + 60
        let reply = try await client.run(ClusterScripts.beat, keys: [.init(list), .init(key), .init(keys.epoch), .init(keys.epochs), .init(keys.clock)],
                                         arguments: [.init(member.name), .init(now), .init(ttl), .init(known?.current.name ?? ""),
                                                     .init(ClusterEpoch.fresh().name), .init(known?.clock ?? 0)] + member.fields)
        let parts = reply.array ?? []
        guard parts.count == 3, let current = parts[0].text, let clock = parts[1].integer else {
            throw .protocolError("the heartbeat script answered \(reply)")
        }
        let replaced = ReplacedEpoch.list(from: parts[2])
        // The clock seen is the member's under an epoch it knew; under a new one, Redis's.
        let epoch = ClusterEpoch(name: current)
        let seen = known.map { $0.current == epoch ? max($0.clock, clock) : clock } ?? clock
        return Epochs(current: epoch, clock: seen, replaced: replaced)
    }

    /// When the member `name` of `role` last beat (seconds since 1970), or `nil` if it is not listed.
    func lastBeat(of name: String, role: String) async throws(RedisError) -> Double? {
        let list = role == "worker" ? keys.workers : keys.frontends
        return try await client.command(["ZSCORE", .init(list), .init(name)]).text.flatMap(Double.init)
    }

    /// Removes `member` (a clean stop).
    func leave(_ member: ClusterMember) async {
        let list = member.role == "worker" ? keys.workers : keys.frontends
        let key = member.role == "worker" ? keys.worker(member.name) : keys.frontend(member.name)
        _ = try? await client.pipeline([["ZREM", .init(list), .init(member.name)], ["DEL", .init(key)]])
    }

    /// Members of a role; `live` keeps only those with a heartbeat in the last ``staleAfter`` seconds.
    func members(role: String, live: Bool) async throws(RedisError) -> [ClusterMember] {
        let list = role == "worker" ? keys.workers : keys.frontends
        let now = Date().timeIntervalSince1970
        let reply = try await client.command(["ZRANGEBYSCORE", .init(list), live ? .init(now - staleAfter) : "-inf", "+inf", "WITHSCORES"])
        let items = reply.array ?? []
        var names: [(String, Double)] = []
        var i = 0
        while i + 1 < items.count {
            if let name = items[i].text, let score = items[i + 1].text.flatMap(Double.init) { names.append((name, score)) }
            i += 2
        }
        guard !names.isEmpty else { return [] }
        let replies = try await client.pipeline(names.map { ["HGETALL", .init(role == "worker" ? keys.worker($0.0) : keys.frontend($0.0))] })
        return zip(names, replies).compactMap { entry, reply in
            ClusterMember(name: entry.0, fields: reply.fields, heartbeat: entry.1, now: now)
        }
    }
}
