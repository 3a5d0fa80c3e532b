import Dispatch

/// One place in a ``RedisConnectionPool``: a serial queue that runs the blocking I/O, and the
/// connection it holds, made on first use and again after it broke.
///
/// Only the operation that holds the slot (taken from the pool, not yet given back) touches
/// ``connection``, and only on ``queue``; the pool's lock orders the hand-overs. Hence
/// `@unchecked Sendable`.
final class RedisConnectionSlot: @unchecked Sendable {
    /// Where this slot's calls block: a serial queue of its own, so a waiting call holds one
    /// Dispatch thread and never a thread of Swift's cooperative pool.
    let queue = DispatchQueue(label: "inkling.redis.connection")
    /// The connection, if one is open.
    var connection: RedisConnection?
    /// The pool's generation when the connection was made (``RedisConnectionPool/closeAll()`` moves it on).
    private var generation = 0

    /// Runs `body` on a usable connection (on the calling thread, which should be ``queue``).
    ///
    /// Reuses the open connection unless it broke, was closed by the server while idle, or is
    /// of an older generation; otherwise connects once. Sets the reply timeout to `timeout`.
    /// Drops the connection when `body` leaves it broken.
    func perform<T>(
        url: RedisURL, connectTimeout: Double, timeout: Double?, generation current: Int,
        _ body: (RedisConnection) throws(RedisError) -> T
    ) -> Result<T, RedisError> {
        let usable: RedisConnection
        if let open = openConnection(timeout: timeout, generation: current) {
            usable = open
        } else {
            do {
                usable = try RedisConnection(url: url, connectTimeout: connectTimeout, commandTimeout: timeout)
            } catch {
                return .failure(error)
            }
            connection = usable
            generation = current
        }
        return finish(usable, Result { () throws(RedisError) -> T in try body(usable) })
    }

    /// The open connection, ready for a call with reply timeout `timeout`, if there is one that
    /// is usable (not broken, not closed by the server while idle, of the `current` generation);
    /// nil when a call must connect first. Never blocks: any thread may ask.
    func openConnection(timeout: Double?, generation current: Int) -> RedisConnection? {
        if let open = connection, generation != current || !open.looksIdle {
            connection = nil
        }
        guard let open = connection else { return nil }
        if open.commandTimeout != timeout { open.setCommandTimeout(timeout) }
        return open.isBroken ? nil : open
    }

    /// Reads the replies of `count` commands already written on the open connection (on ``queue``).
    func readReplies(_ count: Int) -> Result<[RedisReply], RedisError> {
        guard let open = connection else { return .failure(.connectionLost("the connection was dropped before its replies were read")) }
        return finish(open, Result { () throws(RedisError) in try open.readReplies(count) })
    }

    /// Returns `result`, dropping `connection` first if the call left it broken.
    func finish<T>(_ used: RedisConnection, _ result: Result<T, RedisError>) -> Result<T, RedisError> {
        if used.isBroken, connection === used { connection = nil }
        return result
    }
}
