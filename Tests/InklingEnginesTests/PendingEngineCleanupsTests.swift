import InklingEngines
import XCTest

/// The registry of clean-up an engine left running: listed while it runs, waited for, and named
/// when the wait ends first.
final class PendingEngineCleanupsTests: XCTestCase {
    func testACleanupIsListedUntilItEndsAndWaitedFor() async {
        let registry = PendingEngineCleanups()
        let gate = AsyncStream<Void>.makeStream()
        registry.start("prompt b to stop") {}
        let ended = await registry.waitForAll(seconds: 30)
        XCTAssertEqual(ended, [], "b ended")
        registry.start("prompt a to stop") { for await _ in gate.stream {} }
        let left = await registry.waitForAll(seconds: 0.3)
        XCTAssertEqual(left, ["prompt a to stop"], "a cannot end before its gate opens")
        XCTAssertEqual(registry.pending, ["prompt a to stop"])
        gate.continuation.finish()
        let none = await registry.waitForAll(seconds: 30)
        XCTAssertEqual(none, [])
        XCTAssertEqual(registry.pending, [])
    }
}
