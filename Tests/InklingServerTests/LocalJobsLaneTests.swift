@testable import InklingJobs
import Foundation
import InklingConditioning
import InklingStrokes
@testable import InklingServer
import XCTest

/// ``LocalJobs``' lanes: a queued live job starts before queued batch jobs, never preempting a
/// running one, and counts against the queue's bound and the client's generations like them.
final class LocalJobsLaneTests: XCTestCase {
    private func submission(seed: Int, lane: JobLane, client: String? = nil, limits: ClientLimits = ClientLimits()) throws -> JobSubmission {
        let body = #"{"prompt": "a red kite", "limit": 1, "options": {"seed": \#(seed)}}"#
        return JobSubmission(request: try GenerationRequest(body: Array(body.utf8), base: GenerationOptions(), limits: StrokeJSONDecoder.Limits.default),
                             owner: nil, client: client, limits: limits, lane: lane)
    }

    private func finalEvent(_ jobs: LocalJobs, _ id: String) async throws -> JobEvent? {
        var last: JobEvent?
        for try await event in jobs.events(of: id) { last = event }
        return last
    }

    func testALiveJobQueuedBehindBatchJobsStartsNext() async throws {
        let engine = GatedEngine()
        let jobs = LocalJobs(configuration: ServerFixture.configuration { $0.maxConcurrentGenerations = 1 }, engine: engine)
        defer { jobs.stop() }
        // The one slot busy with a batch job; three more batch jobs and then two live ones queue.
        let busy = try await jobs.submit(try submission(seed: 100, lane: .batch))
        while engine.started < 1 { try await Task.sleep(for: .milliseconds(5)) }
        var batch: [String] = []
        for n in 1...3 { batch.append(try await jobs.submit(try submission(seed: 100 + n, lane: .batch))) }
        let live = try await jobs.submit(try submission(seed: 200, lane: .live))
        let secondLive = try await jobs.submit(try submission(seed: 201, lane: .live))
        // Positions say the order they will start in: live first, the batch jobs after every live one.
        let livePosition = try await jobs.status(of: live, requester: nil).position
        let secondPosition = try await jobs.status(of: secondLive, requester: nil).position
        let batchPosition = try await jobs.status(of: batch[0], requester: nil).position
        XCTAssertEqual(livePosition, 0)
        XCTAssertEqual(secondPosition, 1)
        XCTAssertEqual(batchPosition, 2)
        let busyState = try await jobs.status(of: busy, requester: nil).state
        XCTAssertEqual(busyState, .running, "the running job is not preempted")
        engine.open()
        for id in [busy, live, secondLive] + batch {
            let last = try await finalEvent(jobs, id)
            XCTAssertEqual(last, .done(count: 1))
        }
        XCTAssertEqual(engine.seeds, [100, 200, 201, 101, 102, 103], "the busy job, then the live ones in order, then the batch ones in order")
        XCTAssertEqual(engine.liveFrames, [false, true, true, false, false, false], "a live job reaches the engine as a live frame")
    }

    func testLiveJobsCountAgainstTheQueueAndTheClientsGenerations() async throws {
        let engine = GatedEngine()
        let jobs = LocalJobs(configuration: ServerFixture.configuration {
            $0.maxConcurrentGenerations = 1
            $0.maxQueuedGenerations = 2
        }, engine: engine)
        defer { jobs.stop() }
        // A client allowed two at once: a live frame takes one of them, as a batch job does.
        let limits = ClientLimits(concurrent: 2)
        _ = try await jobs.submit(try submission(seed: 1, lane: .batch, client: "key a", limits: limits))
        _ = try await jobs.submit(try submission(seed: 2, lane: .live, client: "key a", limits: limits))
        do {
            _ = try await jobs.submit(try submission(seed: 3, lane: .live, client: "key a", limits: limits))
            XCTFail("a third generation at once for a client allowed two")
        } catch let error as APIError {
            XCTAssertEqual(error.code, "too_many_generations")
        }
        // The queue holds two: a live job does not get past its bound either.
        _ = try await jobs.submit(try submission(seed: 4, lane: .batch))
        do {
            _ = try await jobs.submit(try submission(seed: 5, lane: .live))
            XCTFail("a live job past the queue's bound")
        } catch let error as APIError {
            XCTAssertEqual(error.code, "queue_full")
        }
    }
}
