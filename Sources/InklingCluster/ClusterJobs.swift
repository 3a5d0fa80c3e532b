import InklingLimits
import Foundation
import InklingBase
import InklingConditioning
import InklingRedis
import InklingJobs
import InklingStrokes

/// The jobs of a cluster front end (`inkling serve --cluster`): requests are queued on Redis
/// Streams for the workers of an engine that can paint them, and whatever a client asks about a
/// job (its events, its state, its images, its cancellation) is read from Redis, so any front
/// end answers for any job.
public final class ClusterJobs: GenerationJobs, @unchecked Sendable {
    let settings: ClusterSettings
    let client: RedisClient
    let registry: ClusterRegistry
    let keys: ClusterKeys
    /// Seconds an undelivered image (and a finished job) is kept.
    let imageTTL: Double
    /// Seconds a job may run on its worker.
    let generationTimeout: Double
    /// The style a request without one is painted in (for routing).
    let defaultStyle: String
    private var member: ClusterMember
    let lock = NSLock()
    private var stopping = false
    private var readers = 0
    private var heartbeat: Task<Void, Never>?
    /// The live workers as last read, and when: routing reads them at most every half second.
    private var liveWorkers: (read: ContinuousClock.Instant, members: [ClusterMember])?
    /// Whether a read of the live workers is under way (routing does not wait for it).
    private var refreshingWorkers = false
    /// Jobs this front end has just queued for a client that waits for them: the id of each
    /// one's `queued` event, where reading its events starts (``events(of:)`` takes it; entries
    /// nobody took are dropped after a minute).
    private var justQueued: [String: (event: String, at: ContinuousClock.Instant)] = [:]
    /// The epoch of Redis's data and the earlier ones, as the last heartbeat read them.
    var epochs: ClusterRegistry.Epochs?

    /// A front end on `settings`' Redis; `url` is where it listens (for `cluster status`).
    public init(settings: ClusterSettings, imageTTL: Double, generationTimeout: Double, defaultStyle: String,
                name: String? = nil, url: String? = nil) throws(ClusterError) {
        try settings.validate()
        if settings.url.tls { throw .redis(.tlsUnavailable("rediss:// needs hiredis with TLS, which this build does not have; use redis:// on a trusted network, or a TLS tunnel")) }
        self.settings = settings
        client = RedisClient(url: settings.url)
        keys = settings.keys
        registry = ClusterRegistry(client: client, keys: keys, staleAfter: settings.staleAfter)
        self.imageTTL = imageTTL
        self.generationTimeout = generationTimeout
        self.defaultStyle = defaultStyle
        member = ClusterMember(role: "frontend", name: name ?? ClusterMember.defaultName(), url: url)
        let interval = settings.heartbeatInterval
        heartbeat = Task.detached { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                _ = try? await self.beat()
                try? await Task.sleep(for: .milliseconds(Int64(interval * 1000)))
            }
        }
    }

    deinit { heartbeat?.cancel() }

    /// This front end's name in the cluster.
    public var name: String { lock.withLock { member.name } }

    /// Records where this front end listens, for `inkling cluster status` (known only once the
    /// server has its port).
    public func announce(url: String) { lock.withLock { member.url = url } }

    func unavailable(_ error: RedisError) -> APIError { ClusterError.unavailable(error, settings.url) }

    /// Writes this front end's heartbeat and reads the epoch of Redis's data; says when the epoch
    /// changed (Redis came back empty).
    @discardableResult
    private func beat() async throws(RedisError) -> ClusterRegistry.Epochs {
        let (record, known) = lock.withLock { (member, epochs) }
        let read = try await registry.beat(record, knowing: known)
        let now = lock.withLock {
            // A job queued meanwhile may have raised the clock this front end saw.
            if let later = epochs, later.current == read.current { epochs = read.seeing(clock: later.clock) } else { epochs = read }
            return epochs ?? read
        }
        if let known, known.current != read.current {
            FileHandle.standardError.write(Data(("inkling: the cluster's Redis (\(settings.url)) lost data (its epoch went from \(known.current.name) "
                + "to \(read.current.name)): it came back empty or from an older copy; jobs and images it no longer has are answered `lost`\n").utf8))
        }
        return now
    }

    /// The epoch new ids are made under: the last heartbeat's, or read now.
    private func currentEpoch() async throws(APIError) -> ClusterEpoch {
        if let known = lock.withLock({ epochs?.current }) { return known }
        do { return try await beat().current } catch { throw unavailable(error) }
    }

    /// Seconds after an epoch was replaced during which an id made under it may name a job or
    /// image that existed then: the longest a job lives (its wait, every attempt, the image TTL),
    /// and ten minutes more. Later, such an id would have expired anyway and is answered 404.
    var lostWindow: Double {
        (generationTimeout + settings.visibilityTimeout) * Double(settings.maxAttempts + 1) + imageTTL * 2 + 600
    }

    // MARK: Submitting

    public func submit(_ submission: JobSubmission) async throws(APIError) -> String {
        if lock.withLock({ stopping }) { throw APIError.stopping }
        let style = submission.request.style?.rawValue ?? defaultStyle
        let workers = try await routableWorkers()
        // The size the engine will be asked for: the request's, or its drawing's canvas.
        let drawing = submission.request.concepts.lazy.compactMap { if case .drawing(let d) = $0 { d } else { nil } }.first
        let engine = try Self.route(style: style, size: submission.request.options.size.following(drawing), language: {
            // As a worker's engine will detect it, when sure enough to refuse a language.
            ConceptResolver.language(of: submission.request.concepts)
                .flatMap { $0.confidence >= ConceptResolver.defaultMinimumConfidence ? $0.code : nil }
        }, workers: workers)
        let spec = try JobSpec(submission.request, packedDrawingVersion: Self.packedDrawingVersion(engine: engine, workers: workers))
        var submission = submission
        submission.lane = Self.lane(submission.lane, engine: engine, workers: workers)
        // Queued under the epoch of Redis's data; if Redis lost its data since this front end
        // last looked, the script says so and the job is queued again under the new epoch.
        var epoch = try await currentEpoch()
        for attempt in 0..<2 {
            do throws(EnqueueRefusal) {
                return try await enqueue(submission, spec: spec, engine: engine, epoch: epoch)
            } catch {
                switch error {
                case .refused(let answer): throw answer
                case .epochReplaced where attempt == 0:
                    do { epoch = try await beat().current } catch { throw unavailable(error) }
                case .epochReplaced: break
                }
            }
        }
        throw APIError(503, "cluster_unavailable", "the cluster's Redis lost its data twice while this job was queued; retry", retryAfter: 5)
    }

    /// Why ``enqueue(_:spec:engine:epoch:)`` did not queue a job.
    private enum EnqueueRefusal: Error {
        /// Redis's data is of another epoch than the one the id was made under.
        case epochReplaced
        /// The answer for the client.
        case refused(APIError)
    }

    /// Queues the job under `epoch` in one round trip; its id.
    private func enqueue(_ submission: JobSubmission, spec: JobSpec, engine: String, epoch: ClusterEpoch) async throws(EnqueueRefusal) -> String {
        let id = epoch.makeID()
        // A job waits in the queue at most the image TTL (as in single-process mode): then its
        // keys expire, and its waiting note answers `queue_timeout` for another image TTL.
        let queueWait = Int(imageTTL.rounded(.up))
        let owner = submission.owner.map(Self.tag) ?? ""
        var fields: [RedisArgument] = [
            "engine", .init(engine), "limit", .init(submission.request.limit), "ttl", .init(Int(imageTTL.rounded(.up))),
            "timeout", .init(generationTimeout), "frontend", .init(name),
        ]
        if !owner.isEmpty { fields += ["owner", .init(owner)] }
        // A live frame's entry goes to the engine's live stream, which workers read first; the
        // lane names that stream again when the job is cancelled.
        if submission.lane == .live { fields += ["lane", .init(JobLane.live.rawValue)] }
        // Whose share of the image store its images count against.
        let clientTag = submission.client.map(Self.tag)
        if let clientTag { fields += ["client", .init(clientTag)] }
        // The inputs go into the job's hash with its expiry, atomically, before the script: sent
        // through its arguments, Redis would copy their bytes into Lua and back.
        var inputs: [RedisArgument] = [
            "HSET", .init(keys.job(id)), "spec", .init(spec.json),
            "positions", .init(spec.imagePositions.map(String.init).joined(separator: ",")), "inputs", .init(spec.images.count),
        ]
        if let drawing = spec.drawing { inputs += ["drawing", .init(drawing), "drawingAt", .init(spec.drawingPosition)] }
        for (i, image) in spec.images.enumerated() { inputs += [.init("input:\(i)"), .init(image)] }
        // A client's generations at once and its share of the image store (0: not counted).
        let mostAtOnce: Int = clientTag == nil ? 0 : submission.limits.concurrent ?? 0
        let share: Int = clientTag == nil ? 0 : submission.limits.storeBytes ?? Self.defaultStoreShare
        let counted = clientTag ?? "nobody"
        let scriptKeys: [RedisArgument] = [
            .init(keys.queue), .init(keys.job(id)), .init(keys.jobs(engine: engine, lane: submission.lane)), .init(keys.events(id)), .init(keys.epoch),
            .init(keys.waiting(id)), .init(keys.clock), .init(keys.generations(counted)), .init(keys.stored(counted)), .init(keys.storedBytes(counted)),
        ]
        let scriptArguments: [RedisArgument] = [
            .init(id), .init(settings.queueLimit), .init(queueWait), .init(epoch.name), .init("\(owner):\(submission.request.limit)"),
            .init(queueWait * 2), .init(mostAtOnce), .init(share),
        ]
        let reply: RedisReply
        do throws(RedisError) {
            let sent = try await client.run(ClusterScripts.enqueue, keys: scriptKeys, arguments: scriptArguments + fields,
                                            after: [["MULTI"], inputs, ["EXPIRE", .init(keys.job(id)), .init(queueWait)], ["EXEC"]])
            reply = sent.script
            if reply.integer == -1 {
                // Why the transaction storing the inputs failed: its first refused command (OOM
                // when Redis is full), not the EXECABORT that follows it.
                let errors = sent.commands.compactMap { if case .error(let message) = $0 { message } else { nil } }
                throw .server(errors.first { !$0.hasPrefix("EXECABORT") } ?? errors.first ?? "the job's inputs were not stored")
            }
        } catch {
            throw .refused(unavailable(error))
        }
        if reply.integer == -2 { throw .epochReplaced }
        if reply.integer == -3 { throw .refused(.tooManyGenerations(submission.limits.concurrent ?? 0)) }
        if reply.integer == -4 {
            let share = submission.limits.storeBytes ?? Self.defaultStoreShare
            throw .refused(APIError(429, "storage_share_full", "your finished images waiting for download fill your share of the cluster's image store "
                + "(\(NumberText.bytes(share))); download them or wait for them to expire, then retry", retryAfter: 10))
        }
        guard let parts = reply.array, parts.count == 2, let queued = parts[0].text else {
            // A place frees when the next job ends: at the measured drain rate, 1 / rate seconds.
            let drain = await drainRate()
            let wait = drain > 0 ? min(600, max(1, Int((1 / drain).rounded(.up)))) : 30
            throw .refused(APIError(503, "queue_full", "the cluster's queue is full (\(settings.queueLimit) jobs waiting); retry in \(wait) s", retryAfter: wait))
        }
        lock.withLock {
            if let clock = parts[1].integer, let known = epochs, known.current == epoch { epochs = known.seeing(clock: clock) }
            member.jobsDone += 1
            if !submission.request.asynchronous {
                let now = ContinuousClock.now
                if justQueued.count >= 1000 { justQueued = justQueued.filter { now - $0.value.at < .seconds(60) } }
                justQueued[id] = (queued, now)
            }
        }
        return id
    }

    /// The live workers, read again when the last reading is half a second old (a worker that
    /// has just joined or died is seen within that, plus the heartbeat's staleness). A request
    /// waits for the reading only when none is known; otherwise the last one routes it while a
    /// new one is read.
    private func routableWorkers() async throws(APIError) -> [ClusterMember] {
        let now = ContinuousClock.now
        let (cached, refresh): ([ClusterMember]?, Bool) = lock.withLock {
            guard let known = liveWorkers, !known.members.isEmpty else { return (nil, false) }
            let stale = now - known.read >= .milliseconds(500) && !refreshingWorkers
            if stale { refreshingWorkers = true }
            return (known.members, stale)
        }
        if let cached {
            if refresh {
                Task {
                    let workers = try? await self.registry.members(role: "worker", live: true)
                    self.lock.withLock {
                        if let workers { self.liveWorkers = (ContinuousClock.now, workers) }
                        self.refreshingWorkers = false
                    }
                }
            }
            return cached
        }
        let workers: [ClusterMember]
        do { workers = try await registry.members(role: "worker", live: true) } catch { throw unavailable(error) }
        lock.withLock { liveWorkers = (now, workers) }
        return workers
    }

    /// The newest ``PackedDrawing`` version every live worker of `engine` reads: any of them may
    /// claim the job, so during a deploy that mixes versions the drawing is written in the oldest.
    static func packedDrawingVersion(engine: String, workers: [ClusterMember]) -> Int {
        workers.filter { $0.engine == engine }.map(\.packedDrawingVersion).min() ?? PackedDrawing.newestVersion
    }

    /// The lane a job asked to be in `lane` is queued in: the live lane only when every live
    /// worker of `engine` claims from it, so that during a deploy that mixes versions a live
    /// frame waits in the batch stream (without its priority) rather than where no worker looks.
    static func lane(_ lane: JobLane, engine: String, workers: [ClusterMember]) -> JobLane {
        guard lane == .live else { return lane }
        return workers.allSatisfy { $0.engine != engine || $0.readsLiveLane } ? .live : .batch
    }

    /// The engine whose live workers paint `style`, understand the request's language, have the
    /// size closest to `size` (by the rule engines pick their size with,
    /// ``SizeRequest/resolve(among:)``) and the most free slots, in that order.
    ///
    /// An engine's sizes and languages are those its workers list; an engine with a worker that
    /// lists none (built before workers said) counts as having the closest size and
    /// understanding every language. `language` (the request's detected language, or `nil`) is
    /// asked for only when the engines' languages differ; when no engine understands it, the
    /// job goes where it otherwise would (and its worker refuses it with
    /// `unsupported_language`). Without a size to aim at (``SizeRequest/engineDefault``), sizes
    /// do not matter.
    static func route(style: String, size: SizeRequest = .engineDefault, language: () -> String? = { nil },
                      workers: [ClusterMember]) throws(APIError) -> String {
        guard !workers.isEmpty else {
            throw APIError(503, "no_workers", "no worker is connected to the cluster; start one with `inkling worker --cluster URL`", retryAfter: 10)
        }
        var free: [String: Int] = [:]
        // Each engine's closest size's miss, and its languages; nil: unknown (a worker that lists none).
        var misses: [String: SizeMiss?] = [:]
        var languages: [String: Set<String>?] = [:]
        for worker in workers where worker.styles.contains(style) {
            guard let engine = worker.engine else { continue }
            free[engine, default: 0] += max(0, worker.concurrency - worker.running) * 1000 + worker.concurrency
            let listed = worker.languages.map(Set.init)
            if let known = languages[engine] {
                languages[engine] = .some(known.flatMap { earlier in listed.map { earlier.union($0) } })
            } else {
                languages[engine] = .some(listed)
            }
            let miss = worker.sizes.map { $0.compactMap(size.miss(of:)).reduce(SizeMiss.farthest, SizeMiss.closer) }
            if let known = misses[engine] {
                // Any worker that lists none makes the engine's unknown; else the closest of its workers'.
                misses[engine] = .some(known.flatMap { earlier in miss.map { SizeMiss.closer(earlier, $0) } })
            } else {
                misses[engine] = .some(miss)
            }
        }
        // Engines that do not understand the request's language give way to those that do.
        if Set(languages.values).count > 1, let code = language() {
            let understanding = Set(languages.filter { $0.value?.contains(code) ?? true }.keys)
            if !understanding.isEmpty {
                for engine in languages.keys where !understanding.contains(engine) {
                    free[engine] = nil
                    misses[engine] = nil
                }
            }
        }
        let known = misses.values.compactMap { $0 }
        if !known.isEmpty {
            let closest = known.reduce(SizeMiss.farthest, SizeMiss.closer)
            // Engines farther from the size asked for than the closest one give way to it.
            for (engine, miss) in misses {
                if let miss, closest.isCloser(than: miss) { free[engine] = nil }
            }
        }
        guard let best = free.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) else {
            let offered = Set(workers.flatMap(\.styles)).sorted().joined(separator: ", ")
            throw APIError(422, "style_not_served", "no connected worker paints the style '\(style.prefix(40))'; the workers paint \(offered)")
        }
        return best.key
    }

    /// How a client (`key …` or `address …`) is named in Redis: a digest, so that API keys and
    /// addresses are not readable by whoever can read Redis.
    static func tag(_ client: String) -> String { SHA256.hex(of: Array(("inkling client " + client).utf8)) }


    /// A client's share of the cluster's images waiting for download, unless its key sets one
    /// (`store=`): 64 MiB, as a quarter of single-process mode's 256 MiB store.
    static let defaultStoreShare = 64 << 20

    // MARK: Reading a job

    public func events(of id: String) -> AsyncThrowingStream<JobEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<JobEvent, any Error>.makeStream()
        lock.withLock { readers += 1 }
        let task = Task {
            defer { self.lock.withLock { self.readers -= 1 } }
            do {
                try await self.follow(id, into: continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Reads the job's event stream from its start until its last event.
    private func follow(_ id: String, into continuation: AsyncThrowingStream<JobEvent, any Error>.Continuation) async throws {
        var last = "0"
        var pending: RedisReply?
        if let queued = lock.withLock({ justQueued.removeValue(forKey: id) }) {
            // Queued here a moment ago: it exists, and all it has said is `queued`.
            last = queued.event
        } else {
            // Whether the job exists, and what it has said so far, in one round trip.
            let first: [RedisReply]
            do {
                first = try await client.pipeline([["EXISTS", .init(keys.job(id))], ["XREAD", "COUNT", "100", "STREAMS", .init(keys.events(id)), "0"]])
            } catch {
                throw unavailable(error)
            }
            if first[0].integer == 0 {
                // Never here, expired, or gone: a job whose wait ran out or whose Redis lost it ends with why.
                guard let end = try await absence(of: id, job: true).finalEvent(self, seen: false) else { throw Self.notFound(id) }
                continuation.yield(end)
                return
            }
            pending = first[1]
        }
        var started = false
        var failingSince: ContinuousClock.Instant?
        let clock = ContinuousClock()
        while !Task.isCancelled {
            let reply: RedisReply
            do {
                if let read = pending {
                    reply = read
                    pending = nil
                } else {
                    reply = try await client.blocking(["XREAD", "COUNT", "100", "BLOCK", "1000", "STREAMS", .init(keys.events(id)), .init(last)],
                                                      blockMilliseconds: 1000)
                }
                failingSince = nil
            } catch {
                // Redis may come back (a restart with AOF keeps the job): keep trying for a while.
                let since = failingSince ?? clock.now
                failingSince = since
                if clock.now - since > .seconds(15) { throw unavailable(error) }
                try await Task.sleep(for: .milliseconds(250))
                continue
            }
            let entries = reply.streamEntries
            if entries.isEmpty {
                // Nothing new in a second: the job may have expired unstarted, or been lost.
                if (try? await client.command(["EXISTS", .init(keys.job(id))]))?.integer == 0,
                   let absence = try? await absence(of: id, job: true) {
                    continuation.yield(absence.finalEvent(self, seen: true) ?? .failed(lost(replacedAt: nil)))
                    return
                }
                continue
            }
            for entry in entries {
                last = entry.id
                guard let bytes = entry.fields["e"], let event = JobEventJSON.decode(bytes) else { continue }
                if case .started = event {
                    // A reclaimed job starts again on another worker; its client hears it once.
                    if started { continue }
                    started = true
                }
                continuation.yield(event)
                if event.isFinal { return }
            }
        }
    }

    static func notFound(_ id: String) -> APIError {
        APIError(404, "job_not_found", "no job \(id.prefix(64)): jobs are kept while they run and for the image TTL after")
    }

    public func status(of id: String, requester: String?) async throws(APIError) -> JobStatus {
        let replies: [RedisReply]
        do {
            replies = try await client.pipeline([
                ["HGETALL", .init(keys.job(id))], ["ZRANK", .init(keys.queue), .init(id)], ["HGETALL", .init(keys.images(id))],
            ])
        } catch {
            throw unavailable(error)
        }
        let job = replies[0].fields
        guard let stateText = job.text("state"), let state = JobState(rawValue: stateText) else {
            return try status(absent: await absence(of: id, job: true), id: id, requester: requester)
        }
        if let owner = job.text("owner"), owner != requester.map(Self.tag) { throw Self.notFound(id) }
        let limit = job.int("limit") ?? 1
        let images = replies[2].fields.values.compactMap(JobEventJSON.image).sorted { $0.variation < $1.variation }
        let done = Double(job.int("done") ?? images.count)
        var progress = state == .succeeded ? 1 : min(1, done / Double(max(1, limit)))
        if state == .running, let within = job.double("progress") { progress = max(progress, min(1, within)) }
        return JobStatus(id: id, state: state, position: state == .queued ? replies[1].integer.map(Int.init) : nil,
                         worker: job.text("worker"), progress: progress, limit: limit, style: job.text("style"), images: images,
                         error: job["error"].flatMap(JobEventJSON.error), attempts: job.int("attempts") ?? 0)
    }

    public func cancel(_ id: String, requester: String?, reason: JobCancelReason) async throws(APIError) -> JobStatus {
        do {
            let found = try await client.command(["HMGET", .init(keys.job(id)), "engine", "lane"]).array ?? []
            guard let engine = found.first?.text else {
                return try status(absent: await absence(of: id, job: true), id: id, requester: requester)
            }
            // The stream its entry is in (a queued job's entry is deleted with it).
            let lane = found.dropFirst().first?.text.flatMap(JobLane.init(rawValue:)) ?? .batch
            let error = reason.answer(timeout: generationTimeout)
            let result = try await client.run(ClusterScripts.cancel, keys: [
                .init(keys.job(id)), .init(keys.events(id)), .init(keys.images(id)), .init(keys.queue), .init(keys.jobs(engine: engine, lane: lane)),
                .init(keys.finished(second: Int64(Date().timeIntervalSince1970))),
            ], arguments: [.init(id), .init(requester.map(Self.tag) ?? ""), .init(reason.code), .init(JobEventJSON.encode(.cancelled(error))),
                           .init(JobEventJSON.error(error).text)])
            if result.text == "gone" { throw Self.notFound(id) }
        } catch let error as RedisError {
            throw unavailable(error)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(500, "internal", "\(error)")
        }
        return try await status(of: id, requester: requester)
    }

    // MARK: Images

    public func takeImage(_ id: String, requester: String?) async throws(APIError) -> [UInt8]? {
        try await image(id, requester: requester, mode: "take")
    }

    public func peekImage(_ id: String, requester: String?) async throws(APIError) -> [UInt8]? {
        try await image(id, requester: requester, mode: "peek")
    }

    private func image(_ id: String, requester: String?, mode: RedisArgument) async throws(APIError) -> [UInt8]? {
        let png: [UInt8]?
        do {
            png = try await client.run(ClusterScripts.image, keys: [.init(keys.image(id)), .init(keys.imageOwner(id))],
                                       arguments: [.init(requester.map(Self.tag) ?? ""), mode, .init(keys.prefix)]).bytes
        } catch {
            throw unavailable(error)
        }
        if png == nil, case .lost(let at) = try await absence(of: id, job: false) {
            let ago = NumberText.compact(max(0, (Date().timeIntervalSince1970 - at).rounded()))
            throw APIError(410, "lost", "image \(id.prefix(64)) is not in the cluster's Redis, which lost data \(ago) s ago (it came back "
                + "empty or from an older copy): it was lost then, unless it had been downloaded before; generate it again")
        }
        return png
    }

    // MARK: The cluster's state

    public func availability() async -> JobsAvailability {
        let workers = (try? await registry.members(role: "worker", live: true)) ?? []
        let queued = (try? await client.command(["ZCARD", .init(keys.queue)]))?.integer ?? 0
        return JobsAvailability(
            mode: "cluster",
            workers: workers.map { .init(name: $0.name, engine: $0.engine ?? "", styles: $0.styles, sizes: $0.sizes, languages: $0.languages,
                                         concurrency: $0.concurrency,
                                         running: $0.running, lastSeen: $0.lastSeen, jobsDone: $0.jobsDone, failures: $0.failures) },
            running: workers.reduce(0) { $0 + $1.running }, queued: Int(queued), queueLimit: settings.queueLimit,
            throughput: await drainRate())
    }

    /// Jobs ended per second over the last minute (all front ends and workers together).
    func drainRate() async -> Double {
        let now = Int64(Date().timeIntervalSince1970)
        let counters = (0..<60).map { RedisArgument(keys.finished(second: now - Int64($0))) }
        guard let reply = try? await client.command(["MGET"] + counters) else { return 0 }
        let total = (reply.array ?? []).reduce(0) { $0 + Int($1.integer ?? 0) }
        return Double(total) / 60
    }

    public func unhealthy() async -> String? {
        guard let error = await client.ping() else { return nil }
        return "the cluster's Redis (\(settings.url)) cannot be reached: \(error.description)"
    }

    public func drain(deadline: Double) async {
        lock.withLock { stopping = true }
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int64(deadline * 1000))
        while lock.withLock({ readers }) > 0, clock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        heartbeat?.cancel()
        await registry.leave(lock.withLock { member })
    }

    public func stop() {
        lock.withLock { stopping = true }
        heartbeat?.cancel()
        client.close()
    }
}
