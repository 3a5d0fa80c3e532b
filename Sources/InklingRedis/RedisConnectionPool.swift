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

    /// Sends `commands` in one round trip and returns their replies (error replies as values),
    /// with the reply timeout `timeout`; `nil`: wait forever.
    ///
    /// On an open connection the commands are written on the calling thread, and a reply that is
    /// already in is read there too (no thread hand-over); any wait for a reply goes to the slot's
    /// Dispatch queue, as does every call that must connect first, so a cooperative thread never
    /// waits on the network. (Waiting there even 2 ms at a time made the cluster soak test, debug
    /// build on 2 cores, lose a job in three of eight runs: the workers holding it went quiet one
    /// after another until its attempts ran out.) Only commands whose bytes fit in half the
    /// socket's send buffer are written inline (the kernel takes them at once); larger ones go to
    /// the Dispatch queue too, since their writing waits for the server to read.
    func pipeline(_ commands: [[RedisArgument]], timeout: Double?) async -> Result<[RedisReply], RedisError> {
        let (slot, generation) = await take()
        defer { giveBack(slot) }
        let open = slot.openConnection(timeout: timeout, generation: generation)
        guard let open, Self.bytes(of: commands) <= open.sendBufferSize / 2 else {
            let (url, connectTimeout) = (url, connectTimeout)
            return await withCheckedContinuation { continuation in
                slot.queue.async {
                    continuation.resume(returning: slot.perform(url: url, connectTimeout: connectTimeout, timeout: timeout, generation: generation) {
                        connection throws(RedisError) in try connection.pipeline(commands)
                    })
                }
            }
        }
        do {
            try open.write(commands)
        } catch {
            return slot.finish(open, .failure(error))
        }
        if open.answerIsIn {
            return slot.finish(open, Result { () throws(RedisError) in try open.readReplies(commands.count) })
        }
        return await withCheckedContinuation { continuation in
            slot.queue.async { continuation.resume(returning: slot.readReplies(commands.count)) }
        }
    }

    /// About how many bytes `commands` take on the wire (their arguments and framing).
    private static func bytes(of commands: [[RedisArgument]]) -> Int {
        commands.reduce(0) { total, command in command.reduce(total + 16) { $0 + $1.bytes.count + 16 } }
    }

    /// Closes the idle connections now and the ones in use when they come back.
    func closeAll() {
        lock.withLock {
            generation += 1
            for slot in idle { slot.connection = nil }
        }
    }

    /// An idle slot, a new one, or (at capacity) the next one given back; with the generation.
    ///
    /// A slot that is free now is taken without suspending: a suspension would cost the call a
    /// trip through the executor, often to another thread.
    private func take() async -> (RedisConnectionSlot, Int) {
        if let taken = lock.withLock({ takeFree() }) { return taken }
        return await withCheckedContinuation { continuation in
            lock.lock()
            if let taken = takeFree() {
                lock.unlock()
                continuation.resume(returning: taken)
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    /// An idle slot or a new one, unless at capacity (call with the lock held).
    private func takeFree() -> (RedisConnectionSlot, Int)? {
        if let slot = idle.popLast() {
            inUse += 1
            return (slot, generation)
        }
        guard capacity.map({ inUse < $0 }) ?? true else { return nil }
        inUse += 1
        return (RedisConnectionSlot(), generation)
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
