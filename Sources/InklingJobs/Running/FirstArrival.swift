import Foundation

/// A value that several racing tasks may offer, of which the first is kept: ``wait()`` returns
/// it, whenever it arrives. Unlike a task group, waiting never waits for the losers.
final class FirstArrival<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private var waiters: [CheckedContinuation<Value, Never>] = []

    /// Offers `value`; ignored when another arrived first.
    func offer(_ value: Value) {
        let waiting: [CheckedContinuation<Value, Never>] = lock.withLock {
            guard self.value == nil else { return [] }
            self.value = value
            defer { waiters = [] }
            return waiters
        }
        for waiter in waiting { waiter.resume(returning: value) }
    }

    /// The first value offered, or `nil` while none has been.
    var current: Value? { lock.withLock { value } }

    /// The first value offered, once there is one.
    func wait() async -> Value {
        await withCheckedContinuation { continuation in
            let ready: Value? = lock.withLock {
                if let value { return value }
                waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
