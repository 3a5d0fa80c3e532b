import Foundation

/// Bounds the generations running at once, with a bounded queue of waiters behind them.
final class GenerationGate: @unchecked Sendable {
    private let slots: Int
    private let queueLimit: Int
    private let lock = NSLock()
    private var running = 0
    private var waiting: [CheckedContinuation<Bool, Never>] = []
    private var closed = false

    /// `slots` generations at a time, `queueLimit` more waiting.
    init(slots: Int, queueLimit: Int) {
        self.slots = slots
        self.queueLimit = queueLimit
    }

    /// Waits for a slot; `false` at once when the queue is full (or the gate closed).
    func enter() async -> Bool {
        await withCheckedContinuation { continuation in
            let answer: Bool? = lock.withLock {
                if closed { return false }
                if running < slots { running += 1; return true }
                if waiting.count < queueLimit { waiting.append(continuation); return nil }
                return false
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Gives the slot to the next waiter, or frees it.
    func leave() {
        let next: CheckedContinuation<Bool, Never>? = lock.withLock {
            if !waiting.isEmpty { return waiting.removeFirst() }
            running -= 1
            return nil
        }
        next?.resume(returning: true)
    }

    /// Refuses every waiter and every later ``enter()``.
    func close() {
        let refused: [CheckedContinuation<Bool, Never>] = lock.withLock {
            closed = true
            defer { waiting.removeAll() }
            return waiting
        }
        for waiter in refused { waiter.resume(returning: false) }
    }

    /// Whether ``close()`` has been called (the server is stopping).
    var isClosed: Bool { lock.withLock { closed } }

    /// Generations running and waiting now.
    var load: (running: Int, waiting: Int) { lock.withLock { (running, waiting.count) } }
    /// Slots and queue places.
    var capacity: (slots: Int, queue: Int) { (slots, queueLimit) }
}
