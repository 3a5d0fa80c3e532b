import Foundation
import InklingEngineFakes
import InklingEngines
import XCTest

/// Cancelling a ComfyUI generation reaches the server: the prompt is interrupted if it runs,
/// removed if it waits, and forgotten (no history) either way, however late the cancellation.
final class ComfyUICancellationTests: XCTestCase {
    func testCancelMidRunInterruptsAtTheNextStepAndLeavesNothing() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.stepDelay = 0.15
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = FakeComfyUITesting.engine(fake)
        let task = Task { try await engine.generate(RemoteFixtures.conditioning(), variation: 0) }
        await FakeComfyUITesting.assertEventually({ fake.progressSent >= 2 })
        task.cancel()
        let failure = await FakeComfyUITesting.cancellation(of: task)
        let id = try XCTUnwrap(fake.outcomes.keys.first)
        XCTAssertEqual(failure?.message, "cancelled on ComfyUI at \(fake.server.baseURL.absoluteString): prompt \(id.prefix(8)) interrupted while running "
                       + "(it stops after the sampler's current step); its history was deleted")
        XCTAssertEqual(fake.outcomes[id], .interrupted)
        XCTAssertEqual(fake.interruptRequests, [id], "a targeted interrupt")
        XCTAssertEqual(fake.deleted, [], "nothing to remove from the queue")
        let interruption = try XCTUnwrap(fake.interruptions.first)
        let asked = try XCTUnwrap(interruption.stepsWhenAsked)
        XCTAssertEqual(interruption.stepsWhenStopped, asked + 1, "it stopped when the next step began: \(interruption)")
        XCTAssertLessThan(asked + 1, 8, "not at the end")
        let remains = fake.remains
        XCTAssertTrue(remains.isClean, "\(remains)")
        XCTAssertEqual(fake.historyDeletes, [id])
    }

    func testCancelWhileQueuedBehindAnotherRemovesItFromTheQueue() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        behavior.stepDelay = 0.01
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = FakeComfyUITesting.engine(fake)
        let first = Task { try await engine.generate(RemoteFixtures.conditioning(seed: 1), variation: 0) }
        await FakeComfyUITesting.assertEventually({ fake.outcomes.values.contains(.running) })
        let second = Task { try await engine.generate(RemoteFixtures.conditioning(seed: 2), variation: 0) }
        await FakeComfyUITesting.assertEventually({ fake.outcomes.values.contains(.pending) })
        let waiting = try XCTUnwrap(fake.outcomes.first { $0.value == .pending }?.key)
        second.cancel()
        let failure = await FakeComfyUITesting.cancellation(of: second)
        XCTAssertTrue(failure?.message.hasSuffix("prompt \(waiting.prefix(8)) removed from the queue") == true, failure?.message ?? "")
        XCTAssertEqual(fake.outcomes[waiting], .removed)
        XCTAssertEqual(fake.deleted, [waiting])
        XCTAssertEqual(fake.interrupts, 0, "the running prompt was left alone")
        XCTAssertEqual(fake.remains.queue.count, 1)

        first.cancel()
        let stopped = await FakeComfyUITesting.cancellation(of: first)
        XCTAssertTrue(stopped?.message.contains("interrupted while running") == true, stopped?.message ?? "")
        XCTAssertTrue(fake.remains.isClean, "\(fake.remains)")
    }

    func testCancelDuringUploadQueuesNothing() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.slowSeconds = 1
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = FakeComfyUITesting.engine(fake)
        let task = Task { try await engine.generate(RemoteFixtures.conditioning(), variation: 0) }
        try await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        let failure = await FakeComfyUITesting.cancellation(of: task)
        XCTAssertTrue(failure?.message.contains("nothing was queued") == true, failure?.message ?? "")
        XCTAssertEqual(fake.workflows.count, 0)
        XCTAssertEqual(fake.remains.input, [])
    }

    func testPromptQueuedAfterTheCancellationIsStillAbandoned() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        behavior.stepDelay = 0.01
        behavior.promptDelay = 0.6
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = FakeComfyUITesting.engine(fake)
        let task = Task { try await engine.generate(RemoteFixtures.conditioning(), variation: 0) }
        await FakeComfyUITesting.assertEventually({ fake.workflows.count == 1 }, "POST /prompt arrived")
        task.cancel()  // while its answer is on the way
        let failure = await FakeComfyUITesting.cancellation(of: task)
        let id = try XCTUnwrap(fake.outcomes.keys.first)
        XCTAssertTrue(failure?.message.contains("prompt \(id.prefix(8)) interrupted") == true, failure?.message ?? "")
        XCTAssertEqual(fake.outcomes[id], .interrupted)
        await FakeComfyUITesting.assertEventually({ fake.remains.isClean }, "\(fake.remains)")
    }

    func testCancelAfterItFinishedDeletesTheHistory() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.refuseSocket = true
        behavior.historyReply = .delayed(seconds: 3, .json([:]))
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = FakeComfyUITesting.engine(fake)
        // /history/{id} answers late, so the run ends on the server while Inkling still waits.
        let task = Task { try await engine.generate(RemoteFixtures.conditioning(), variation: 0) }
        await FakeComfyUITesting.assertEventually({ fake.outcomes.values.contains(.succeeded) })
        task.cancel()
        let failure = await FakeComfyUITesting.cancellation(of: task)
        XCTAssertTrue(failure?.message.hasSuffix("had already finished; its history was deleted") == true, failure?.message ?? "")
        XCTAssertEqual(fake.remains.history, [])
    }

    func testAPromptWhoseAnswerWasLostIsAbandonedByItsClientID() async throws {
        var behavior = FakeComfyUI.Behavior()
        behavior.neverFinish = true
        behavior.stepDelay = 0.01
        behavior.promptDelay = 2
        let fake = try FakeComfyUI(behavior: behavior)
        let engine = FakeComfyUITesting.engine(fake) { $0.timeoutSeconds = 0.5 }
        await RemoteFixtures.assertFails(["did not answer POST /prompt within 0.5 s"]) {
            _ = try await engine.generate(RemoteFixtures.conditioning(), variation: 0)
        }
        let id = try XCTUnwrap(fake.outcomes.keys.first)
        XCTAssertEqual(fake.outcomes[id], .interrupted, "found in /queue by its client_id and stopped")
        await FakeComfyUITesting.assertEventually({ fake.remains.isClean }, "\(fake.remains)")
    }
}
