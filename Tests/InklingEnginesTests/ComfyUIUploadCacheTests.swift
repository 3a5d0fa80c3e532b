import Foundation
import InklingBase
import InklingConditioning
import InklingEngineFakes
import InklingEngines
@testable import InklingRemoteEngines
import XCTest

/// Content-addressed uploads to ComfyUI: the same bytes are sent once per server, the cache is
/// bounded, and a server that lost them (a restart) gets them again, once.
final class ComfyUIUploadCacheTests: XCTestCase {
    private func uploadRequests(_ fake: FakeComfyUI) -> Int {
        fake.server.requests.filter { $0.method == "POST" && $0.path == "/upload/image" }.count
    }

    func testTheCacheKeepsTheMostRecentlyUsedNamesUpToItsCapacity() {
        let cache = ComfyUIUploadCache(capacity: 2)
        cache.remember("a", as: "a [temp]", bytes: 10)
        cache.remember("b", as: "b [temp]", bytes: 20)
        XCTAssertEqual(cache.lookUp("a"), "a [temp]")  // a is now the most recent
        cache.remember("c", as: "c [temp]", bytes: 30)
        XCTAssertNil(cache.lookUp("b"), "the least recently used name went")
        XCTAssertEqual(cache.lookUp("a"), "a [temp]")
        XCTAssertEqual(cache.lookUp("c"), "c [temp]")
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.statistics, .init(uploads: 3, bytes: 60, reused: 3, lost: 0))
        cache.forgetAll()
        XCTAssertNil(cache.lookUp("a"))
        XCTAssertEqual(cache.statistics.lost, 1)
    }

    func testCapacityZeroKeepsNothingAndCapacitiesAreClamped() {
        let none = ComfyUIUploadCache(capacity: 0)
        none.remember("a", as: "a [temp]", bytes: 10)
        XCTAssertNil(none.lookUp("a"))
        XCTAssertEqual(none.statistics.uploads, 1)
        XCTAssertEqual(ComfyUIUploadCache(capacity: -5).capacity, 0)
        XCTAssertEqual(ComfyUIUploadCache(capacity: 1 << 40).capacity, ComfyUIUploadCache.maximumCapacity)
    }

    func testTheSameMapIsUploadedOnceAcrossRequestsAndAgainWithTheCacheOff() async throws {
        let fake = try FakeComfyUI()
        let engine = FakeComfyUITesting.engine(fake)
        var conditioning = RemoteFixtures.conditioning(seed: 7)
        _ = try await engine.generate(conditioning, variation: 0)
        conditioning.phrases = [ConceptPhrase("a blue boat", weight: 1)]
        _ = try await engine.generate(conditioning, variation: 0)
        XCTAssertEqual(uploadRequests(fake), 1, "a new prompt over the same drawing sends no map")
        XCTAssertEqual(fake.workflows.count, 2)
        XCTAssertEqual(engine.uploadCache.statistics.reused, 1)
        var other = RemoteFixtures.conditioning(strength: 0.8, seed: 7)
        other.guidance = nil
        other.drawing = nil
        _ = try await engine.generate(other, variation: 0)
        XCTAssertEqual(uploadRequests(fake), 1, "no drawing, no upload")
        XCTAssertEqual(fake.violations, [])

        let uncached = try FakeComfyUI()
        let off = FakeComfyUITesting.engine(uncached) { $0.uploadCache = 0 }
        for _ in 0..<2 { _ = try await off.generate(RemoteFixtures.conditioning(seed: 7), variation: 0) }
        XCTAssertEqual(uploadRequests(uncached), 2, "uploadCache 0 sends the map every time")
    }

    func testAServerThatLostTheMapGetsItAgainOnce() async throws {
        let fake = try FakeComfyUI()
        let engine = FakeComfyUITesting.engine(fake)
        let conditioning = RemoteFixtures.conditioning(seed: 7)
        _ = try await engine.generate(conditioning, variation: 0)
        fake.restart()  // temp/ emptied: the cached name is gone
        let image = try await engine.generate(conditioning, variation: 1)
        XCTAssertEqual([image.width, image.height], [128, 96])
        XCTAssertEqual(uploadRequests(fake), 2, "uploaded again after the refusal")
        XCTAssertEqual(fake.workflows.count, 3, "the first prompt, the refused one, the one after the upload")
        XCTAssertEqual(engine.uploadCache.statistics.lost, 1)
        XCTAssertEqual(fake.violations, [])
    }

    func testARefusalForAnImageInklingDidNotUploadIsNotRetried() async throws {
        let fake = try FakeComfyUI()
        let engine = FakeComfyUITesting.engine(fake)
        _ = try await engine.generate(RemoteFixtures.conditioning(seed: 7), variation: 0)
        fake.behavior.promptReply = .json([
            "error": ["type": "prompt_outputs_failed_validation", "message": "Prompt outputs failed validation", "details": "", "extra_info": [:]],
            "node_errors": ["5": ["class_type": "LoadImage", "dependent_outputs": ["11"], "errors": [
                ["type": "custom_validation_failed", "message": "Custom validation failed for node",
                 "details": "image - Invalid image file: someone-elses.png", "extra_info": ["input_name": "image"]],
            ]]],
        ], status: 400)
        do {
            _ = try await engine.generate(RemoteFixtures.conditioning(seed: 7), variation: 0)
            XCTFail("expected the refusal")
        } catch let error as RemoteEngineError {
            XCTAssertTrue(error.description.contains("Invalid image file: someone-elses.png"), error.description)
        }
        XCTAssertEqual(fake.workflows.count, 2, "queued once, not again")
        XCTAssertEqual(uploadRequests(fake), 1)
        XCTAssertEqual(engine.uploadCache.statistics.lost, 0)
    }
}
