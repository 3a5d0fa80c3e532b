import Foundation
import Inkling
import InklingBase
import InklingEngines
import InklingOutputs

/// Generation jobs run in this process, the default of `inkling serve`: at most
/// ``JobLimits/maxConcurrentGenerations`` at once and
/// ``JobLimits/maxQueuedGenerations`` waiting behind them (503 `queue_full` beyond),
/// each stopped after ``JobLimits/generationTimeout`` (504 `generation_timeout`), its
/// images held in memory until their one download or ``JobLimits/imageTTL``, within
/// ``JobLimits/maxStoredBytes`` (503 `storage_full`).
///
/// Every job has a random id and is remembered after it ends for the image TTL, then forgotten;
/// at most ``JobLimits/maxRememberedJobs`` ended jobs are remembered (the oldest is
/// forgotten first). Its events are buffered and replayed to each reader of ``events(of:)`` from
/// the first. Its request (drawing, concepts) is held only until the job ends, and a job that
/// waits in the queue for longer than the TTL is dropped (503 `queue_timeout`), so nothing a
/// client sent outlives the TTL.
///
/// Queued jobs start in their ``JobLane``'s order: a free slot takes the oldest queued live job,
/// else the oldest batch job; a running job is never preempted.
///
/// Cancelling a running job (a deadline, a waiting client that hangs up, `DELETE`, a drain)
/// cancels the engine's work and waits up to ``cancellationGrace`` seconds for the engine to say
/// what became of it; the job's error says it too.
public final class LocalJobs: GenerationJobs, @unchecked Sendable {
    /// Seconds a cancelled generation's engine gets to say what became of its work before the
    /// job ends without it (``JobRunner/cancellationGrace``).
    static let cancellationGrace = 5.0
    /// Seconds a drain waits, after cancelling what still runs, for the engines to stop.
    static let drainSettle = 3.0

    private let engine: any ImageEngine
    private let slots: Int
    private let queueLimit: Int
    private let timeout: Double
    private let ttl: Duration
    private let ttlSeconds: Double
    /// Generations queued or running per client (``JobSubmission/client``).
    private var inFlight: [String: Int] = [:]
    private let rememberLimit: Int
    private let styles: [String]
    private let store: ImageStore
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    private let lock = NSLock()
    private var jobs: [String: LocalJob] = [:]
    /// Queued jobs' ids, first come first (live and batch together, so the queue's bound and its
    /// TTL hold for both); a slot that frees takes the first live one, else the first.
    private var queue: [String] = []
    /// Jobs holding a slot (preparing, painting, or stopping their engine work).
    private var running = 0
    /// Ended jobs' ids in the order they ended (so oldest first, and first to expire).
    private var endedOrder: [String] = []
    private var nextReader = 0
    private var stopping = false
    /// Waiters for ``running`` to reach 0.
    private var idleWaiters: [FirstArrival<Void>] = []
    private var throughput = JobThroughput()
    private var succeeded = 0
    private var failures = 0
    private var sweeper: Task<Void, Never>?

    /// Jobs for `engine` within `configuration` (slots, queue, generation timeout, image TTL and
    /// byte budget, jobs remembered, styles).
    public init(limits configuration: JobLimits, engine: any ImageEngine) {
        self.engine = engine
        slots = max(1, configuration.maxConcurrentGenerations)
        queueLimit = max(0, configuration.maxQueuedGenerations)
        timeout = configuration.generationTimeout
        ttlSeconds = configuration.imageTTL
        ttl = .milliseconds(Int64(configuration.imageTTL * 1000))
        rememberLimit = max(1, configuration.maxRememberedJobs)
        styles = configuration.allowedStyles.filter(engine.capabilities.styles.contains).map { $0.rawValue }
        store = ImageStore(ttl: configuration.imageTTL, maxBytes: configuration.maxStoredBytes)
        origin = clock.now
        // Expired images and jobs go even while no request comes to sweep them on the way.
        let interval = max(0.05, min(configuration.imageTTL / 2, 5))
        sweeper = Task.detached { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int64(interval * 1000)))
                guard let self else { return }
                self.sweep()
            }
        }
    }

    deinit { sweeper?.cancel() }

    // MARK: GenerationJobs

    public func submit(_ submission: JobSubmission) async throws(APIError) -> String {
        let id = RandomID.make()
        let now = clock.now
        enum Admission { case start(JobControl), queued, full, stopping, busy(Int) }
        let admission: Admission = lock.withLock {
            sweepLocked(now)
            if stopping { return .stopping }
            if running >= slots, queue.count >= queueLimit { return .full }
            if let client = submission.client, let most = submission.limits.concurrent, inFlight[client, default: 0] >= most { return .busy(most) }
            var job = LocalJob(id: id, owner: submission.owner, request: submission.request, submitted: now)
            job.client = submission.client
            job.storeShare = submission.limits.storeBytes
            job.lane = submission.lane
            if let client = submission.client { inFlight[client, default: 0] += 1 }
            defer { jobs[id] = job }
            guard running < slots else {
                queue.append(id)
                return .queued
            }
            running += 1
            return .start(begin(&job))
        }
        switch admission {
        case .start(let ending): launch(id, submission.request, owner: submission.owner, ending: ending)
        case .queued: break
        case .full: throw APIError.queueFull(slots: slots, queue: queueLimit)
        case .stopping: throw APIError.stopping
        case .busy(let most): throw APIError.tooManyGenerations(most)
        }
        return id
    }

    public func events(of id: String) -> AsyncThrowingStream<JobEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: JobEvent.self, throwing: (any Error).self)
        let now = clock.now
        lock.withLock {
            sweepLocked(now)
            guard var job = jobs[id] else { return continuation.finish(throwing: APIError.jobNotFound(id)) }
            for event in job.events { continuation.yield(event) }
            guard !job.state.isFinal else { return continuation.finish() }
            let key = nextReader
            nextReader += 1
            // Only a reader that goes away is removed here: finishing the readers (with
            // `.finished`) happens under the lock, which this handler must not take then.
            continuation.onTermination = { [weak self] termination in
                if case .cancelled = termination { self?.dropReader(key, of: id) }
            }
            job.readers[key] = continuation
            jobs[id] = job
        }
        return stream
    }

    public func status(of id: String, requester: String?) async throws(APIError) -> JobStatus {
        let now = clock.now
        let status: JobStatus? = lock.withLock {
            sweepLocked(now)
            guard let job = jobs[id], job.isVisible(to: requester) else { return nil }
            return job.status(position: positionLocked(of: job))
        }
        guard let status else { throw APIError.jobNotFound(id) }
        return status
    }

    public func cancel(_ id: String, requester: String?, reason: JobCancelReason) async throws(APIError) -> JobStatus {
        let now = clock.now
        let found: (status: JobStatus, ending: JobControl?)? = lock.withLock {
            sweepLocked(now)
            guard var job = jobs[id], job.isVisible(to: requester) else { return nil }
            switch job.state {
            case .queued:
                // It never starts: out of the queue, its request dropped.
                queue.removeAll { $0 == id }
                job.record(.cancelled(reason.answer()), at: now)
                endLocked(job, now: now, ran: false)
                return (job.status(position: nil), nil)
            case .running:
                return (job.status(position: nil), job.ending)
            case .succeeded, .failed, .cancelled:
                return (job.status(position: nil), nil)
            }
        }
        guard let found else { throw APIError.jobNotFound(id) }
        // A running job ends once its engine has said what became of its work.
        found.ending?.cancel(reason)
        return found.status
    }

    public func takeImage(_ id: String, requester: String?) async throws(APIError) -> [UInt8]? {
        store.take(id, requester: requester)
    }

    public func peekImage(_ id: String, requester: String?) async throws(APIError) -> [UInt8]? {
        store.peek(id, requester: requester)
    }

    public func availability() async -> JobsAvailability {
        let second = seconds(clock.now)
        let stored = store.count
        return lock.withLock {
            let worker = JobsAvailability.Worker(name: "local", engine: engine.identifier, styles: styles,
                                                 sizes: engine.capabilities.sizes, languages: engine.capabilities.languages.sorted(),
                                                 concurrency: slots,
                                                 running: running, lastSeen: 0, jobsDone: succeeded, failures: failures)
            return JobsAvailability(mode: "local", workers: [worker], running: running, queued: queue.count, queueLimit: queueLimit,
                                    throughput: throughput.perSecond(at: second), storedImages: stored)
        }
    }

    public func unhealthy() async -> String? {
        lock.withLock { stopping ? "the server is stopping: it takes no new generations" : nil }
    }

    public func drain(deadline: Double) async {
        let now = clock.now
        // Waiting jobs are answered 503 `stopping` at once; running ones get the deadline.
        lock.withLock {
            stopping = true
            for id in queue {
                guard var job = jobs[id] else { continue }
                job.record(.cancelled(APIError.stopping), at: now)
                endLocked(job, now: now, ran: false)
            }
            queue.removeAll()
        }
        await waitUntilIdle(seconds: deadline)
        let endings: [JobControl] = lock.withLock { jobs.values.compactMap(\.ending) }
        for ending in endings { ending.cancel(.stopping) }
        await waitUntilIdle(seconds: Self.drainSettle)
    }

    public func stop() {
        let now = clock.now
        let endings: [JobControl] = lock.withLock {
            stopping = true
            queue.removeAll()
            var endings: [JobControl] = []
            for var job in jobs.values where !job.state.isFinal {
                if let ending = job.ending { endings.append(ending) }
                job.record(.cancelled(APIError.stopping), at: now)
            }
            jobs.removeAll()
            inFlight.removeAll()
            endedOrder.removeAll()
            return endings
        }
        for ending in endings { ending.cancel(.stopping) }
        sweeper?.cancel()
        store.removeAll()
    }

    // MARK: Running a job

    /// Marks `job` as holding a slot and returns what ends its wait.
    private func begin(_ job: inout LocalJob) -> JobControl {
        let ending = JobControl()
        job.state = .running
        job.attempts = 1
        job.ending = ending
        job.request = nil
        return ending
    }

    private func launch(_ id: String, _ request: GenerationRequest, owner: String?, ending: JobControl) {
        Task {
            let final = await self.run(id, request, owner: owner, ending: ending)
            self.finish(id, with: final)
        }
    }

    /// Runs job `id` with ``JobRunner`` (which decides progress, the deadline and what a
    /// cancellation comes to), storing every image's PNG bytes as it arrives (no file is
    /// written) and recording it, and the job's progress, as the job's events. Returns the final event.
    private func run(_ id: String, _ request: GenerationRequest, owner: String?, ending: JobControl) async -> JobEvent {
        let runner = JobRunner(engine: engine, cancellationGrace: Self.cancellationGrace)
        let store = self.store
        let (client, share, lane) = lock.withLock { (jobs[id]?.client, jobs[id]?.storeShare, jobs[id]?.lane ?? .batch) }
        let outcome = await runner.run(request.job, lane: lane, control: ending, deadline: timeout) { [self] event in
            switch event {
            case .started(let prepared):
                record(.started(style: prepared.style.rawValue, limit: request.limit, notices: prepared.notices, worker: nil), of: id)
            case .image(let image):
                if ending.reason == .clientGone { return }  // no one will fetch it
                let imageID = try store.insert(image.png, owner: owner, client: client, share: share)
                let entry = JobImage(id: imageID, variation: image.recipe.variation, width: image.image.width,
                                     height: image.image.height, seed: image.recipe.seed, style: image.recipe.style.rawValue)
                // After the job has ended (the engine outran its grace), nothing shows it.
                if !record(.image(entry), of: id) { _ = store.take(imageID, requester: owner) }
            case .progress(let progress):
                self.progress(of: id, progress)
            case .notice:
                break
            }
        }
        return outcome.event(timeout: timeout)
    }

    /// Records a non-final event of job `id`; `false` when the job has ended or is forgotten.
    @discardableResult
    private func record(_ event: JobEvent, of id: String) -> Bool {
        let now = clock.now
        return lock.withLock {
            guard var job = jobs[id] else { return false }
            defer { jobs[id] = job }
            return job.record(event, at: now)
        }
    }

    /// Notes the job's progress; announces it as an event when ``JobProgress/announces``.
    private func progress(of id: String, _ progress: JobProgress) {
        let now = clock.now
        lock.withLock {
            guard var job = jobs[id], job.state == .running else { return }
            job.progress = progress.fraction
            if progress.announces { job.record(.progress(progress.announced), at: now) }
            jobs[id] = job
        }
    }

    /// Ends job `id` with `final`, frees its slot and starts the next queued job.
    private func finish(_ id: String, with final: JobEvent) {
        let now = clock.now
        let next: (id: String, request: GenerationRequest, owner: String?, ending: JobControl)? = lock.withLock {
            if var job = jobs[id], job.record(final, at: now) {
                jobs[id] = job
                endLocked(job, now: now, ran: true)
            }
            while let next = nextQueuedLocked() {
                let candidate = queue.remove(at: next)
                guard var job = jobs[candidate], let request = job.request else { continue }
                let ending = begin(&job)
                jobs[candidate] = job
                return (candidate, request, job.owner, ending)
            }
            running -= 1
            if running == 0 {
                defer { idleWaiters.removeAll() }
                for waiter in idleWaiters { waiter.offer(()) }
            }
            return nil
        }
        if let next { launch(next.id, next.request, owner: next.owner, ending: next.ending) }
    }

    /// Where the next job to start is in ``queue``: the first live one, else the first.
    private func nextQueuedLocked() -> Int? {
        guard !queue.isEmpty else { return nil }
        return queue.firstIndex { jobs[$0]?.lane == .live } ?? 0
    }

    /// A queued job's place in the order jobs start in (0: next): live jobs ahead of it, and for
    /// a batch job every queued live job and the batch jobs ahead of it.
    private func positionLocked(of job: LocalJob) -> Int? {
        guard let index = queue.firstIndex(of: job.id) else { return nil }
        switch job.lane {
        case .live: return queue[..<index].filter { jobs[$0]?.lane == .live }.count
        case .batch: return index + queue[(index + 1)...].filter { jobs[$0]?.lane == .live }.count
        }
    }

    /// Book-keeping for a job that has just ended (recorded already): counted, and remembered
    /// for the TTL among at most ``JobLimits/maxRememberedJobs``.
    private func endLocked(_ job: LocalJob, now: ContinuousClock.Instant, ran: Bool) {
        jobs[job.id] = job
        if let client = job.client, let count = inFlight[client] { inFlight[client] = count > 1 ? count - 1 : nil }
        endedOrder.append(job.id)
        if ran { throughput.record(at: seconds(now)) }
        switch job.state {
        case .succeeded: succeeded += 1
        case .failed: failures += 1
        case .queued, .running, .cancelled: break
        }
        forgetLocked(now)
    }

    /// Waits until no job holds a slot, or `seconds` have passed.
    private func waitUntilIdle(seconds: Double) async {
        let idle = FirstArrival<Void>()
        let busy: Bool = lock.withLock {
            guard running > 0 else { return false }
            idleWaiters.append(idle)
            return true
        }
        guard busy else { return }
        let timer = Task {
            try? await Task.sleep(for: .milliseconds(Int64(max(0, seconds) * 1000)))
            idle.offer(())
        }
        await idle.wait()
        timer.cancel()
    }

    private func dropReader(_ key: Int, of id: String) {
        lock.withLock { _ = jobs[id]?.readers.removeValue(forKey: key) }
    }

    // MARK: Forgetting

    /// Deletes expired images and jobs, and drops jobs queued for longer than the TTL.
    func sweep() {
        let now = clock.now
        lock.withLock { sweepLocked(now) }
        store.sweep()
    }

    private func sweepLocked(_ now: ContinuousClock.Instant) {
        while let first = queue.first, let job = jobs[first], job.submitted + ttl <= now {
            queue.removeFirst()
            var dropped = job
            dropped.record(.cancelled(APIError(503, "queue_timeout", "the generation waited \(NumberText.compact(ttlSeconds)) s for a free slot and was dropped; retry when the server is less busy", retryAfter: 5)), at: now)
            endLocked(dropped, now: now, ran: false)
        }
        forgetLocked(now)
    }

    /// Forgets ended jobs past the TTL, and the oldest ended ones beyond the cap.
    private func forgetLocked(_ now: ContinuousClock.Instant) {
        var drop = 0
        while drop < endedOrder.count {
            let id = endedOrder[drop]
            guard let job = jobs[id], let ended = job.ended else { drop += 1; continue }
            guard ended + ttl <= now || endedOrder.count - drop > rememberLimit else { break }
            jobs.removeValue(forKey: id)
            drop += 1
        }
        if drop > 0 { endedOrder.removeFirst(drop) }
    }

    // MARK: Answers

    /// Whole seconds since this object was made.
    private func seconds(_ instant: ContinuousClock.Instant) -> Int {
        Int((instant - origin) / .seconds(1))
    }
}
