import Foundation
import InklingEngineFakes
import InklingEngines
import InklingTransport
import XCTest

/// How the adapter reads what ComfyUI tells it: binary previews among the messages, and an
/// interrupt seen only in `/history`.
final class ComfyUIMessageTests: XCTestCase {
    func testBinaryPreviewFramesAreSkipped() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.previewFrames = true
        let fake = try FakeComfyUI(behavior: behavior)
        let steps = ProgressLog()
        var engine = FakeComfyUITesting.engine(fake)
        engine.progress = { _, step, total in steps.append(step, total) }
        let image = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        XCTAssertEqual(image.width, 128)
        XCTAssertEqual(steps.count, 8, "every progress message read, the previews between them skipped")
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
