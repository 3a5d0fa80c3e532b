@testable import InklingJobs
import Foundation
import InklingBase
@testable import InklingCluster
import InklingConditioning
import InklingRedis
import InklingRedisTestSupport
import XCTest

/// The cluster's live lane: live frames wait in a stream of their own per engine, which a
/// worker with a free slot reads first, and every way a job leaves a worker (reclaim, dead
/// letter, cancel, hand-back) works on it as on the batch stream.
final class ClusterLiveLaneTests: XCTestCase {
    /// A one-image request at 256² (routed to the sketch-painting worker) with its own seed.
    private func submission(seed: UInt64, lane: JobLane) throws -> JobSubmission {
        var request = try ClusterTestSupport.request(limit: 1, style: "sketch")
        request.options.seed = seed
        return JobSubmission(request: request, owner: nil, lane: lane)
    }

    private func entries(_ client: RedisClient, _ stream: String) async throws -> Int {
        Int(try await client.command(["XLEN", .init(stream)]).integer ?? -1)
    }

    func testALiveJobSubmittedBehindBatchJobsStartsNext() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let engine = GatedEngine()
        let worker = try ClusterWorker(settings: settings, engine: engine, engineName: "builtin", concurrency: 1,
                                       allowedStyles: [.sketch], defaultStyle: .sketch)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        // The worker's one slot busy; four batch jobs queue, then a live one, then another.
        let busy = try await jobs.submit(try submission(seed: 100, lane: .batch))
        try await ClusterTestSupport.eventually(5, "the first job reaches the engine") { engine.seeds.count == 1 }
        var batch: [String] = []
        for n in 1...4 { batch.append(try await jobs.submit(try submission(seed: 100 + UInt64(n), lane: .batch))) }
        let live = try await jobs.submit(try submission(seed: 200, lane: .live))
        let secondLive = try await jobs.submit(try submission(seed: 201, lane: .live))
        let client = RedisClient(url: redis.url)
        let waitingLive = try await entries(client, settings.keys.jobs(engine: "builtin", lane: .live))
        XCTAssertEqual(waitingLive, 2, "the live jobs wait in the live stream")
        engine.openGate()
        for id in [busy, live, secondLive] + batch {
            let events = try await ClusterTestSupport.events(jobs, id)
            XCTAssertEqual(events.last, .done(count: 1), "\(events)")
        }
        XCTAssertEqual(engine.seeds, [100, 200, 201, 101, 102, 103, 104], "the running job, then the live ones, then the batch ones in order")
        let left = try await (entries(client, settings.keys.jobs(engine: "builtin", lane: .live)), entries(client, settings.keys.jobs(engine: "builtin")))
        XCTAssertEqual(left.0, 0)
        XCTAssertEqual(left.1, 0)
    }

    func testWhileAWorkerOfTheEngineDoesNotReadTheLiveLaneLiveFramesGoToTheBatchStream() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        try await ClusterTestSupport.listGhostWorker(client, settings)
        // A second worker of the engine, built before the live lane: its record has no `lanes`.
        _ = try await client.pipeline([
            ["ZADD", .init(settings.keys.workers), .init(Date().timeIntervalSince1970 + 3600), "older"],
            ["HSET", .init(settings.keys.worker("older")), "role", "worker", "engine", "builtin", "styles", "sketch", "concurrency", "1", "running", "0"],
        ])
        let id = try await jobs.submit(try submission(seed: 1, lane: .live))
        let live = try await entries(client, settings.keys.jobs(engine: "builtin", lane: .live))
        let batch = try await entries(client, settings.keys.jobs(engine: "builtin"))
        XCTAssertEqual([live, batch], [0, 1], "queued where the older worker looks")
        let lane = try await client.command(["HGET", .init(settings.keys.job(id)), "lane"]).text
        XCTAssertNil(lane)
        // Once that worker is gone, live frames go to the live stream.
        _ = try await client.pipeline([["ZREM", .init(settings.keys.workers), "older"], ["DEL", .init(settings.keys.worker("older"))]])
        let older = ClusterMember(name: "older", fields: ["role": Array("worker".utf8), "engine": Array("builtin".utf8)], heartbeat: 0, now: 0)
        let current = ClusterMember(name: "w", fields: ClusterTestSupport.storedFields(of: ClusterMember(role: "worker", name: "w", engine: "builtin")),
                                    heartbeat: 0, now: 0)
        XCTAssertEqual(older?.readsLiveLane, false)
        XCTAssertEqual(current?.readsLiveLane, true)
        XCTAssertEqual(ClusterJobs.lane(.live, engine: "builtin", workers: [current, older].compactMap { $0 }), .batch)
        XCTAssertEqual(ClusterJobs.lane(.live, engine: "builtin", workers: [current].compactMap { $0 }), .live)
        XCTAssertEqual(ClusterJobs.lane(.live, engine: "other", workers: [current, older].compactMap { $0 }), .live, "only the engine's workers count")
        XCTAssertEqual(ClusterJobs.lane(.batch, engine: "builtin", workers: [current].compactMap { $0 }), .batch)
    }

    func testALiveJobWhoseWorkerGoesQuietIsReclaimedFromTheLiveStream() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        // A "dead" worker claimed the live entry and never beats again.
        let id = try await ClusterTestSupport.jobClaimedByAGhost(jobs, client, settings, limit: 1, lane: .live)
        let said = Locked<[String]>([])
        let worker = try worker(settings, log: { line in said.write { $0.append(line) } })
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        let events = try await ClusterTestSupport.events(jobs, id)
        XCTAssertEqual(events.last, .done(count: 1), "\(events)")
        let status = try await jobs.status(of: id, requester: nil)
        XCTAssertEqual(status.attempts, 2, "started again by the live worker")
        XCTAssertEqual(status.worker, worker.name)
        XCTAssertTrue(said.read { $0.contains { $0.hasPrefix("reclaimed 1 job(s)") && $0.contains(id) } }, "\(said.read { $0 })")
        let live = try await entries(client, settings.keys.jobs(engine: "builtin", lane: .live))
        XCTAssertEqual(live, 0, "its entry is gone from the live stream")
        let dead = try await client.command(["XLEN", .init(settings.keys.deadLetter)]).integer
        XCTAssertEqual(dead, 0)
    }

    func testALiveJobThatKeepsLosingItsWorkerFailsIntoTheDeadLetterStreamWithItsLane() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis) { $0.maxAttempts = 1 }
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        let id = try await ClusterTestSupport.jobClaimedByAGhost(jobs, client, settings, limit: 1, lane: .live)
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        let events = try await ClusterTestSupport.events(jobs, id)
        guard case .failed(let error)? = events.last else { return XCTFail("\(events)") }
        XCTAssertEqual(error.code, "attempts_exhausted")
        let dead = try await client.command(["XRANGE", .init(settings.keys.deadLetter), "-", "+"]).entries
        XCTAssertEqual(dead.count, 1)
        XCTAssertEqual(dead.first?.fields.text("job"), id)
        XCTAssertEqual(dead.first?.fields.text("lane"), "live")
        try await ClusterTestSupport.eventually(5, "the worker let go of the entry") {
            try await self.entries(client, settings.keys.jobs(engine: "builtin", lane: .live)) == 0
        }
    }

    func testCancellingALiveJobEndsItQueuedOrRunning() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        // Queued (only a ghost worker listed): its entry leaves the live stream with it.
        try await ClusterTestSupport.listGhostWorker(client, settings)
        let queued = try await jobs.submit(try submission(seed: 1, lane: .live))
        let before = try await entries(client, settings.keys.jobs(engine: "builtin", lane: .live))
        XCTAssertEqual(before, 1)
        let answer = try await jobs.cancel(queued, requester: nil, reason: .clientGone)
        XCTAssertEqual(answer.state, .cancelled)
        let after = try await entries(client, settings.keys.jobs(engine: "builtin", lane: .live))
        XCTAssertEqual(after, 0)
        // Running: its worker hears it on the job's heartbeat and stops the engine.
        let slow = SlowEngine()
        let worker = try ClusterWorker(settings: settings, engine: slow, engineName: "builtin", concurrency: 1, allowedStyles: [.sketch], defaultStyle: .sketch)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        let id = try await jobs.submit(try submission(seed: 2, lane: .live))
        try await ClusterTestSupport.eventually(5, "the job runs") { try await jobs.status(of: id, requester: nil).state == .running }
        _ = try await jobs.cancel(id, requester: nil, reason: .clientGone)
        let events = try await ClusterTestSupport.events(jobs, id)
        guard case .cancelled? = events.last else { return XCTFail("\(events)") }
        try await ClusterTestSupport.eventually(5, "the engine saw the cancellation") { slow.cancelled }
        try await ClusterTestSupport.eventually(5, "the entry is gone") {
            try await self.entries(client, settings.keys.jobs(engine: "builtin", lane: .live)) == 0
        }
    }

    func testADrainingWorkerHandsALiveJobBackToTheLiveStream() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        let engine = GatedEngine()
        let worker = try ClusterWorker(settings: settings, engine: engine, engineName: "builtin", concurrency: 1, allowedStyles: [.sketch], defaultStyle: .sketch)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        let id = try await jobs.submit(try submission(seed: 3, lane: .live))
        try await ClusterTestSupport.eventually(5, "the job reaches the engine") { engine.seeds.count == 1 }
        await worker.drain(deadline: 0.1)
        let status = try await jobs.status(of: id, requester: nil)
        XCTAssertEqual(status.state, .queued, "handed back")
        let live = try await entries(client, settings.keys.jobs(engine: "builtin", lane: .live))
        let batch = try await entries(client, settings.keys.jobs(engine: "builtin"))
        XCTAssertEqual(live, 1, "back in the live stream")
        XCTAssertEqual(batch, 0)
    }
}
