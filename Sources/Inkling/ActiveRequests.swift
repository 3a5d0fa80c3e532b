import Foundation

/// The producer tasks of a creator's requests in flight, so ``InklingImageCreator/cancelAll()``
/// can reach them.
final class ActiveRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    private var next: UInt64 = 0
    /// Requests that finished before their task was recorded (the task can outrun `insert`).
    private var finishedEarly: Set<UInt64> = []

    /// Reserves an identifier for a request about to start.
    func reserve() -> UInt64 { lock.withLock { next += 1; return next } }

    /// Records the task of request `id`.
    func insert(_ task: Task<Void, Never>, id: UInt64) {
        lock.withLock {
            if finishedEarly.remove(id) == nil { tasks[id] = task }
        }
    }

    /// Forgets request `id` (it finished).
    func remove(_ id: UInt64) {
        lock.withLock {
            if tasks.removeValue(forKey: id) == nil { finishedEarly.insert(id) }
        }
    }

    /// How many requests are in flight.
    var count: Int { lock.withLock { tasks.count } }

    /// Cancels every request in flight.
    func cancelAll() {
        let running = lock.withLock { Array(tasks.values) }
        for task in running { task.cancel() }
    }
}
