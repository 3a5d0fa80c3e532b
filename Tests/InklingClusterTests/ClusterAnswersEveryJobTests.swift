@testable import InklingJobs
import Foundation
import InklingBase
import InklingBuiltInEngine
@testable import InklingCluster
import InklingEngines
import InklingRedis
import InklingRedisTestSupport
import XCTest

/// A cluster job is answered with its images or a reason, never a bare 404: a wait that ran out
/// is `queue_timeout`, a Redis that came back empty is `lost`, and a full Redis neither starts a
/// job twice nor hides live workers.
final class ClusterAnswersEveryJobTests: XCTestCase {
    func testAJobWhoseWaitRanOutIsAnsweredQueueTimeoutToItsOwnerForTheTTLAfter() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings, ttl: 1)
        let client = RedisClient(url: redis.url)
        // A worker that is listed but never claims anything.
        try await ClusterTestSupport.listGhostWorker(client, settings)
        let id = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 2), owner: "key a"))
        let events = try await ClusterTestSupport.events(jobs, id)
        guard case .cancelled(let error)? = events.last else { return XCTFail("\(events)") }
        XCTAssertEqual(error.code, "queue_timeout")
        // Its record has expired; what it asked for and who owns it remain for the TTL after.
        let left = try redis.keys(matching: "inkling:job:*")
        XCTAssertEqual(left, ["inkling:job:\(id):waiting"], "only the waiting note, nothing the client sent")
        let status = try await jobs.status(of: id, requester: "key a")
        XCTAssertEqual(status.state, .cancelled)
        XCTAssertEqual(status.error?.code, "queue_timeout")
        XCTAssertEqual(status.limit, 2)
        // A reader that comes later hears the same; another key hears of no such job.
        let later = try await ClusterTestSupport.events(jobs, id)
        XCTAssertEqual(later.count, 1)
        XCTAssertEqual(later.last, .cancelled(jobs.queueTimeout))
        do {
            _ = try await jobs.status(of: id, requester: "key b")
            XCTFail("another key read it")
        } catch {
            XCTAssertEqual(error.code, "job_not_found")
        }
        let cancelled = try await jobs.cancel(id, requester: "key a", reason: .requested)
        XCTAssertEqual(cancelled.error?.code, "queue_timeout")
        // The queue forgets it at the next submission.
        _ = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        let queued = try await client.command(["ZCARD", .init(settings.keys.queue)]).integer
        XCTAssertEqual(queued, 1)
        // After the TTL more, the note is gone too: an id nobody knows any more is a 404.
        try await ClusterTestSupport.eventually(5, "the waiting note expires") {
            try await client.command(["EXISTS", .init(settings.keys.waiting(id))]).integer == 0
        }
        do {
            _ = try await jobs.status(of: id, requester: "key a")
            XCTFail("answered after its note expired")
        } catch {
            XCTAssertEqual(error.code, "job_not_found")
        }
    }

    func testAStartedJobHasNoWaitingNote() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        let id = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        _ = try await ClusterTestSupport.events(jobs, id)
        let note = try await RedisClient(url: redis.url).command(["EXISTS", .init(settings.keys.waiting(id))]).integer
        XCTAssertEqual(note, 0, "deleted when the job started")
    }

    func testARedisRestartedWithoutPersistenceAnswersItsJobsAndImagesLost() async throws {
        let redis = try RedisTestServer()  // no AOF, no snapshots: a restart comes back empty
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let first = try worker(settings)
        var running = Task { await first.run() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        // A finished job whose image nobody downloaded yet, and a job still queued.
        let done = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: "key a"))
        _ = try await ClusterTestSupport.events(jobs, done)
        let finished = try await jobs.status(of: done, requester: "key a")
        let image = try XCTUnwrap(finished.images.first?.id)
        await first.drain(deadline: 1)
        first.stop()
        await running.value
        let client = RedisClient(url: redis.url)
        try await ClusterTestSupport.listGhostWorker(client, settings)
        let queued = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        let reader = Task { try await ClusterTestSupport.events(jobs, queued) }
        try await Task.sleep(for: .milliseconds(300))

        try redis.restart()
        // The reader that was waiting, a new reader, the status, a cancel and the image: each says lost.
        let heard = try await reader.value
        guard case .failed(let error)? = heard.last else { return XCTFail("\(heard)") }
        XCTAssertEqual(error.code, "lost")
        for (id, owner) in [(done, "key a"), (queued, nil)] {
            let status = try await jobs.status(of: id, requester: owner)
            XCTAssertEqual(status.state, .failed, id)
            XCTAssertEqual(status.error?.code, "lost", id)
            XCTAssertTrue(status.error?.message.contains("restarted without persistence") == true, status.error?.message ?? "")
            let events = try await ClusterTestSupport.events(jobs, id)
            XCTAssertEqual(events.count, 1)
            if case .failed(let error)? = events.last { XCTAssertEqual(error.code, "lost") } else { XCTFail("\(events)") }
            let cancelled = try await jobs.cancel(id, requester: owner, reason: .requested)
            XCTAssertEqual(cancelled.error?.code, "lost")
        }
        do {
            _ = try await jobs.takeImage(image, requester: "key a")
            XCTFail("a lost image was answered")
        } catch {
            XCTAssertEqual(error.status, 410)
            XCTAssertEqual(error.code, "lost")
        }
        // Ids this cluster never made, and ids of the new epoch Redis does not have, are still 404.
        for id in [RandomID.make(), String(repeating: "0", count: 32)] {
            do {
                _ = try await jobs.status(of: id, requester: nil)
                XCTFail("answered \(id)")
            } catch {
                XCTAssertEqual(error.code, "job_not_found")
            }
        }
        // The front end's heartbeat records the replaced epoch in Redis: a front end started
        // after the restart answers the same.
        try await ClusterTestSupport.eventually(5, "the replaced epoch is recorded") {
            try await client.command(["ZCARD", .init(settings.keys.epochs)]).integer == 1
        }
        let newcomer = try frontEnd(settings)
        let told = try await newcomer.status(of: done, requester: "key a")
        XCTAssertEqual(told.error?.code, "lost")
        guard case .unknown = try await newcomer.absence(of: ClusterEpoch.fresh().makeID(), job: true) else {
            return XCTFail("an id of another epoch never replaced is unknown")
        }
        // And the cluster works on: a new worker, a new job.
        let second = try worker(settings)
        running = Task { await second.run() }
        defer { second.stop(); running.cancel() }
        _ = try await client.command(["DEL", .init(settings.keys.workers)])  // the ghost went with the data; make sure
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        let again = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        let events = try await ClusterTestSupport.events(jobs, again)
        XCTAssertEqual(events.last, .done(count: 1))
    }

    func testARedisBackFromAnOlderSnapshotStartsANewEpochAndWhatItLostIsAnsweredLost() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let client = RedisClient(url: redis.url)
        try await ClusterTestSupport.listGhostWorker(client, settings)
        let kept = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        // A snapshot (as `save 60 1000` takes them), then a job it does not have.
        _ = try await client.command(["SAVE"])
        let gone = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        try redis.restart()  // no AOF: it loads the snapshot
        let back = try await jobs.status(of: kept, requester: nil)
        XCTAssertEqual(back.state, .queued, "the snapshot's job is there")
        let lost = try await jobs.status(of: gone, requester: nil)
        XCTAssertEqual(lost.state, .failed, "answered before the next heartbeat too")
        XCTAssertEqual(lost.error?.code, "lost")
        // The heartbeat starts a new epoch; the old one is recorded as replaced.
        try await ClusterTestSupport.eventually(5, "a new epoch") {
            try await client.command(["ZCARD", .init(settings.keys.epochs)]).integer == 1
        }
        let after = try await jobs.status(of: gone, requester: nil)
        XCTAssertEqual(after.error?.code, "lost")
        let still = try await jobs.status(of: kept, requester: nil)
        XCTAssertEqual(still.state, .queued, "a job Redis has is answered from Redis, whatever its epoch")
        // New jobs are made under the new epoch; one Redis does not have is a plain 404.
        let fresh = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        let queued = try await jobs.status(of: fresh, requester: nil)
        XCTAssertEqual(queued.state, .queued)
        _ = try await client.command(["DEL", .init(settings.keys.job(fresh)), .init(settings.keys.waiting(fresh))])
        do {
            _ = try await jobs.status(of: fresh, requester: nil)
            XCTFail("answered a job of the current epoch Redis does not have")
        } catch {
            XCTAssertEqual(error.code, "job_not_found")
        }
    }

    func testWithRedisFullALiveWorkerKeepsTheJobsItClaimedAndStartsEachOnce() async throws {
        let redis = try RedisTestServer()
        // A takeover after a second without the claim renewed: within the 4 s Redis stays full below.
        let settings = ClusterTestSupport.settings(redis) { $0.visibilityTimeout = 1 }
        let jobs = try frontEnd(settings)
        let said = Locked<[String]>([])
        let workers = try (0..<2).map { n in try worker(settings, name: "full-\(n)", log: { line in said.write { $0.append("full-\(n): \(line)") } }) }
        // Four jobs queued while there is room, before any worker runs.
        try await ClusterTestSupport.listGhostWorker(RedisClient(url: redis.url), settings)
        var ids: [String] = []
        for _ in 0..<4 { ids.append(try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))) }
        let admin = RedisClient(url: redis.url)
        _ = try await admin.pipeline([["ZREM", .init(settings.keys.workers), "ghost"], ["DEL", .init(settings.keys.worker("ghost"))],
                                      ["CONFIG", "SET", "maxmemory-policy", "noeviction"], ["CONFIG", "SET", "maxmemory", "1"]])
        let tasks = workers.map { worker in Task { await worker.run() } }
        defer { for (worker, task) in zip(workers, tasks) { worker.stop(); task.cancel() } }
        // Full for 4 s: each worker claims a job it cannot start, and holds it.
        try await ClusterTestSupport.eventually(5, "both workers hold a job they cannot start") {
            said.read { lines in lines.filter { $0.contains("holding the job") }.count } == 2
        }
        try await Task.sleep(for: .seconds(4))
        // Both workers are listed alive: a submission is refused because Redis is full, not for want of workers.
        let listed = await jobs.availability().workers.count
        XCTAssertEqual(listed, 2)
        do {
            _ = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
            XCTFail("a full Redis took a job")
        } catch let error as APIError {
            XCTAssertNotEqual(error.code, "no_workers")
            XCTAssertTrue(error.message.contains("is full (maxmemory)"), error.message)
        }
        for id in ids {
            let status = try await jobs.status(of: id, requester: nil)
            XCTAssertEqual(status.state, .queued, "not started while full")
            XCTAssertEqual(status.attempts, 0)
        }
        // Room again: every job runs once.
        _ = try await admin.command(["CONFIG", "SET", "maxmemory", "0"])
        for id in ids {
            let events = try await ClusterTestSupport.events(jobs, id)
            XCTAssertEqual(events.last, .done(count: 1), "\(events)")
            let status = try await jobs.status(of: id, requester: nil)
            XCTAssertEqual(status.attempts, 1, "started once")
        }
        let lines = said.read { $0 }
        XCTAssertFalse(lines.contains { $0.contains("reclaimed") }, "no worker took another's job: \(lines)")
        XCTAssertEqual(lines.filter { $0.contains("started (attempt 1)") }.count, 4, "\(lines)")
    }

    func testAKeysGenerationsAtOnceAndRateAreCountedClusterWide() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let (one, two) = (try frontEnd(settings, ttl: 2), try frontEnd(settings, ttl: 2))
        try await ClusterTestSupport.listGhostWorker(RedisClient(url: redis.url), settings)
        let limits = ClientLimits(concurrent: 2)
        func submit(_ jobs: ClusterJobs, _ client: String) async throws -> String {
            try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: client, client: client, limits: limits))
        }
        let first = try await submit(one, "key a")
        _ = try await submit(two, "key a")
        do {
            _ = try await submit(one, "key a")
            XCTFail("a third generation at once")
        } catch let error as APIError {
            XCTAssertEqual(error.code, "too_many_generations")
            XCTAssertEqual(error.status, 429)
        }
        _ = try await submit(two, "key b")  // another client is not held back
        // A cancelled job frees its place at once; one whose wait ran out, when it expires.
        _ = try await one.cancel(first, requester: "key a", reason: .requested)
        _ = try await submit(two, "key a")
        try await Task.sleep(for: .milliseconds(2200))
        _ = try await submit(one, "key a")
        _ = try await submit(one, "key a")

        // Rate and burst of the key's own, in the shared bucket.
        let usage = ClusterUsageLimits(settings: settings, rate: 1000, capacity: 1000)
        let own = ClientLimits(rate: 0.01, burst: 2)
        try await usage.charge("key a", cost: 2, limits: own)
        do {
            try await usage.charge("key a", cost: 1, limits: own)
            XCTFail("charged past its own burst")
        } catch {
            XCTAssertEqual(error.code, "rate_limited")
            XCTAssertEqual(error.retryAfter, 100)
        }
        try await usage.charge("key b", cost: 5)
    }

    func testAClientOverItsShareOfTheClustersImagesIsRefusedAloneUntilItDownloads() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings, ttl: 3)
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        try await ClusterTestSupport.eventually(5, "the worker joins") { await jobs.availability().workers.count == 1 }
        // A share of one byte: the first image fills it (a client holding nothing may always ask).
        let tiny = ClientLimits(storeBytes: 1)
        func submit(_ client: String, _ limits: ClientLimits = ClientLimits()) async throws -> String {
            try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: client, client: client, limits: limits))
        }
        let first = try await submit("key a", tiny)
        _ = try await ClusterTestSupport.events(jobs, first)
        do {
            _ = try await submit("key a", tiny)
            XCTFail("over its share")
        } catch let error as APIError {
            XCTAssertEqual(error.code, "storage_share_full")
            XCTAssertEqual(error.status, 429)
            XCTAssertTrue(error.message.contains("(1 byte)"), error.message)
        }
        let other = try await submit("key b")
        _ = try await ClusterTestSupport.events(jobs, other)
        // Downloading gives the room back; so does an image's expiry.
        let status = try await jobs.status(of: first, requester: "key a")
        let image = try XCTUnwrap(status.images.first?.id)
        let png = try await jobs.takeImage(image, requester: "key a")
        XCTAssertNotNil(png)
        let second = try await submit("key a", tiny)
        _ = try await ClusterTestSupport.events(jobs, second)
        try await Task.sleep(for: .milliseconds(3200))
        _ = try await submit("key a", tiny)
        let client = RedisClient(url: redis.url)
        let total = try await client.command(["HGET", .init(settings.keys.storedBytes(ClusterJobs.tag("key a"))), "total"]).text
        XCTAssertEqual(total, "0", "the expired image no longer counts")
    }
}
