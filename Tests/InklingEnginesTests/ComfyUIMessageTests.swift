import Foundation
import InklingEngineFakes
import InklingEngines
import InklingTransport
import XCTest

/// How the adapter reads what ComfyUI tells it: binary previews among the messages, and an
/// interrupt seen only in `/history`.
final class ComfyUIMessageTests: XCTestCase {
    func testBinaryPreviewFramesAreReportedAsPreviews() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.previewFrames = true
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = FakeComfyUITesting.engine(fake)
        let events = try await EngineEvents.collect(engine.images(for: EngineRequest(RemoteFixtures.conditioning(), variations: [0])))
        XCTAssertEqual(events.images[0]?.width, 128)
        XCTAssertEqual(events.progress.count, 8, "every progress message read between the previews")
        XCTAssertEqual(events.previews.count, 8, "a preview per step")
        XCTAssertTrue(events.previews.allSatisfy { $0.variation == 0 && $0.bytes.starts(with: [0xFF, 0xD8]) }, "the JPEG without the frame's header")
    }

    func testAnInterruptSeenOnlyInTheHistoryIsAnInterruption() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.refuseSocket = true
        behavior.neverFinish = true
        behavior.stepDelay = 0.01
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = FakeComfyUITesting.engine(fake)
        let task = Task { try await engine.generate(RemoteFixtures.conditioning(), variation: 0) }
        await FakeComfyUITesting.assertEventually({ fake.progressSent >= 2 })
        // Someone presses cancel in ComfyUI's own page: a global interrupt.
        let http = HTTPClient(base: fake.server.baseURL, product: "ComfyUI", startHint: "", timeout: 5)
        _ = try await http.send("POST", "/interrupt", body: [], contentType: "application/json")
        do {
            _ = try await task.value
            XCTFail("expected the interruption")
        } catch let error as RemoteEngineError {
            XCTAssertEqual(error, .interrupted(service: "ComfyUI at \(fake.server.baseURL.absoluteString)"))
            XCTAssertFalse(error.description.contains("ended with an error"), error.description)
            XCTAssertEqual(error.failure.kind, .cancelled)
        }
        await FakeComfyUITesting.assertEventually({ fake.remains.isClean }, "\(fake.remains)")
    }
}
