import Foundation
import InklingLive

/// A clock the test moves by hand: `sleep(until:)` returns only when ``advance(by:)`` reaches
/// its deadline (or at once for a deadline passed), so no test waits on the wall clock.
final class ManualLiveClock: LiveClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double
    private var nextID = 0
    private var sleepers: [Int: (deadline: Double, continuation: CheckedContinuation<Void, any Error>)] = [:]

    init(at time: Double = 100) {
        self.time = time
    }

    func now() -> Double { lock.withLock { time } }

    func sleep(until deadline: Double) async throws {
        let id = lock.withLock { () -> Int in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let immediate: Result<Void, any Error>? = lock.withLock {
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= time { return .success(()) }
                    sleepers[id] = (deadline, continuation)
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let sleeper = lock.withLock { sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time on by `seconds`, waking every sleeper whose deadline it reaches.
    func advance(by seconds: Double) {
        let due = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            time += seconds
            let ids = sleepers.filter { $0.value.deadline <= time }.map(\.key)
            return ids.compactMap { sleepers.removeValue(forKey: $0)?.continuation }
        }
        for continuation in due { continuation.resume() }
    }
}
