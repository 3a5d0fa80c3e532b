import Foundation
@testable import InklingRemoteEngines
import XCTest

/// The pool's bookkeeping alone: what a round of queue probes does to the endpoints' state and
/// which endpoint it reserves.
final class EnginePoolStateTests: XCTestCase {
    private func state(_ count: Int) -> EnginePoolState {
        EnginePoolState(endpoints: (0..<count).map { "http://h\($0):1" }, backOff: 30)
    }

    func testTheShortestQueueWinsAndTiesGoRoundRobin() async {
        let pool = state(3)
        let quiet: [EnginePoolProbe] = (0..<3).map { EnginePoolProbe(index: $0, answer: .queue(0)) }
        var chosen: [Int?] = []
        for _ in 0..<3 { chosen.append(await pool.reserve(after: quiet)) }
        XCTAssertEqual(chosen, [0, 1, 2], "each reserved one counts in flight, so the next goes elsewhere")
        for index in 0..<3 { await pool.finished(index, succeeded: true) }
        let busy = [EnginePoolProbe(index: 0, answer: .queue(5)), EnginePoolProbe(index: 1, answer: .queue(2)),
                    EnginePoolProbe(index: 2, answer: .queue(3))]
        let next = await pool.reserve(after: busy)
        XCTAssertEqual(next, 1)
    }

    func testAnUnansweredProbeIsSkippedAndCountedAndAnAnsweredOneIsNot() async {
        let pool = state(2)
        await pool.failed(1)
        let probes = [EnginePoolProbe(index: 0, answer: .unanswered), EnginePoolProbe(index: 1, answer: .queue(7))]
        let chosen = await pool.reserve(after: probes)
        XCTAssertEqual(chosen, 1, "the one that answered, however busy")
        let states = await pool.states()
        XCTAssertEqual(states.map(\.attempts), [1, 0])
        XCTAssertEqual(states.map(\.failures), [1, 1])
        XCTAssertEqual(states.map(\.skipped), [true, false], "answering ends the skip")
        XCTAssertEqual(states.map(\.inFlight), [0, 1])
    }

    func testNothingIsReservedWhenEveryProbeWentUnansweredOrNamesNoEndpoint() async {
        let pool = state(2)
        let none = await pool.reserve(after: [EnginePoolProbe(index: 0, answer: .unanswered), EnginePoolProbe(index: 5, answer: .queue(0))])
        XCTAssertNil(none)
        let states = await pool.states()
        XCTAssertEqual(states.map(\.inFlight), [0, 0])
    }

    func testAnEndpointThatCannotSayIsWeighedByItsOwnRequests() async {
        let pool = state(2)
        let unknown = [EnginePoolProbe(index: 0, answer: .unknown), EnginePoolProbe(index: 1, answer: .unknown)]
        let first = await pool.reserve(after: unknown)
        let second = await pool.reserve(after: unknown)
        let third = await pool.reserve(after: unknown)
        XCTAssertEqual([first, second, third], [0, 1, 0])
    }

    /// Many probes and reservations at once from concurrent tasks (run it under
    /// `swift test --sanitize=thread --filter Pool`): every reservation is counted once.
    func testConcurrentReservationsAreEachCounted() async {
        let pool = state(3)
        let probes: [EnginePoolProbe] = (0..<3).map { EnginePoolProbe(index: $0, answer: .queue($0)) }
        let chosen = await withTaskGroup(of: Int?.self, returning: [Int].self) { group in
            for _ in 0..<300 { group.addTask { await pool.reserve(after: probes) } }
            var all: [Int] = []
            for await index in group { if let index { all.append(index) } }
            return all
        }
        XCTAssertEqual(chosen.count, 300)
        let states = await pool.states()
        XCTAssertEqual(states.map(\.inFlight).reduce(0, +), 300)
        XCTAssertEqual(states.map(\.inFlight), [100, 100, 100], "equal loads once the queues are outweighed")
    }
}
