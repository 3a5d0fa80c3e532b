@testable import InklingLive
import XCTest

/// The scheduler's rules, step by step on a time the test chooses.
final class LiveSchedulerTests: XCTestCase {
    private let parameters = LiveScheduling(graceSeconds: 0.25, slowSeconds: 1.5, measuredRenders: 3, penTimeoutSeconds: 5)

    func testRevisionZeroStartsAtOnceAndIsThenUpToDate() {
        var s = LiveScheduler(parameters: parameters, cancelOnChange: false, now: 0)
        XCTAssertEqual(s.activity, .waiting)
        XCTAssertEqual(s.decide(at: 0), .start(0))
        s.started(0, at: 0)
        XCTAssertEqual(s.activity, .running)
        XCTAssertEqual(s.decide(at: 0), .wait(until: nil))
        XCTAssertTrue(s.ended(0, .frame(seconds: 0.1)))
        XCTAssertEqual(s.activity, .upToDate)
        XCTAssertEqual(s.decide(at: 1), .idle)
    }

    func testLatestInputWinsAndNothingQueuesBehindIt() {
        var s = LiveScheduler(parameters: parameters, cancelOnChange: false, now: 0)
        s.started(0, at: 0)
        for revision in 1...5 { s.changed(to: revision, at: 0.01 * Double(revision), liftsPen: true) }
        XCTAssertEqual(s.decide(at: 0.1), .wait(until: nil), "one in flight, no cancel asked for")
        s.ended(0, .frame(seconds: 0.1))
        XCTAssertEqual(s.decide(at: 0.1), .start(5), "the newest, skipping 1…4")
        s.started(5, at: 0.1)
        XCTAssertTrue(s.ended(5, .frame(seconds: 0.1)))
        XCTAssertEqual(s.decide(at: 0.2), .idle)
    }

    func testCancelOnChange() {
        var s = LiveScheduler(parameters: parameters, cancelOnChange: true, now: 0)
        s.started(0, at: 0)
        XCTAssertEqual(s.decide(at: 0), .wait(until: nil), "nothing newer: no cancel")
        s.changed(to: 1, at: 0.5, liftsPen: true)
        XCTAssertEqual(s.decide(at: 0.5), .cancel(0))
        s.cancelling()
        XCTAssertEqual(s.decide(at: 0.5), .wait(until: nil), "asked once; the run must end before the next starts")
        XCTAssertFalse(s.ended(0, .cancelled))
        XCTAssertEqual(s.decide(at: 0.6), .start(1))
    }

    func testFramesNeverGoBackwards() {
        var s = LiveScheduler(parameters: parameters, cancelOnChange: false, now: 0)
        s.started(3, at: 0)
        XCTAssertTrue(s.ended(3, .frame(seconds: 1)))
        s.started(2, at: 1)
        XCTAssertFalse(s.ended(2, .frame(seconds: 1)), "an older revision's frame is not sent")
        XCTAssertEqual(s.answered, 3)
    }

    func testFailureIsNotRetriedUntilTheNextChange() {
        var s = LiveScheduler(parameters: parameters, cancelOnChange: false, now: 0)
        s.started(0, at: 0)
        XCTAssertFalse(s.ended(0, .failed))
        XCTAssertEqual(s.decide(at: 1), .idle)
        XCTAssertEqual(s.activity, .idle)
        s.changed(to: 1, at: 2, liftsPen: false)
        XCTAssertEqual(s.decide(at: 2), .start(1))
    }

    func testNothingStartsWhileThePenIsDown() {
        var s = LiveScheduler(parameters: parameters, cancelOnChange: false, now: 0)
        s.started(0, at: 0)
        s.ended(0, .frame(seconds: 0.1))
        s.changed(to: 1, at: 1, liftsPen: false)  // an undo, say
        s.penMoved(at: 1.1)
        XCTAssertEqual(s.decide(at: 1.2), .wait(until: 6.1))
        s.penMoved(at: 2)
        XCTAssertEqual(s.decide(at: 2), .wait(until: 7))
        s.changed(to: 2, at: 2.5, liftsPen: true)  // the stroke ends
        XCTAssertEqual(s.decide(at: 2.5), .start(2))
        // A pen that never lifts holds generations back only until its timeout.
        s.started(2, at: 2.5)
        s.ended(2, .frame(seconds: 0.1))
        s.changed(to: 3, at: 3, liftsPen: false)
        s.penMoved(at: 3)
        XCTAssertEqual(s.decide(at: 7.9), .wait(until: 8))
        XCTAssertEqual(s.decide(at: 8), .start(3))
    }

    func testGraceAdaptsToMeasuredTimes() {
        var s = LiveScheduler(parameters: parameters, cancelOnChange: false, now: 0)
        XCTAssertEqual(s.graceSeconds, 0, "nothing measured: no grace")
        var now = 0.0, revision = 0
        func run(_ seconds: Double) {
            s.started(revision, at: now)
            now += seconds
            s.ended(revision, .frame(seconds: seconds))
            revision += 1
            s.changed(to: revision, at: now, liftsPen: true)
        }
        run(2); run(2)
        XCTAssertEqual(s.graceSeconds, 0.25, "median 2 s ≥ 1.5 s")
        XCTAssertEqual(s.decide(at: now), .wait(until: now + 0.25))
        XCTAssertEqual(s.decide(at: now + 0.25), .start(revision))
        run(0.1)
        XCTAssertEqual(s.graceSeconds, 0.25, "median of 2, 2, 0.1 is 2")
        run(0.1)
        XCTAssertEqual(s.graceSeconds, 0, "median of 2, 0.1, 0.1 is 0.1")
        XCTAssertEqual(s.decide(at: now), .start(revision))
        XCTAssertEqual(LiveScheduler.median([3, 1, 2, 10]), 2.5)
        XCTAssertNil(LiveScheduler.median([]))
    }
}
