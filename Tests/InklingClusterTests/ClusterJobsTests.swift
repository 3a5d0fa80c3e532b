@testable import InklingJobs
import Foundation
import InklingBase
import InklingBuiltInEngine
@testable import InklingCluster
import InklingConditioning
import InklingEngines
import InklingRedis
import InklingRedisTestSupport
import InklingStrokes
@testable import InklingServer
import XCTest

/// A front end's jobs and a worker in one process, against a real redis-server.
final class ClusterJobsTests: XCTestCase {
    func testAJobRunsOnAWorkerAndItsImagesAreDownloadedOnce() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }

        let id = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 2), owner: nil))
        XCTAssertEqual(id.count, 32)
        let events = try await ClusterTestSupport.events(jobs, id)
        guard case .started(let style, let limit, _, let by)? = events.first else { return XCTFail("first event: \(events)") }
        XCTAssertEqual(style, "sketch")
        XCTAssertEqual(limit, 2)
        XCTAssertEqual(by, worker.name)
        let images = events.compactMap { if case .image(let image) = $0 { image } else { nil } }
        XCTAssertEqual(images.map(\.variation).sorted(), [0, 1])
        XCTAssertEqual(events.last, .done(count: 2))

        let status = try await jobs.status(of: id, requester: nil)
        XCTAssertEqual(status.state, .succeeded)
        XCTAssertEqual(status.images.count, 2)
        XCTAssertEqual(status.attempts, 1)
        for image in images {
            let png = try await jobs.takeImage(image.id, requester: nil)
            XCTAssertEqual(png.map { Array($0.prefix(4)) }, [0x89, 0x50, 0x4E, 0x47])
            let again = try await jobs.takeImage(image.id, requester: nil)
            XCTAssertNil(again, "an image is downloaded once")
        }
        // The request and the drawing are gone as soon as the job ends.
        let fields = try await RedisClient(url: redis.url).command(["HKEYS", .init(settings.keys.job(id))]).array?.compactMap(\.text) ?? []
        XCTAssertTrue(Set(fields).isDisjoint(with: ["spec", "drawing", "drawingAt", "positions", "inputs"]), "\(fields)")
    }

    func testOwnedJobsAnswerOnlyTheirOwner() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        let id = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: "key a"))
        let events = try await ClusterTestSupport.events(jobs, id)
        guard case .image(let image)? = events.first(where: { if case .image = $0 { true } else { false } }) else { return XCTFail("\(events)") }
        do {
            _ = try await jobs.status(of: id, requester: "key b")
            XCTFail("another key saw the job")
        } catch {
            XCTAssertEqual(error.code, "job_not_found")
        }
        let stolen = try await jobs.takeImage(image.id, requester: "key b")
        XCTAssertNil(stolen)
        let mine = try await jobs.takeImage(image.id, requester: "key a")
        XCTAssertNotNil(mine)
    }

    func testNoWorkerIsA503AndAnUnknownStyleA422() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        do {
            _ = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(), owner: nil))
            XCTFail("queued with no worker")
        } catch {
            XCTAssertEqual((error as? APIError)?.status, 503)
            XCTAssertEqual((error as? APIError)?.code, "no_workers")
        }
        let worker = try ClusterWorker(settings: settings, engine: BuiltInEngine(), engineName: "builtin", concurrency: 1,
                                       allowedStyles: [.emoji], defaultStyle: .emoji)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        do {
            _ = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(style: "sketch"), owner: nil))
            XCTFail("queued for a style nobody paints")
        } catch {
            XCTAssertEqual((error as? APIError)?.code, "style_not_served")
        }
    }

    func testTheQueueIsBoundedClusterWideWithARetryAfter() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis) { $0.queueLimit = 3 }
        let jobs = try frontEnd(settings)
        // A worker that joins and then stops claiming: its registration stays live for a while.
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        worker.stop()
        await running.value
        var accepted: [String] = []
        for _ in 0..<3 { accepted.append(try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(), owner: nil))) }
        do {
            _ = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(), owner: nil))
            XCTFail("a fourth job was queued")
        } catch {
            XCTAssertEqual((error as? APIError)?.code, "queue_full")
            XCTAssertNotNil((error as? APIError)?.retryAfter)
        }
        // The refused job's inputs, written before the script refused it, are gone again.
        let client = RedisClient(url: redis.url)
        let hashes = try await client.command(["KEYS", "inkling:job:*"]).array?.compactMap(\.text).filter { !$0.hasSuffix(":events") && !$0.hasSuffix(":waiting") } ?? []
        XCTAssertEqual(Set(hashes), Set(accepted.map { "inkling:job:" + $0 }), "only the accepted jobs have a hash")
        let position = try await jobs.status(of: accepted[2], requester: nil).position
        XCTAssertEqual(position, 2)
        // Cancelling a queued job frees its place and it never starts.
        let cancelled = try await jobs.cancel(accepted[0], requester: nil, reason: .requested)
        XCTAssertEqual(cancelled.state, .cancelled)
        _ = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(), owner: nil))
    }

    func testAClaimStartsWhatItClaimedInItsOwnRoundTripAndNothingElse() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        try await ClusterTestSupport.listGhostWorker(client, settings)
        let first = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        let second = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        let stream = settings.keys.jobs(engine: "builtin")
        let live = settings.keys.jobs(engine: "builtin", lane: .live)
        let claimDigest = try await client.digest(of: ClusterScripts.claim)
        let digest = try await client.digest(of: ClusterScripts.startClaimed)
        // A claim as a worker sends it: the claim (live, then batch), and the script right behind it.
        func claim() async throws -> (entries: [(id: String, fields: [String: [UInt8]])], started: [[RedisReply]]) {
            let replies = try await client.pipeline([
                ["EVALSHA", .init(claimDigest), "2", .init(live), .init(stream), "workers", "w1", "1"],
                ["EVALSHA", .init(digest), "5", .init(live), .init(stream), .init(settings.keys.queue), .init(settings.keys.deadLetter),
                 .init(settings.keys.finished(second: 0)), .init(settings.keys.prefix), "workers", "w1", "3", "100", "{}", "{}", "builtin", "1", "17"],
            ])
            let claimed = ClusterWorker.claimed(replies[0], streams: [live, stream]).entries
            XCTAssertTrue(claimed.allSatisfy { $0.stream == stream }, "only batch entries were queued")
            // Each started job: [stream, entry, job, verdict, hash], without the stream's place.
            return (claimed.map { ($0.id, $0.fields) }, (replies[1].array ?? []).compactMap(\.array).map { Array($0.dropFirst()) })
        }
        let one = try await claim()
        XCTAssertEqual(one.entries.map { $0.fields.text("job") }, [first])
        XCTAssertEqual(one.started.count, 1)
        XCTAssertEqual(one.started.first?[0].text, one.entries.first?.id)
        XCTAssertEqual(one.started.first?[1].text, first)
        XCTAssertEqual(one.started.first?[2].text, "run 1")
        XCTAssertNotNil(one.started.first?[3].fields["spec"], "the job's inputs come back with it")
        let status = try await jobs.status(of: first, requester: nil)
        XCTAssertEqual(status.state, .running)
        XCTAssertEqual(status.worker, "w1")
        XCTAssertEqual(status.attempts, 1)
        // The next claim starts the second job only; the first is not started again.
        let two = try await claim()
        XCTAssertEqual(two.started.map { $0[1].text }, [second])
        let again = try await jobs.status(of: first, requester: nil)
        XCTAssertEqual(again.attempts, 1)
        // A claim that finds nothing starts nothing.
        let none = try await claim()
        XCTAssertTrue(none.entries.isEmpty)
        XCTAssertTrue(none.started.isEmpty)
        // An entry delivered twice (reclaimed) is left to the start script of its own, even if
        // its job reads as queued.
        _ = try await client.command(["XAUTOCLAIM", .init(stream), "workers", "w1", "0", "0-0"])
        _ = try await client.command(["HSET", .init(settings.keys.job(first)), "state", "queued"])
        let reclaimed = try await claim()
        XCTAssertTrue(reclaimed.started.isEmpty, "\(reclaimed.started)")
    }

    /// A deploy that mixes versions: the drawing is packed in the newest version that every
    /// live worker of the job's engine reads, whichever of them claims it.
    func testTheDrawingIsPackedInAVersionEveryWorkerOfItsEngineReads() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        func packedVersion(_ id: String) async throws -> UInt8? {
            let drawing = try await client.command(["HGET", .init(settings.keys.job(id)), "drawing"]).bytes ?? []
            XCTAssertEqual(drawing.prefix(4), Array("INKP".utf8)[...])
            return drawing.dropFirst(4).first
        }
        // A worker built before version 3, whose record does not say which versions it reads.
        try await ClusterTestSupport.listGhostWorker(client, settings)
        let forOld = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        let oldVersion = try await packedVersion(forOld)
        XCTAssertEqual(oldVersion, 2)
        // Once it says it reads version 3 (as every worker of this build does), version 3.
        _ = try await client.command(["HSET", .init(settings.keys.worker("ghost")), "packedDrawing", "3"])
        try await ClusterTestSupport.eventually(5, "the front end writes version 3") {
            let id = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
            return try await packedVersion(id) == 3
        }
        // A worker of another engine does not hold the builtin engine's jobs back.
        _ = try await client.pipeline([
            ["ZADD", .init(settings.keys.workers), .init(Date().timeIntervalSince1970 + 3600), "elsewhere"],
            ["HSET", .init(settings.keys.worker("elsewhere")), "role", "worker", "engine", "sdcpp", "styles", "sketch", "concurrency", "1", "running", "0"],
        ])
        try await Task.sleep(for: .milliseconds(700))
        let beside = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        let besideVersion = try await packedVersion(beside)
        XCTAssertEqual(besideVersion, 3)
        // This build's workers say so themselves.
        let record = ClusterMember(role: "worker", name: "w", engine: "builtin", styles: ["sketch"], concurrency: 1)
        let fields = ClusterTestSupport.storedFields(of: record)
        XCTAssertEqual(ClusterMember(name: "w", fields: fields, heartbeat: 0, now: 0)?.packedDrawingVersion, PackedDrawing.newestVersion)
    }

    func testAJobWhoseWorkerGoesQuietIsReclaimedAndDeliversEachImageOnce() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        // A "dead" worker: it claimed the entry and never beats again.
        let id = try await ClusterTestSupport.jobClaimedByAGhost(jobs, client, settings, limit: 2)
        // It even delivered variation 0 before dying (as a real worker might have).
        let early = JobImage(id: String(repeating: "a", count: 32), variation: 0, width: 256, height: 256, seed: 7, style: "sketch")
        _ = try await client.pipeline([
            ["HSET", .init(settings.keys.images(id)), "0", .init("{\"id\":\"\(early.id)\",\"variation\":0,\"width\":256,\"height\":256,\"seed\":\"7\",\"style\":\"sketch\"}")],
            ["SET", .init(settings.keys.image(early.id)), "png", "EX", "30"],
            ["XADD", .init(settings.keys.events(id)), "*", "e", .init("{\"type\":\"image\",\"id\":\"\(early.id)\",\"variation\":0,\"width\":256,\"height\":256,\"seed\":\"7\",\"style\":\"sketch\"}")],
        ])
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        let events = try await ClusterTestSupport.events(jobs, id)
        let images = events.compactMap { if case .image(let image) = $0 { image } else { nil } }
        XCTAssertEqual(images.map(\.variation).sorted(), [0, 1], "each variation once: \(events)")
        XCTAssertEqual(images.first { $0.variation == 0 }?.id, early.id, "the first delivery of variation 0 stands")
        let status = try await jobs.status(of: id, requester: nil)
        XCTAssertEqual(status.state, .succeeded)
        XCTAssertEqual(status.attempts, 2)
        XCTAssertEqual(status.worker, worker.name)
        // The second painting of variation 0 was stored and, not delivered, deleted: only the
        // two delivered images are in Redis.
        let stored = try redis.keys(matching: "inkling:image:*").filter { !$0.hasSuffix(":owner") }.sorted()
        XCTAssertEqual(stored, images.map { settings.keys.image($0.id) }.sorted())
    }

    func testAJobThatKeepsLosingItsWorkerFailsIntoTheDeadLetterStream() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis) { $0.maxAttempts = 1 }
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        let id = try await ClusterTestSupport.jobClaimedByAGhost(jobs, client, settings, limit: 1)
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        let events = try await ClusterTestSupport.events(jobs, id)
        guard case .failed(let error)? = events.last else { return XCTFail("\(events)") }
        XCTAssertEqual(error.code, "attempts_exhausted")
        let dead = try await client.command(["XRANGE", .init(settings.keys.deadLetter), "-", "+"])
        XCTAssertEqual(dead.array?.count, 1)
    }

    func testCancellingARunningJobStopsItsEngine() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let slow = SlowEngine()
        let worker = try ClusterWorker(settings: settings, engine: slow, engineName: "builtin", concurrency: 1,
                                       allowedStyles: [.sketch], defaultStyle: .sketch)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        let id = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        try await ClusterTestSupport.eventually(5, "the job runs") { try await jobs.status(of: id, requester: nil).state == .running }
        let answer = try await jobs.cancel(id, requester: nil, reason: .requested)
        XCTAssertEqual(answer.state, .running, "the engine is still stopping")
        let events = try await ClusterTestSupport.events(jobs, id)
        guard case .cancelled(let error)? = events.last else { return XCTFail("\(events)") }
        XCTAssertEqual(error.code, "cancelled")
        try await ClusterTestSupport.eventually(5, "the engine saw the cancellation") { slow.cancelled }
    }

    func testNothingAClientSentOutlivesTheTTL() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings, ttl: 1)
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        for _ in 0..<3 {
            let id = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: "key a"))
            _ = try await ClusterTestSupport.events(jobs, id)
        }
        try await Task.sleep(for: .milliseconds(2500))
        let left = try redis.keys(matching: "inkling:*").filter { $0.contains(":job:") || $0.contains(":image:") || $0.hasSuffix(":queue") }
        XCTAssertEqual(left, [], "keys of jobs and images left after their TTL")
    }

    func testAJobCancelledWhileItsWorkerWasGoneIsNotRunAgain() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        let id = try await ClusterTestSupport.jobClaimedByAGhost(jobs, client, settings, limit: 1)
        let answer = try await jobs.cancel(id, requester: nil, reason: .requested)
        XCTAssertEqual(answer.state, .running, "asked; its worker has to hear it")
        // The worker is dead; the job is reclaimed, and ends cancelled instead of running again.
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        let events = try await ClusterTestSupport.events(jobs, id)
        guard case .cancelled(let error)? = events.last else { return XCTFail("\(events)") }
        XCTAssertEqual(error.code, "cancelled")
        XCTAssertFalse(events.contains { if case .image = $0 { true } else { false } }, "it did not run again")
        let status = try await jobs.status(of: id, requester: nil)
        XCTAssertEqual(status.state, .cancelled)
        XCTAssertEqual(status.attempts, 1)
    }

    func testASecondWorkerUnderALiveWorkersNameIsRefusedAndACrashedOnesNameIsTakenBack() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let first = try worker(settings, name: "twin")
        try await first.claimName()
        let running = Task { await first.run() }
        try await ClusterTestSupport.eventually(5, "the first worker beats") {
            try await RedisClient(url: redis.url).command(["ZSCORE", .init(settings.keys.workers), "twin"]).text != nil
        }
        do {
            try await worker(settings, name: "twin").claimName()
            XCTFail("a second worker took a live worker's name")
        } catch {
            XCTAssertTrue("\(error)".contains("a live worker named twin is in the cluster"), "\(error)")
        }
        // A clean stop leaves the list: the name is free at once.
        await first.drain(deadline: 1)
        first.stop()
        await running.value
        // From here a 10 s heartbeat, so stale after 30 s: a claim that waited for a fresh heartbeat
        // to go stale would take about 30 s, one that waited out its limit (30 s + two heartbeats)
        // 50 s, far beyond the 10 s bounds below, which a slow machine meets.
        let patient = ClusterTestSupport.settings(redis) { $0.heartbeatInterval = 10; $0.visibilityTimeout = 20 }
        let clock = ContinuousClock()
        var took = try await clock.measure { try await worker(patient, name: "twin").claimName() }
        XCTAssertLessThan(took, .seconds(10), "the name is free at once")
        // A worker killed 29.6 s ago (its last heartbeat; stale after 30 s): its name is free once the heartbeat is stale.
        let lastBeat = Date().timeIntervalSince1970 - 29.6
        _ = try await RedisClient(url: redis.url).command(["ZADD", .init(patient.keys.workers), .init(lastBeat), "crashed"])
        took = try await clock.measure { try await worker(patient, name: "crashed").claimName() }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince1970 - lastBeat, 30, "the claim waited until the heartbeat was stale")
        XCTAssertLessThan(took, .seconds(10), "and no longer: not the 50 s that bound the wait")
    }

    func testAWorkerKeepsItsImageWhileRedisIsFullAndDeliversItOnceThereIsRoom() async throws {
        let redis = try RedisTestServer()
        // Deliveries are tried again for twice the visibility timeout: 10 s here.
        let settings = ClusterTestSupport.settings(redis) { $0.visibilityTimeout = 5 }
        let jobs = try frontEnd(settings)
        let gated = GatedEngine()
        let worker = try worker(settings, engine: gated)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        let id = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        try await ClusterTestSupport.eventually(5, "the job runs") { try await jobs.status(of: id, requester: nil).state == .running }

        // Redis fills up (noeviction) while the engine paints.
        let admin = RedisClient(url: redis.url)
        _ = try await admin.pipeline([["CONFIG", "SET", "maxmemory-policy", "noeviction"], ["CONFIG", "SET", "maxmemory", "1"]])
        gated.openGate()
        try await Task.sleep(for: .milliseconds(2500))
        var status = try await jobs.status(of: id, requester: nil)
        XCTAssertEqual(status.state, .running, "the worker holds the image while Redis is full")
        XCTAssertEqual(status.images.count, 0)
        // New work is refused with a reason and a later retry.
        do {
            _ = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
            XCTFail("a full Redis took a job")
        } catch let error as APIError {
            XCTAssertEqual(error.status, 503)
            XCTAssertTrue(error.message.contains("is full (maxmemory)"), error.message)
            XCTAssertEqual(error.retryAfter, 30)
        }

        // Room again: the image painted once is delivered, in the job's first attempt.
        _ = try await admin.command(["CONFIG", "SET", "maxmemory", "0"])
        let events = try await ClusterTestSupport.events(jobs, id)
        XCTAssertEqual(events.last, .done(count: 1), "\(events)")
        status = try await jobs.status(of: id, requester: nil)
        XCTAssertEqual(status.state, .succeeded)
        XCTAssertEqual(status.attempts, 1)
        XCTAssertEqual(gated.paintedCount, 1, "painted once")
    }

    func testAPIKeysAndAddressesAreNotReadableInRedis() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let limits = ClusterUsageLimits(settings: settings, rate: 1, capacity: 10)
        try await limits.charge("key sk-very-secret", cost: 1)
        try await limits.charge("address 192.0.2.7", cost: 1)
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        let id = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: "key sk-very-secret"))
        _ = try await ClusterTestSupport.events(jobs, id)
        let client = RedisClient(url: redis.url)
        var everything = ""
        for key in try redis.keys(matching: "*") {
            everything += key + "\n"
            let type = try await client.command(["TYPE", .init(key)]).text ?? ""
            let value: RedisReply
            switch type {
            case "string": value = try await client.command(["GET", .init(key)])
            case "hash": value = try await client.command(["HGETALL", .init(key)])
            case "stream": value = try await client.command(["XRANGE", .init(key), "-", "+"])
            case "zset": value = try await client.command(["ZRANGE", .init(key), "0", "-1"])
            default: continue
            }
            everything += Self.text(value)
        }
        XCTAssertFalse(everything.contains("sk-very-secret"), "an API key is readable in Redis")
        XCTAssertFalse(everything.contains("192.0.2.7"), "an address is readable in Redis")
        XCTAssertTrue(everything.contains("inkling:bucket:"), "the buckets are there, under digests")
        let status = try await jobs.status(of: id, requester: "key sk-very-secret")
        XCTAssertEqual(status.state, .succeeded, "the owner still sees its job")
    }

    /// Every string in a reply, as text.
    private static func text(_ reply: RedisReply) -> String {
        switch reply {
        case .string(let bytes): String(decoding: bytes, as: UTF8.self) + "\n"
        case .status(let text), .error(let text): text + "\n"
        case .integer(let value): String(value) + "\n"
        case .array(let items): items.map(text).joined()
        case .null: ""
        }
    }
}
