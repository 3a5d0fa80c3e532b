import Foundation
import InklingEngineFakes
import InklingEngines
import InklingRemoteEngines
import XCTest

/// A cancelled A1111/Forge render stops its image on the web UI with `/sdapi/v1/interrupt`, or
/// says that the server cannot, in ``EngineFailure/cancelled(service:summary:)``.
final class A1111CancellationTests: XCTestCase {
    private func engine(_ fake: FakeAutomatic1111) -> Automatic1111Engine {
        Automatic1111Engine(entry: RemoteFixtures.entry(.automatic1111, fake.server.baseURL))
    }

    func testCancellingInterruptsTheRunningImage() async throws {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.generationSeconds = 60
        let fake = try FakeAutomatic1111(behavior: behavior)
        let engine = engine(fake)
        let task = Task { try await engine.generate(RemoteFixtures.conditioning(), variation: 0) }
        try await waitFor { fake.bodies.count == 1 }
        let clock = ContinuousClock(), start = clock.now
        task.cancel()
        await RemoteFixtures.expectCancelled(task, summary: "the running image was interrupted")
        XCTAssertLessThan(clock.now - start, .seconds(10), "cancelled at once, not after the 60 s image")
        XCTAssertEqual(fake.interrupts, 1)
        try await Task.sleep(nanoseconds: 200_000_000)
        XCTAssertEqual(fake.finished, 0, "the interrupted image never finished")
    }

    func testAServerWithoutInterruptFinishesTheAbandonedImage() async throws {
        var behavior = FakeAutomatic1111.Behavior()
        behavior.generationSeconds = 0.6
        behavior.hasInterrupt = false
        let fake = try FakeAutomatic1111(behavior: behavior)
        let engine = engine(fake)
        let task = Task { try await engine.generate(RemoteFixtures.conditioning(), variation: 0) }
        try await waitFor { fake.bodies.count == 1 }
        task.cancel()
        await RemoteFixtures.expectCancelled(task, summary: "the server has no /sdapi/v1/interrupt: it finishes the abandoned image before the next request")
        XCTAssertEqual(fake.finished, 0)
        XCTAssertTrue(fake.server.requests.contains { $0.path == "/sdapi/v1/interrupt" })
        try await waitFor { fake.finished == 1 }
        XCTAssertEqual(fake.interrupts, 0)
    }

    /// Polls `condition` for up to five seconds.
    private func waitFor(_ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) async throws {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            guard Date() < deadline else { return XCTFail("timed out waiting", file: file, line: line) }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
