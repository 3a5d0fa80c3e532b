import Foundation
import Inkling
import InklingBase
import InklingConditioning
import InklingEngines
import InklingRedis
import InklingJobs
import InklingStrokes

/// A cluster worker (`inkling worker --cluster`): claims the jobs of its engine's stream with
/// `XREADGROUP`, reclaims those whose worker went quiet with `XAUTOCLAIM`, paints them, and
/// delivers each image once whatever the attempt.
///
/// While a job runs, its heartbeat keeps the stream entry claimed and reads the job's cancel
/// request; the job's own deadline comes from the front end that queued it. On ``drain(deadline:)``
/// it claims nothing more, lets running jobs finish for a while, then hands the rest back to the
/// queue, so a deploy loses nothing.
public final class ClusterWorker: @unchecked Sendable {
    let settings: ClusterSettings
    let client: RedisClient
    let keys: ClusterKeys
    let registry: ClusterRegistry
    let engine: any ImageEngine
    /// The engine's name in the cluster: jobs are routed by it.
    public let engineName: String
    let concurrency: Int
    let base: GenerationOptions
    let drawingLimits: StrokeJSONDecoder.Limits
    let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var member: ClusterMember
    private var running: [String: RunningJob] = [:]
    private var stopping = false
    /// Set while ``drain(deadline:)`` runs; ``run()`` returns only after it is done.
    private var draining = false
    /// Set once the worker has left the member list: no heartbeat may put it back.
    private var left = false
    /// The claim loop, while it waits for a slot: resumed when a job ends or the worker stops.
    private var slotWaiter: CheckedContinuation<Void, Never>?
    /// The epoch of Redis's data as the last heartbeat read it: image ids are made under it.
    private var epochs: ClusterRegistry.Epochs?

    /// A worker for `engine`, known to the cluster as `engineName`, running `concurrency` jobs
    /// at once in the styles it allows (narrowed to the engine's).
    public init(settings: ClusterSettings, engine: any ImageEngine, engineName: String, concurrency: Int,
                allowedStyles: [Style], defaultStyle: Style, drawingLimits: StrokeJSONDecoder.Limits = .default,
                name: String? = nil, log: @escaping @Sendable (String) -> Void = { _ in }) throws(ClusterError) {
        try settings.validate()
        if settings.url.tls { throw .redis(.tlsUnavailable("rediss:// needs hiredis with TLS, which this build does not have; use redis:// on a trusted network, or a TLS tunnel")) }
        guard (1...256).contains(concurrency) else { throw .settings("a worker runs 1…256 jobs at once") }
        guard engineName.utf8.count <= 100, !engineName.isEmpty, engineName.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw .settings("an engine name in the cluster is 1…100 letters, digits, '-', '_' or '.'")
        }
        self.settings = settings
        client = RedisClient(url: settings.url, poolSize: concurrency * 2 + 2)
        keys = settings.keys
        registry = ClusterRegistry(client: client, keys: keys, staleAfter: settings.staleAfter)
        self.engine = engine
        self.engineName = engineName
        self.concurrency = concurrency
        let styles = allowedStyles.filter(engine.capabilities.styles.contains)
        guard !styles.isEmpty else { throw .settings("the engine paints none of the allowed styles") }
        base = GenerationOptions(allowedStyles: styles, defaultStyle: styles.contains(defaultStyle) ? defaultStyle : styles[0])
        self.drawingLimits = drawingLimits
        self.log = log
        member = ClusterMember(role: "worker", name: name ?? ClusterMember.defaultName(), engine: engineName,
                               styles: styles.map(\.rawValue), sizes: engine.capabilities.sizes,
                               languages: engine.capabilities.languages.sorted(), concurrency: concurrency)
    }

    /// Its name in the cluster.
    public var name: String { lock.withLock { member.name } }
    /// The engine's streams in the order a free slot looks in them: live frames, then batch jobs.
    var streams: [String] { [keys.jobs(engine: engineName, lane: .live), keys.jobs(engine: engineName)] }
    private var isStopping: Bool { lock.withLock { stopping } }
    private var runningCount: Int { lock.withLock { running.count } }

    // MARK: Starting

    /// Makes sure no other live worker goes by this worker's name, before ``run()``: two workers
    /// under one name would be one consumer of the engine's stream and one record, each taking
    /// the other's jobs for its own.
    ///
    /// A name nobody lists, or whose heartbeat is older than the settings' staleness, is free at
    /// once. A name whose worker beat recently is watched for up to that long: a worker
    /// restarted after a crash gets its name back when the dead one's heartbeat goes stale
    /// (it says that it waits), and a second worker started under a live worker's name throws
    /// as soon as that worker beats again. Redis unreachable: nothing can be checked, and
    /// ``run()`` waits for Redis anyway, so it returns.
    public func claimName() async throws(ClusterError) {
        let name = self.name
        let stale = settings.staleAfter
        let clock = ContinuousClock()
        let start = clock.now
        var said = false
        do {
            guard let first = try await registry.lastBeat(of: name, role: "worker") else { return }
            while true {
                let now = Date().timeIntervalSince1970
                guard let beat = try await registry.lastBeat(of: name, role: "worker"), now - beat < stale else { return }
                if beat > first {
                    throw ClusterError.settings("a live worker named \(name) is in the cluster (it beat \(NumberText.fixed(max(0, now - beat), digits: 1)) s ago); "
                        + "give this one another --name, or stop that one")
                }
                if !said {
                    log("a worker named \(name) beat \(NumberText.fixed(max(0, now - beat), digits: 1)) s ago; waiting up to \(NumberText.compact(stale)) s "
                        + "for its heartbeat to stop (a restart after a crash) or to go on (another worker of that name)")
                    said = true
                }
                if clock.now - start > .seconds(stale + settings.heartbeatInterval * 2) { return }
                try? await Task.sleep(for: .milliseconds(Int64(min(250, settings.heartbeatInterval * 500))))
            }
        } catch let error as ClusterError {
            throw error
        } catch {
            return
        }
    }

    // MARK: Running

    /// Works until ``drain(deadline:)`` or ``stop()``; survives Redis going away (it retries
    /// every second and says so through `log`).
    public func run() async {
        let beats = Task { await self.beatForever() }
        defer { beats.cancel() }
        await ensureGroup()
        var lastReclaim = ContinuousClock.now - .seconds(3600)
        let reclaimEvery = Duration.milliseconds(Int64(max(250, settings.visibilityTimeout * 250)))
        var failing = false
        // The digests of the claim script and of the one that starts what it claimed; nil: load it.
        var claimDigest: String?
        var startDigest: String?
        // Per stream (live, batch): the id after which its entries are not yet delivered, as the
        // last claim saw it; the wait watches for entries after it.
        var marks = ["0-0", "0-0"]
        let streams = self.streams
        while !isStopping {
            let free = concurrency - runningCount
            if free <= 0 {
                await waitForSlot()
                continue
            }
            do throws(RedisError) {
                if ContinuousClock.now - lastReclaim >= reclaimEvery {
                    lastReclaim = .now
                    for entry in try await reclaim(count: free) { launch((entry.id, entry.fields), stream: entry.stream) }
                    continue
                }
                let claim: String
                if let known = claimDigest { claim = known } else { claim = try await client.digest(of: ClusterScripts.claim, reload: true) }
                claimDigest = claim
                let start: String
                if let known = startDigest { start = known } else { start = try await client.digest(of: ClusterScripts.startClaimed, reload: true) }
                startDigest = start
                // One round trip: a wait for a new entry in either stream (at once if one is
                // there), the claim (live entries first, up to the free slots) the moment it
                // returns, and the script that starts what was claimed.
                let replies = try await client.blocking(pipeline: [
                    ["XREAD", "COUNT", "1", "BLOCK", "1000", "STREAMS", .init(streams[0]), .init(streams[1]), .init(marks[0]), .init(marks[1])],
                    ["EVALSHA", .init(claim), "2", .init(streams[0]), .init(streams[1]), .init(ClusterKeys.group), .init(name), .init(free)],
                    ["EVALSHA", .init(start)] + startClaimedCall(looking: free),
                ], blockMilliseconds: 1000)
                if case .error(let message) = replies[0] { throw RedisError.server(message) }
                // A NOSCRIPT (Redis restarted) loads the script again; nothing was claimed.
                if case .error(let message) = replies[1], message.hasPrefix("NOSCRIPT") { claimDigest = nil }
                else if case .error(let message) = replies[1] { throw RedisError.server(message) }
                if failing { log("redis is back"); failing = false }
                if case .error(let message) = replies[2], message.hasPrefix("NOSCRIPT") { startDigest = nil }
                var started = Self.started(replies[2], streams: streams)
                let claimed = Self.claimed(replies[1], streams: streams)
                if let read = claimed.marks { marks = read }
                // A claimed job the script did not start starts on its own.
                for entry in claimed.entries {
                    launch((entry.id, entry.fields), stream: entry.stream,
                           started: started.removeValue(forKey: entry.stream + " " + entry.id).map { ($0.script, $0.hash) })
                }
                // One claimed before whose own start failed, started now: it runs here too.
                for job in started.values {
                    launch((job.entry, ["job": Array(job.job.utf8)]), stream: job.stream, started: (job.script, job.hash))
                }
            } catch {
                if !failing { log("redis: \(error.description); retrying every second"); failing = true }
                if case .server(let message) = error, message.hasPrefix("NOGROUP") { await ensureGroup() }
                try? await Task.sleep(for: .seconds(1))
            }
        }
        while lock.withLock({ draining }) {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Returns once a slot is free or the worker stops (a job's end or ``stop()`` resumes it).
    private func waitForSlot() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if stopping || running.count < concurrency { return true }
                slotWaiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Resumes the claim loop if it waits for a slot (to see a stop).
    private func wakeClaimLoop() {
        let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
            defer { slotWaiter = nil }
            return slotWaiter
        }
        waiter?.resume()
    }

    /// Creates the engine's streams and their consumer group (from the first entry) if missing;
    /// an error is logged once, and again only when it changes.
    private func ensureGroup() async {
        var said: String?
        var made = 0
        while !isStopping, made < streams.count {
            do {
                _ = try await client.command(["XGROUP", "CREATE", .init(streams[made]), .init(ClusterKeys.group), "0", "MKSTREAM"])
                made += 1
            } catch {
                // BUSYGROUP: it is there already. OOM (Redis full refuses XGROUP CREATE even for a
                // group that exists): the claim loop goes on, and comes back here on NOGROUP.
                if case .server(let message) = error, message.hasPrefix("BUSYGROUP") || message.hasPrefix("OOM") { made += 1 } else {
                    if error.description != said { log("redis: \(error.description); retrying every second") }
                    said = error.description
                    try? await Task.sleep(for: .seconds(1))
                    continue
                }
            }
        }
        if said != nil, made == streams.count { log("redis is back") }
    }

    /// Entries whose worker has been quiet for the visibility timeout, now this worker's: up to
    /// `count`, live ones first, exactly as new entries are claimed.
    private func reclaim(count: Int) async throws(RedisError) -> [(stream: String, id: String, fields: [String: [UInt8]])] {
        var entries: [(stream: String, id: String, fields: [String: [UInt8]])] = []
        for stream in streams where entries.count < count {
            let reply = try await client.command([
                "XAUTOCLAIM", .init(stream), .init(ClusterKeys.group), .init(name), .init(Int(settings.visibilityTimeout * 1000)), "0-0",
                "COUNT", .init(count - entries.count),
            ])
            guard let parts = reply.array, parts.count >= 2 else { continue }
            entries += parts[1].entries.map { (stream, $0.id, $0.fields) }
        }
        if !entries.isEmpty {
            let ids = entries.prefix(5).map { $0.fields.text("job") ?? $0.id }.joined(separator: ", ")
            log("reclaimed \(entries.count) job(s) whose worker went quiet: \(ids)\(entries.count > 5 ? ", …" : "")")
        }
        return entries
    }

    /// The keys and arguments of ``ClusterScripts/startClaimed`` for a claim of up to `count` jobs.
    private func startClaimedCall(looking count: Int) -> [RedisArgument] {
        let exhausted = Self.exhausted(settings.maxAttempts)
        return ["5", .init(streams[0]), .init(streams[1]), .init(keys.queue), .init(keys.deadLetter), .init(finishedCounter()),
                .init(keys.prefix), .init(ClusterKeys.group), .init(name), .init(settings.maxAttempts), .init(settings.deadLetterLength),
                .init(JobEventJSON.encode(.failed(exhausted))), .init(JobEventJSON.error(exhausted).text), .init(engineName),
                .init(settings.visibilityTimeout), .init(count + 16)]
    }

    /// The failure of a job whose attempts ran out.
    private static func exhausted(_ attempts: Int) -> APIError {
        APIError(500, "attempts_exhausted", "the job was started \(attempts) times and its worker stopped answering each time; it was given up")
    }

    /// Starts a task for a claimed entry; `started`: its start script's verdict and its job's
    /// hash, when ``ClusterScripts/startClaimed`` started it with its claim.
    private func launch(_ entry: (id: String, fields: [String: [UInt8]]), stream: String, started: (script: RedisReply, job: RedisReply)? = nil) {
        guard let id = entry.fields.text("job") else {
            // Not one of ours: acknowledge it so it is not read again.
            Task { _ = try? await client.pipeline([["XACK", .init(stream), .init(ClusterKeys.group), .init(entry.id)], ["XDEL", .init(stream), .init(entry.id)]]) }
            return
        }
        let job = RunningJob(id: id, stream: stream, entry: entry.id)
        // An entry this worker already runs (reclaimed from itself after its heartbeats failed
        // for a while) keeps its one task.
        let fresh: Bool = lock.withLock {
            guard running[job.key] == nil else { return false }
            running[job.key] = job
            return true
        }
        guard fresh else { return }
        Task {
            await self.work(job, started: started)
            let waiter: CheckedContinuation<Void, Never>? = self.lock.withLock {
                _ = self.running.removeValue(forKey: job.key)
                defer { self.slotWaiter = nil }
                return self.slotWaiter
            }
            waiter?.resume()
        }
    }

    /// Runs one job from its start script (unless `prestarted` holds what it answered, and the
    /// job's hash) to its finish script.
    private func work(_ job: RunningJob, started prestarted: (script: RedisReply, job: RedisReply)?) async {
        let started: (script: RedisReply, job: RedisReply)
        if let prestarted {
            started = prestarted
        } else {
            guard let fresh = await start(job) else { return }
            started = fresh
        }
        // `run <attempt>`, or `skip <why>`.
        let verdict = started.script.text ?? ""
        guard verdict.hasPrefix("run") else {
            if verdict == "skip exhausted" {
                log("job \(job.id): attempts exhausted; failed and sent to the dead-letter stream")
                lock.withLock { member.failures += 1 }
            }
            _ = try? await client.pipeline([["XACK", .init(job.stream), .init(ClusterKeys.group), .init(job.entry)], ["XDEL", .init(job.stream), .init(job.entry)]])
            return
        }
        let fields = started.job.fields
        log("job \(job.id): started (attempt \(verdict.dropFirst(4)))")
        let beat = Task { await self.beat(job) }
        let timeout = fields.double("timeout") ?? 120
        job.lock.withLock { job.deadline = .now + .milliseconds(Int64(timeout * 1000)) }
        let outcome = await paint(job, fields: fields, timeout: timeout)
        beat.cancel()
        await finish(job, outcome: outcome, timeout: timeout)
    }

    /// Runs the start script for a job this worker claimed (its hash read right behind it, in
    /// the same round trip). While Redis is full the script is refused whole: the worker keeps
    /// the claim (re-claiming its stream entry, which Redis allows while full, so that no other
    /// worker takes the job over while this one lives) and tries again every second, until it
    /// starts, ends otherwise, or the worker stops. `nil`: not started, the entry left pending
    /// (another worker reclaims it after the visibility timeout).
    private func start(_ job: RunningJob) async -> (script: RedisReply, job: RedisReply)? {
        let exhausted = Self.exhausted(settings.maxAttempts)
        var said = false
        while true {
            do throws(RedisError) {
                let replies = try await client.run(ClusterScripts.start, keys: [
                    .init(keys.job(job.id)), .init(keys.queue), .init(keys.events(job.id)), .init(keys.images(job.id)),
                    .init(keys.deadLetter), .init(finishedCounter()),
                ], arguments: [.init(job.id), .init(name), .init(settings.maxAttempts), .init(job.entry), .init(settings.deadLetterLength),
                               .init(JobEventJSON.encode(.failed(exhausted))), .init(JobEventJSON.error(exhausted).text), .init(engineName),
                               .init(settings.visibilityTimeout)], after: [], then: [["HGETALL", .init(keys.job(job.id))]])
                if said { log("job \(job.id): Redis has room again; starting it") }
                return (replies.script, replies.followUps[0])
            } catch .server(let message) where message.hasPrefix("OOM") && !isStopping {
                if !said {
                    log("job \(job.id): Redis is full (maxmemory); holding the job and trying to start it every second")
                    said = true
                }
                let held = try? await client.run(ClusterScripts.hold, keys: [.init(job.stream)], arguments: [.init(job.entry), .init(name)])
                if held?.integer == 0 {
                    log("job \(job.id): another worker holds it now; leaving it to that one")
                    return nil
                }
                try? await Task.sleep(for: .seconds(1))
            } catch {
                log("job \(job.id): could not start it: \(error.description)")
                return nil
            }
        }
    }

    /// What painting a job came to.
    private enum Outcome {
        /// How ``JobRunner`` ended it.
        case ran(JobOutcome)
        /// Done, and already recorded as succeeded with its last image.
        case ended
        /// Left to be reclaimed (Redis went away), lost or handed back: nothing is recorded.
        case stopped
    }

    /// Rebuilds the request, paints it with ``JobRunner`` (which decides progress, the deadline
    /// and what a cancellation comes to) and delivers each image.
    private func paint(_ job: RunningJob, fields: [String: [UInt8]], timeout: Double) async -> Outcome {
        let spec = JobSpec(json: fields["spec"] ?? [], drawing: fields["drawing"], drawingPosition: fields.int("drawingAt") ?? 0,
                           images: (0..<(fields.int("inputs") ?? 0)).map { fields["input:\($0)"] ?? [] },
                           imagePositions: (fields.text("positions") ?? "").split(separator: ",").compactMap { Int($0) })
        let ttl = fields.int("ttl") ?? 300
        let owner = fields.text("owner") ?? ""
        let request: GenerationRequest
        do throws(APIError) {
            request = try spec.request(base: base, limits: drawingLimits)
        } catch {
            return .ran(.failed(error))
        }
        let painting = Painting()
        let runner = JobRunner(engine: engine, cancellationGrace: Self.cancellationGrace)
        let lane: JobLane = job.stream == keys.jobs(engine: engineName, lane: .live) ? .live : .batch
        let outcome = await runner.run(request.job, lane: lane, control: job.control, deadline: timeout) { [self] event in
            try await self.handle(event, of: job, painting: painting, ttl: ttl, owner: owner)
        }
        // The `started` event is written before the job's end.
        await painting.announcement?.value
        if painting.ended { return .ended }
        if case .failed(.server(let message) as RedisError) = outcome, message.hasPrefix("OOM") {
            // Full until the deadline: the job fails with why (the finish script runs while Redis is full).
            return .ran(.failed(APIError(503, "cluster_full", "the cluster's Redis stayed full (maxmemory) until the job's generation timeout, "
                + "so its images could not be stored; retry when downloads or expiring images have made room", retryAfter: 30)))
        }
        if case .failed(let error as RedisError) = outcome {
            // Redis went away mid-job: leave the entry pending; a worker reclaims it.
            log("job \(job.id): \(error.description); leaving it to be reclaimed")
            job.end(.lost)
            return .stopped
        }
        return .ran(outcome)
    }

    /// Seconds a stopped job's engine gets to say what became of its work.
    static let cancellationGrace = 5.0

    /// Hands one of the runner's events on to Redis: the `started` event (while the engine
    /// paints), the progress (for the heartbeat), each image delivered once.
    private func handle(_ event: JobRunner.Event, of job: RunningJob, painting: Painting, ttl: Int, owner: String) async throws {
        switch event {
        case .started(let prepared):
            let started = JobEvent.started(style: prepared.style.rawValue, limit: prepared.limit, notices: prepared.notices, worker: name)
            // Announced while the engine paints; awaited before the first image, which must follow it.
            let announcing = Task { [client, keys] in
                _ = try? await client.pipeline([
                    ["XADD", .init(keys.events(job.id)), "*", "e", .init(JobEventJSON.encode(started))],
                    ["HSET", .init(keys.job(job.id)), "style", .init(prepared.style.rawValue)],
                ])
            }
            painting.start(limit: prepared.limit, announcing: announcing)
        case .progress(let progress):
            job.lock.withLock { job.progress = progress.fraction }
        case .image(let image):
            await painting.announcement?.value
            // The last image ends the job in the same step, unless it is being stopped.
            let last = painting.paint() && job.why == nil && job.control.reason == nil
            let entry = JobImage(id: lock.withLock { epochs }?.current.makeID() ?? RandomID.make(), variation: image.recipe.variation, width: image.image.width,
                                 height: image.image.height, seed: image.recipe.seed, style: image.recipe.style.rawValue)
            let result = try await whileRedisIsFull(job) { () async throws(RedisError) in
                try await client.run(ClusterScripts.deliver, keys: [
                    .init(keys.images(job.id)), .init(keys.image(entry.id)), .init(keys.imageOwner(entry.id)),
                    .init(keys.events(job.id)), .init(keys.job(job.id)), .init(keys.queue), .init(job.stream), .init(finishedCounter()),
                    .init(keys.clock),
                ], arguments: [.init(entry.variation), .init(JSONValue.object(JobEventJSON.image(entry)).text),
                               .init(ttl), .init(owner), .init(JobEventJSON.encode(.image(entry))), .init(job.id), .init(job.entry),
                               last ? "last" : "", .init(entry.id), .init(image.png.count), .init(keys.prefix)],
                                 after: [["SET", .init(keys.image(entry.id)), .init(image.png), "EX", .init(ttl)]]).script
            }
            if last, result.integer != -1 { painting.end() }
        case .notice:
            break
        }
    }

    /// Runs `step` (a delivery); while Redis is full (`OOM`: `maxmemory` with `noeviction`), keeps
    /// what was painted and tries again every second, until the job's generation timeout:
    /// downloads and expiring images make room, and painting again would cost the engine's time.
    /// The job's heartbeat (which runs while Redis is full) keeps the job this worker's
    /// meanwhile, so no other worker starts it again. Other errors, a job stopped meanwhile, a
    /// cancelled task (whose sleep would not wait), or a Redis still full at the deadline (the
    /// job then fails with the timeout) throw as before.
    private func whileRedisIsFull<T>(_ job: RunningJob, _ step: () async throws(RedisError) -> T) async throws(RedisError) -> T {
        let end = job.lock.withLock { job.deadline }
        var said = false
        while true {
            do {
                return try await step()
            } catch .server(let message) where message.hasPrefix("OOM") && job.why == nil && !Task.isCancelled && ContinuousClock.now < end {
                if !said {
                    log("job \(job.id): Redis is full (maxmemory); keeping its image and trying again every second")
                    said = true
                }
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// Writes the job's end, unless it was lost to another worker or handed back.
    private func finish(_ job: RunningJob, outcome: Outcome, timeout: Double) async {
        let result: JobOutcome
        switch (job.why, outcome) {
        case (_, .ended):
            lock.withLock { member.jobsDone += 1 }
            return
        case (.lost?, _), (.handedBack?, _), (_, .stopped):
            return
        case (_, .ran(let ran)):
            result = ran
        }
        // The runner's one rule: done (the finish script counts the images delivered, this
        // attempt's and earlier ones'), failed (a deadline's 504 among them) or cancelled.
        let event = result.event(timeout: timeout)
        let state: String
        var error: APIError?
        switch event {
        case .failed(let failure): (state, error) = ("failed", failure)
        case .cancelled(let answer): (state, error) = ("cancelled", answer)
        default: state = "succeeded"
        }
        for attempt in 0..<20 {
            do {
                _ = try await client.run(ClusterScripts.finish, keys: [
                    .init(keys.job(job.id)), .init(keys.events(job.id)), .init(keys.images(job.id)), .init(keys.queue), .init(job.stream),
                    .init(finishedCounter()),
                ], arguments: [.init(job.id), .init(state), .init(JobEventJSON.encode(event)),
                               .init(error.map { JobEventJSON.error($0).text } ?? ""), .init(job.entry)])
                lock.withLock {
                    if state == "succeeded" { member.jobsDone += 1 } else if state == "failed" { member.failures += 1 }
                }
                return
            } catch {
                if attempt == 0 { log("job \(job.id): could not record its end (\(error.description)); retrying") }
                try? await Task.sleep(for: .milliseconds(500))
            }
        }
        log("job \(job.id): its end could not be recorded; it will be reclaimed")
    }

    /// The job's heartbeat: keeps its entry, reports progress, hears cancellation and loss.
    private func beat(_ job: RunningJob) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(Int64(settings.heartbeatInterval * 1000)))
            if Task.isCancelled { return }
            // Progress is announced when it moved by a percent or more since the last beat.
            let progress: Double? = job.lock.withLock {
                guard let now = job.progress, abs(now - (job.announced ?? -1)) >= 0.01 else { return nil }
                job.announced = now
                return now
            }
            guard let reply = try? await client.run(ClusterScripts.heartbeat, keys: [.init(job.stream), .init(keys.job(job.id)), .init(keys.events(job.id))],
                                                    arguments: [.init(job.entry), .init(name), progress.map { .init(($0 * 1000).rounded() / 1000) } ?? ""]),
                  let answer = reply.text else { continue }
            if answer == "lost" {
                log("job \(job.id): another worker has it now (this one was quiet too long); stopping it here")
                job.end(.lost)
                return
            }
            if answer.hasPrefix("cancel ") {
                job.end(.cancelled(JobCancelReason(code: String(answer.dropFirst(7)))))
            }
        }
    }

    /// The worker's own heartbeat in the member list.
    private func beatForever() async {
        while !Task.isCancelled {
            let record = lock.withLock { () -> ClusterMember? in
                member.running = running.count
                return left ? nil : member
            }
            guard let record else { return }
            let known = lock.withLock { epochs }
            if let read = try? await registry.beat(record, knowing: known) {
                lock.withLock { epochs = read }
                if let known, known.current != read.current {
                    log("Redis lost data (epoch \(known.current.name) → \(read.current.name)): it came back empty or from an older copy; "
                        + "the jobs it no longer has are answered `lost`")
                }
            }
            try? await Task.sleep(for: .milliseconds(Int64(settings.heartbeatInterval * 1000)))
        }
    }

    private func finishedCounter() -> String { keys.finished(second: Int64(Date().timeIntervalSince1970)) }

    // MARK: Stopping

    /// Claims nothing more; running jobs may finish for `deadline` seconds, then the rest are
    /// cancelled here and handed back to the queue for another worker. Leaves the member list.
    public func drain(deadline: Double) async {
        lock.withLock { stopping = true; draining = true }
        defer { lock.withLock { draining = false } }
        wakeClaimLoop()
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int64(deadline * 1000))
        while runningCount > 0, clock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        let left = lock.withLock { Array(running.values) }
        for job in left {
            job.end(.handedBack)
            let result = try? await client.run(ClusterScripts.handBack, keys: [.init(keys.job(job.id)), .init(keys.queue), .init(job.stream)],
                                               arguments: [.init(job.id), .init(job.entry), .init(name)])
            log("job \(job.id): \(result?.integer == 1 ? "handed back to the queue" : "could not be handed back; it will be reclaimed")")
        }
        let settle = clock.now + .seconds(3)
        while runningCount > 0, clock.now < settle {
            try? await Task.sleep(for: .milliseconds(20))
        }
        await registry.leave(lock.withLock { self.left = true; return member })
    }

    /// Stops claiming at once (``run()`` returns within about a second).
    public func stop() {
        lock.withLock { stopping = true }
        wakeClaimLoop()
    }
}
