import Foundation
import InklingConditioning
import InklingEngineFakes
import InklingEngines
import InklingImageIO
import InklingRemoteEngines
import XCTest

/// A pool of ComfyUI endpoints (`"endpoints"`): three loopback ComfyUIs, one dead (nothing
/// listening) and one slow; every variation is served, the least busy endpoint gets the next one,
/// the dead one is skipped and tried again after its back-off.
final class EnginePoolTests: XCTestCase {
    /// A ComfyUI taking 50 ms a step (0.4 s an image at 8 steps) where the fast one takes 2 ms.
    private func slowFake() throws -> FakeComfyUI {
        var behavior = FakeComfyUI.Behavior()
        behavior.stepDelay = 0.05
        return try FakeComfyUI(behavior: behavior)
    }

    /// The pool the configuration makes for `endpoints`.
    private func pool(_ endpoints: [URL], retry: Double = 30) throws -> EnginePool {
        var entry = RemoteFixtures.entry(.comfyui, endpoints[0])
        entry.endpoints = endpoints
        entry.endpointRetrySeconds = retry
        return try XCTUnwrap(EngineConfiguration.engine(for: entry) as? EnginePool)
    }

    /// Runs `count` variations through `engine`, `workers` at a time.
    private func serve(_ engine: EnginePool, count: Int, workers: Int) async throws -> [RasterImage] {
        let next = Counter()
        return try await withThrowingTaskGroup(of: [RasterImage].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var images: [RasterImage] = []
                    while let variation = next.take(below: count) {
                        images.append(try await engine.generate(RemoteFixtures.conditioning(seed: 7), variation: variation))
                    }
                    return images
                }
            }
            var all: [RasterImage] = []
            for try await images in group { all += images }
            return all
        }
    }

    func testAPoolOfThreeWithOneDeadServesEveryRequestAndSpreadsTheRest() async throws {
        let dead = try RemoteFixtures.refusedURL(), slow = try slowFake(), fast = try FakeComfyUI()
        let engine = try pool([dead, slow.server.baseURL, fast.server.baseURL])
        let images = try await serve(engine, count: 12, workers: 3)

        XCTAssertEqual(images.count, 12, "every variation served")
        XCTAssertEqual(Set(images.map { $0.pixels[1] }).count, 12, "each its own seed")
        XCTAssertEqual(slow.violations + fast.violations, [])
        XCTAssertEqual(slow.workflows.count + fast.workflows.count, 12)
        let states = await engine.endpointStates()
        XCTAssertEqual(states.map(\.served), [0, slow.workflows.count, fast.workflows.count])
        XCTAssertGreaterThan(slow.workflows.count, 0, "the slow one takes its share")
        XCTAssertGreaterThan(fast.workflows.count, slow.workflows.count, "the least busy one takes more")
        XCTAssertTrue((1...3).contains(states[0].attempts), "the dead one was asked by the first three requests at most, then skipped: \(states[0].attempts)")
        XCTAssertEqual(states[0].attempts, states[0].failures)
        XCTAssertTrue(states[0].skipped)
        XCTAssertEqual(states.map(\.inFlight), [0, 0, 0])
        print("pool spread: dead 0, slow \(slow.workflows.count), fast \(fast.workflows.count) of 12")
    }

    /// Pools in which every member answers the queue probe (issue 34: with two or more ComfyUI
    /// endpoints answering, the release binary trapped in the probe; `scripts/release-pool-check`
    /// runs the optimized build): two and three members, four requests at once, every variation
    /// served, each member used, nothing left in flight.
    func testPoolsOfTwoAndThreeAnsweringComfyUIsServeEveryVariation() async throws {
        for size in [2, 3] {
            let fakes = try (0..<size).map { _ in try slowFake() }
            let engine = try pool(fakes.map(\.server.baseURL))
            let images = try await serve(engine, count: 4 * size, workers: size)
            XCTAssertEqual(images.count, 4 * size, "pool of \(size)")
            XCTAssertEqual(Set(images.map { $0.pixels[1] }).count, 4 * size, "each its own seed")
            XCTAssertEqual(fakes.flatMap(\.violations), [])
            let states = await engine.endpointStates()
            XCTAssertEqual(states.map(\.served), fakes.map(\.workflows.count))
            XCTAssertTrue(fakes.allSatisfy { !$0.workflows.isEmpty }, "every member used: \(fakes.map(\.workflows.count))")
            XCTAssertEqual(states.map(\.inFlight), Array(repeating: 0, count: size))
            XCTAssertEqual(states.map(\.failures), Array(repeating: 0, count: size))
        }
    }

    /// One request of six variations on a pool of two: each endpoint gets the guidance map
    /// uploaded once (not once per variation), and each image comes with the PNG its member
    /// sent, passed on rather than encoded again.
    func testARequestUploadsItsGuidanceOncePerEndpointAndPassesEachPNGOn() async throws {
        let fakes = try (0..<2).map { _ in try slowFake() }
        let engine = try pool(fakes.map(\.server.baseURL))
        var encoded = 0, plain = 0
        for try await event in engine.images(for: EngineRequest(RemoteFixtures.conditioning(seed: 7), variations: Array(0..<6), concurrency: 6)) {
            switch event {
            case .encodedImage(_, let image, let png):
                encoded += 1
                XCTAssertEqual(try PNGCodec.decode(png).image, image, "the PNG is the image's")
            case .image: plain += 1
            default: break
            }
        }
        XCTAssertEqual(encoded, 6, "every image with its member's PNG")
        XCTAssertEqual(plain, 0)
        XCTAssertEqual(fakes.flatMap(\.violations), [])
        for (index, fake) in fakes.enumerated() where !fake.workflows.isEmpty {
            let uploads = fake.server.requests.filter { $0.path.hasPrefix("/upload/image") }.count
            XCTAssertEqual(uploads, 1, "endpoint \(index + 1) painted \(fake.workflows.count) variations from one upload, not \(uploads)")
        }
        XCTAssertEqual(fakes.map(\.workflows.count).reduce(0, +), 6)
    }

    /// The same ComfyUI under two names (127.0.0.1 and localhost), as issue 34 reproduced it.
    func testAPoolNamingOneComfyUITwiceServes() async throws {
        let fake = try FakeComfyUI()
        let other = try XCTUnwrap(URL(string: fake.server.baseURL.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")))
        let engine = try pool([fake.server.baseURL, other])
        let images = try await serve(engine, count: 4, workers: 2)
        XCTAssertEqual(images.count, 4)
        XCTAssertEqual(fake.workflows.count, 4)
        XCTAssertEqual(fake.violations, [])
    }

    func testAPoolOfServersWithoutAQueueSpreadsByItsOwnCount() async throws {
        let first = try FakeAutomatic1111(), second = try FakeAutomatic1111(), dead = try RemoteFixtures.refusedURL()
        var entry = RemoteFixtures.entry(.automatic1111, first.server.baseURL)
        entry.endpoints = [first.server.baseURL, dead, second.server.baseURL]
        let engine = try XCTUnwrap(EngineConfiguration.engine(for: entry) as? EnginePool)
        XCTAssertTrue(engine.members.allSatisfy { $0.queueLength == nil })
        for variation in 0..<6 { _ = try await engine.generate(RemoteFixtures.conditioning(), variation: variation) }
        let states = await engine.endpointStates()
        XCTAssertEqual(states.map(\.served), [3, 0, 3], "one after another, round-robin over those that answer")
        XCTAssertEqual(states[1].failures, 1, "the dead one failed once, then was skipped")
        XCTAssertEqual(first.violations + second.violations, [])
    }

    func testTheDeadEndpointIsTriedAgainAfterItsBackOff() async throws {
        let dead = try RemoteFixtures.refusedURL(), fast = try FakeComfyUI()
        let engine = try pool([dead, fast.server.baseURL], retry: 1.5)
        _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 1)
        var states = await engine.endpointStates()
        XCTAssertEqual(states[0].attempts, 1, "skipped during its back-off")
        XCTAssertTrue(states[0].skipped)
        try await Task.sleep(nanoseconds: 1_600_000_000)
        states = await engine.endpointStates()
        XCTAssertFalse(states[0].skipped, "the back-off is over")
        _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 2)
        states = await engine.endpointStates()
        XCTAssertEqual(states[0].attempts, 2, "asked again after the back-off")
        XCTAssertEqual(states[0].failures, 2)
        XCTAssertEqual(states[1].served, 3)
    }

    func testAllDeadFailsWithTheTransportError() async throws {
        let engine = try pool([try RemoteFixtures.refusedURL(), try RemoteFixtures.refusedURL()], retry: 60)
        do {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
            XCTFail("expected a failure")
        } catch let error as RemoteEngineError {
            XCTAssertEqual(error.failure.kind, .unreachable, error.description)
        }
        let states = await engine.endpointStates()
        XCTAssertEqual(states.map(\.failures), [1, 1])
    }

    func testAVariationWhoseEndpointDropsTheConnectionMovesToAnother() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.promptReply = .hangUp
        let dropping = try FakeComfyUI(behavior: behavior), fast = try FakeComfyUI()
        let engine = try pool([dropping.server.baseURL, fast.server.baseURL])
        let image = try await engine.generate(RemoteFixtures.conditioning(seed: 7), variation: 1)
        XCTAssertEqual(image.pixels[1], 8)
        XCTAssertEqual(dropping.workflows.count, 1, "tried first")
        XCTAssertEqual(fast.workflows.count, 1, "then served by the other")
        let states = await engine.endpointStates()
        XCTAssertEqual(states.map(\.failures), [1, 0])
        XCTAssertTrue(states[0].skipped)
    }

    func testAVariationTheEngineRefusesIsNotSentElsewhere() async throws {
        let lacking = try FakeComfyUI(checkpoints: ["other.safetensors"]), fine = try FakeComfyUI()
        let engine = try pool([lacking.server.baseURL, fine.server.baseURL])
        await RemoteFixtures.assertFails(["sd_xl_base_1.0.safetensors"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        }
        XCTAssertEqual(lacking.workflows.count, 1)
        XCTAssertEqual(fine.workflows.count, 0, "a refusal is the answer, not a failure to answer")
        let states = await engine.endpointStates()
        XCTAssertEqual(states.map(\.failures), [0, 0])
        XCTAssertFalse(states[0].skipped)
    }

    func testCancellingStopsTheWorkWhereItRunsAndGoesNowhereElse() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        let stuck = try FakeComfyUI(behavior: behavior), other = try FakeComfyUI()
        let engine = try pool([stuck.server.baseURL, other.server.baseURL])
        let task = Task { try await engine.generate(RemoteFixtures.conditioning(), variation: 0) }
        await FakeComfyUITesting.assertEventually({ stuck.remains.queue.count == 1 }, "queued on the first endpoint")
        task.cancel()
        let failure = await FakeComfyUITesting.cancellation(of: task)
        XCTAssertNotNil(failure)
        await FakeComfyUITesting.assertEventually({ stuck.remains.queue.isEmpty }, "stopped on its engine")
        XCTAssertEqual(other.workflows.count, 0)
        let states = await engine.endpointStates()
        XCTAssertEqual(states.map(\.inFlight), [0, 0])
        XCTAssertEqual(states.map(\.failures), [0, 0])
    }

    func testDiagnoseReportsEachEndpoint() async throws {
        let dead = try RemoteFixtures.refusedURL(), slow = try slowFake(), fast = try FakeComfyUI()
        let engine = try pool([fast.server.baseURL, dead, slow.server.baseURL])
        let diagnosis = await engine.diagnose()
        XCTAssertEqual(diagnosis.availability, .available, "one endpoint that works is enough")
        XCTAssertEqual(diagnosis.endpoints.map(\.endpoint), [fast.server.baseURL, dead, slow.server.baseURL].map(\.absoluteString))
        XCTAssertEqual(diagnosis.endpoints.map(\.reachable), [true, false, true])
        XCTAssertEqual(diagnosis.endpoints[0].availability, .available)
        guard case .unavailable(let reason) = diagnosis.endpoints[1].availability else { return XCTFail("the dead one is unavailable") }
        XCTAssertTrue(reason.contains(dead.absoluteString), reason)
        XCTAssertEqual(diagnosis.reachable, true)
        XCTAssertEqual(diagnosis.models, diagnosis.endpoints[0].models)

        let none = try pool([dead, try RemoteFixtures.refusedURL()])
        guard case .unavailable(let why) = await none.availability() else { return XCTFail("no endpoint answers") }
        XCTAssertTrue(why.hasPrefix("no endpoint of the pool can generate: \(dead.absoluteString): "), why)
    }

    func testEndpointsInTheConfiguration() throws {
        func parse(_ body: String) throws -> EngineConfiguration {
            try EngineConfiguration.parse(Array((#"{"engines": {"c": {"kind": "comfyui", "models": {"checkpoint": "sd"}, "# + body + "}}}").utf8), path: "e.json")
        }
        let configuration = try parse(#""endpoints": ["http://a:8188", "http://b:8188", "http://c:8188"], "endpointRetrySeconds": 5"#)
        let entry = try XCTUnwrap(configuration.entry(named: "c"))
        XCTAssertEqual(entry.endpoints.map(\.absoluteString), ["http://a:8188", "http://b:8188", "http://c:8188"])
        XCTAssertEqual(entry.endpoint.absoluteString, "http://a:8188")
        XCTAssertEqual(entry.endpointRetrySeconds, 5)
        let pool = try XCTUnwrap(EngineConfiguration.engine(for: entry) as? EnginePool)
        XCTAssertEqual(pool.members.map(\.endpoint), ["http://a:8188", "http://b:8188", "http://c:8188"])
        XCTAssertEqual(pool.identifier, "c")
        XCTAssertTrue(EngineConfiguration.engine(for: try XCTUnwrap(try parse(#""endpoint": "http://a:8188""#).entry(named: "c"))) is ComfyUIEngine)

        let failures: [(String, String)] = [
            (#""endpoint": "http://a:8188", "endpoints": ["http://b:8188"]"#, "not both"),
            (#""endpoints": ["http://a:8188", "http://a:8188"]"#, "engines.c.endpoints[1]: http://a:8188 is listed twice"),
            (#""endpoints": []"#, "at least one"),
            (#""endpoints": ["ftp://a"]"#, "engines.c.endpoints[0]: expected http://host:port"),
            (#""endpoints": "http://a:8188""#, "expected an array"),
            (#""endpoints": [\#((0..<17).map { "\"http://h\($0):1\"" }.joined(separator: ","))]"#, "at most 16"),
            (#""endpoints": ["http://a:8188"], "endpointRetrySeconds": 0"#, "endpointRetrySeconds: expected a number within 0.1…86400, got 0"),
            (#""endpionts": ["http://a:8188"]"#, "did you mean \"endpoints\"?"),
        ]
        for (body, expected) in failures {
            do {
                _ = try parse(body)
                XCTFail("expected an error for \(body)")
            } catch {
                XCTAssertTrue(String(describing: error).contains(expected), "\(expected) in \(error)")
            }
        }
    }
}

/// Hands out 0, 1, 2 … to concurrent workers.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}
