@testable import InklingJobs
import Foundation
import InklingConditioning
import InklingStrokes
@testable import InklingServer
import XCTest

/// ``LocalJobs`` on its own: events replayed to every reader, ended jobs forgotten oldest first,
/// a job that waits longer than the TTL dropped, and a stop that ends everything.
final class LocalJobsTests: XCTestCase {
    private func configuration(_ change: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        ServerFixture.configuration {
            $0.maxConcurrentGenerations = 1
            change(&$0)
        }
    }

    private func submission(_ body: String = #"{"prompt": "a red kite", "limit": 2}"#, owner: String? = nil) throws -> JobSubmission {
        JobSubmission(request: try GenerationRequest(body: Array(body.utf8), base: GenerationOptions(), limits: StrokeJSONDecoder.Limits.default),
                      owner: owner)
    }


    private func kinds(_ events: [JobEvent]) -> [String] {
        events.map { event in
            switch event {
            case .started: "started"
            case .progress: "progress"
            case .image: "image"
            case .done: "done"
            case .failed: "failed"
            case .cancelled: "cancelled"
            }
        }
    }

    func testEveryReaderGetsEveryEventFromTheFirst() async throws {
        let engine = GatedEngine()
        let jobs = LocalJobs(configuration: configuration(), engine: engine)
        defer { jobs.stop() }
        let id = try await jobs.submit(try submission())
        XCTAssertTrue(RandomID.isValid(id))
        let early = Task { try await allEvents(jobs, id) }
        while engine.started < 2 { try await Task.sleep(for: .milliseconds(5)) }
        engine.open()
        let first = try await early.value
        XCTAssertEqual(kinds(first), ["started", "image", "progress", "image", "done"], "half done after the first image")
        let late = try await allEvents(jobs, id)
        XCTAssertEqual(late, first, "a reader that comes after the end hears it all again")
        let status = try await jobs.status(of: id, requester: nil)
        XCTAssertEqual(status.state, .succeeded)
        XCTAssertEqual(status.images.count, 2)
        let owned = try await jobs.submit(try submission(owner: "key alpha"))
        do {
            _ = try await jobs.status(of: owned, requester: "key beta")
            XCTFail("another owner's job is not found")
        } catch {
            XCTAssertEqual(error.code, "job_not_found")
        }
        do {
            for try await _ in jobs.events(of: RandomID.make()) {}
            XCTFail("an unknown job has no events")
        } catch {
            XCTAssertEqual((error as? APIError)?.code, "job_not_found")
        }
    }

    func testTheOldestEndedJobsAreForgottenFirst() async throws {
        let engine = GatedEngine()
        engine.open()
        let jobs = LocalJobs(configuration: configuration { $0.maxRememberedJobs = 3 }, engine: engine)
        defer { jobs.stop() }
        var ids: [String] = []
        for _ in 0..<5 {
            let id = try await jobs.submit(try submission(#"{"prompt": "a pond"}"#))
            _ = try await allEvents(jobs, id)
            ids.append(id)
        }
        for (index, id) in ids.enumerated() {
            let known = (try? await jobs.status(of: id, requester: nil)) != nil
            XCTAssertEqual(known, index >= 2, "job \(index)")
        }
    }

    func testAJobQueuedForLongerThanTheTTLIsDropped() async throws {
        let engine = GatedEngine()
        let jobs = LocalJobs(configuration: configuration { $0.imageTTL = 0.3 }, engine: engine)
        defer { jobs.stop() }
        let running = try await jobs.submit(try submission(#"{"prompt": "a pond"}"#))
        let queued = try await jobs.submit(try submission(#"{"prompt": "a lake"}"#))
        let position = try await jobs.status(of: queued, requester: nil).position
        XCTAssertEqual(position, 0)
        let heard = try await allEvents(jobs, queued)
        guard case .cancelled(let error)? = heard.last, heard.count == 1 else { return XCTFail("\(heard)") }
        XCTAssertEqual(error.code, "queue_timeout")
        XCTAssertEqual(error.status, 503)
        XCTAssertEqual(engine.started, 1, "the dropped job never reached the engine")
        engine.open()
        let ended = try await allEvents(jobs, running)
        XCTAssertEqual(kinds(ended).last, "done")
    }

    func testStopEndsEveryJobAndRefusesNewOnes() async throws {
        let engine = GatedEngine()
        let jobs = LocalJobs(configuration: configuration(), engine: engine)
        let running = try await jobs.submit(try submission())
        let queued = try await jobs.submit(try submission())
        // Subscribed here, before the stop (a task might only subscribe after it, when the jobs
        // are gone).
        let readers = [running, queued].map { id in
            let events = jobs.events(of: id)
            return Task {
                var heard: [JobEvent] = []
                for try await event in events { heard.append(event) }
                return heard
            }
        }
        while engine.started < 1 { try await Task.sleep(for: .milliseconds(5)) }
        jobs.stop()
        for reader in readers {
            let heard = try await reader.value
            guard case .cancelled(let error)? = heard.last else { return XCTFail("\(heard)") }
            XCTAssertEqual(error.code, "stopping")
        }
        let late = try submission()
        do {
            _ = try await jobs.submit(late)
            XCTFail("a stopped server takes no jobs")
        } catch {
            XCTAssertEqual(error.code, "stopping")
        }
        let health = await jobs.unhealthy()
        XCTAssertNotNil(health)
        let cancelled = await eventuallyAsync { engine.cancelled == engine.started }
        XCTAssertTrue(cancelled, "the engine's work is cancelled")
    }
}

/// Every event of job `id`, until it ends.
private func allEvents(_ jobs: LocalJobs, _ id: String) async throws -> [JobEvent] {
    var events: [JobEvent] = []
    for try await event in jobs.events(of: id) { events.append(event) }
    return events
}

/// Polls `condition` every 10 ms for up to `seconds`; whether it came true.
func eventuallyAsync(_ seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
