import InklingLive
import XCTest

/// ``LiveOutbox``: messages in order, at most one frame waiting (the newest), a frame put back
/// replaced by a newer one, and the end.
final class LiveOutboxTests: XCTestCase {
    private func frame(_ revision: Int) -> LiveOutput {
        LiveOutput(.header(of: LiveFrame(revision: revision, bytes: [1, 2, 3], width: 1, height: 1)), binary: [1, 2, 3])
    }

    private func state(_ revision: Int) -> LiveOutput {
        LiveOutput(.state(LiveStateReport(revision: revision, state: .running)))
    }

    private func revision(_ output: LiveOutput?) -> String {
        switch output?.message {
        case .frame(let revision, _, _, _, _): "frame \(revision)"
        case .state(let report): "state \(report.revision)"
        case nil: "end"
        default: "other"
        }
    }

    func testMessagesInOrderAndOnlyTheNewestFrameWaits() async {
        let outbox = LiveOutbox()
        XCTAssertFalse(outbox.put(state(1)))
        XCTAssertFalse(outbox.put(frame(1)))
        XCTAssertFalse(outbox.put(state(2)))
        XCTAssertTrue(outbox.put(frame(2)), "frame 1 was still waiting: replaced")
        XCTAssertFalse(outbox.put(state(3)))
        outbox.finish()
        XCTAssertFalse(outbox.put(frame(9)), "nothing after the end")
        var taken: [String] = []
        while let output = await outbox.take() { taken.append(revision(output)) }
        XCTAssertEqual(taken, ["state 1", "state 2", "frame 2", "state 3"])
        XCTAssertEqual(outbox.dropped, 1)
    }

    func testAFramePutBackWaitsUnlessANewerOneCame() async {
        let outbox = LiveOutbox()
        outbox.put(frame(1))
        let first = await outbox.take()
        XCTAssertFalse(outbox.putBack(first!), "nothing newer: it waits at the head")
        outbox.put(state(2))
        let taken1 = await outbox.take()
        XCTAssertEqual(revision(taken1), "frame 1")
        let taken2 = await outbox.take()
        XCTAssertEqual(revision(taken2), "state 2")
        // Taken, not sendable yet, and a newer frame arrives meanwhile: the older is dropped.
        outbox.put(frame(3))
        let third = await outbox.take()
        outbox.put(frame(4))
        XCTAssertTrue(outbox.putBack(third!))
        let taken3 = await outbox.take()
        XCTAssertEqual(revision(taken3), "frame 4")
        outbox.finish()
        let taken4 = await outbox.take()
        XCTAssertEqual(revision(taken4), "end")
        XCTAssertEqual(outbox.dropped, 1)
    }

    func testATakerWaitsForThePutAndForTheEnd() async {
        let outbox = LiveOutbox()
        async let first = outbox.take()
        try? await Task.sleep(for: .milliseconds(20))
        outbox.put(state(1))
        let got = await first
        XCTAssertEqual(revision(got), "state 1")
        async let end = outbox.take()
        try? await Task.sleep(for: .milliseconds(20))
        outbox.finish()
        let ended = await end
        XCTAssertNil(ended)
    }
}
