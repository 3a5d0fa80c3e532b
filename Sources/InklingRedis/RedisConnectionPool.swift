import Foundation

/// Connection slots for one ``RedisClient``: at most `capacity` in use at once (callers beyond
/// that wait, without holding a thread), at most `idleLimit` kept while idle.
///
/// Each call takes a slot, runs its blocking I/O on the slot's own serial Dispatch queue, and
/// gives the slot back; a connection that broke is dropped there, and the next call on that slot
/// connects again (once: a failed connect is that call's error).
final class RedisConnectionPool: @unchecked Sendable {
    private let url: RedisURL
    private let connectTimeout: Double
    private let capacity: Int?
    private let idleLimit: Int

    private let lock = NSLock()
    private var idle: [RedisConnectionSlot] = []
    private var inUse = 0
    private var waiters: [CheckedContinuation<(RedisConnectionSlot, Int), Never>] = []
    private var generation = 0

    /// A pool for `url`; `capacity` nil: no bound on slots in use.
    init(url: RedisURL, connectTimeout: Double, capacity: Int?, idleLimit: Int) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.capacity = capacity
        self.idleLimit = idleLimit
    }

    /// Runs `body` on a pooled connection with the reply timeout `timeout`, off Swift's
    /// cooperative threads; `nil` timeout: wait forever.
    func run<T: Sendable>(
        timeout: Double?, _ body: @escaping @Sendable (RedisConnection) throws(RedisError) -> T
    ) async -> Result<T, RedisError> {
        let (slot, generation) = await take()
        let (url, connectTimeout) = (url, connectTimeout)
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, RedisError>, Never>) in
            slot.queue.async {
                continuation.resume(returning: slot.perform(
                    url: url, connectTimeout: connectTimeout, timeout: timeout, generation: generation, body))
            }
        }
        giveBack(slot)
        return result
    }

    /// Closes the idle connections now and the ones in use when they come back.
    func closeAll() {
        lock.withLock {
            generation += 1
            for slot in idle { slot.connection = nil }
        }
    }

    /// An idle slot, a new one, or (at capacity) the next one given back; with the generation.
    private func take() async -> (RedisConnectionSlot, Int) {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let slot = idle.popLast() {
                inUse += 1
                let taken = (slot, generation)
                lock.unlock()
                continuation.resume(returning: taken)
            } else if capacity.map({ inUse < $0 }) ?? true {
                inUse += 1
                let taken = (RedisConnectionSlot(), generation)
                lock.unlock()
                continuation.resume(returning: taken)
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    /// Hands `slot` to the longest waiter, or keeps it idle, or (beyond the idle limit) drops it.
    private func giveBack(_ slot: RedisConnectionSlot) {
        lock.lock()
        if !waiters.isEmpty {
            let waiter = waiters.removeFirst()
            let taken = (slot, generation)
            lock.unlock()
            waiter.resume(returning: taken)
            return
        }
        inUse -= 1
        if idle.count < idleLimit {
            idle.append(slot)
            lock.unlock()
        } else {
            lock.unlock()
            // The slot, and its connection, end here.
        }
    }
}
