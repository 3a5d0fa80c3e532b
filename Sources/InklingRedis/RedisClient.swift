/// Thread-safe client: a small pool of connections that reconnects after errors; every call runs its blocking I/O off Swift's cooperative thread pool (e.g. on a Dispatch queue or a dedicated thread), so awaiting it never blocks other tasks.
///
/// ```swift
/// let redis = RedisClient(url: try RedisURL(parsing: "redis://127.0.0.1:6379"))
/// _ = try await redis.command(["SET", "greeting", "hello"])
/// let value = try await redis.command(["GET", "greeting"]).text   // "hello"
/// ```
///
/// Calls share `poolSize` connections (more callers wait their turn); blocking reads have
/// connections of their own. A connection that fails is dropped and the next call on its place
/// connects again, once: a call is never retried behind the caller's back, so a command that
/// failed mid-flight is reported as ``RedisError/connectionLost(_:)`` and may or may not have
/// run. An idle connection the server closed (a restart) is noticed before use and replaced.
/// Connections open lazily: making a client never fails.
public final class RedisClient: Sendable {
    /// The server.
    public let url: RedisURL
    private let connectTimeout: Double
    private let commandTimeout: Double
    private let connections: RedisConnectionPool
    private let blockingConnections: RedisConnectionPool
    private let scripts = RedisScriptDigests()

    /// A client of the server at `url`, with at most `poolSize` (at least 1) connections for
    /// ordinary commands, each connect taking at most `connectTimeout` seconds and each reply
    /// `commandTimeout` (zero or less: wait forever). Connects on first use; a `rediss://` URL
    /// fails there with ``RedisError/tlsUnavailable(_:)``.
    public init(url: RedisURL, poolSize: Int = 4, connectTimeout: Double = 2, commandTimeout: Double = 5) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
        let size = max(poolSize, 1)
        connections = RedisConnectionPool(url: url, connectTimeout: connectTimeout, capacity: size, idleLimit: size)
        blockingConnections = RedisConnectionPool(url: url, connectTimeout: connectTimeout, capacity: nil, idleLimit: size)
    }

    /// Sends one command and returns its reply; an error reply throws ``RedisError/server(_:)``.
    public func command(_ arguments: [RedisArgument]) async throws(RedisError) -> RedisReply {
        try await connections.run(timeout: commandTimeout) { connection throws(RedisError) in
            try connection.command(arguments)
        }.get()
    }

    /// Sends several commands in one round trip and returns their replies in order (error
    /// replies as ``RedisReply/error(_:)``, not thrown).
    public func pipeline(_ commands: [[RedisArgument]]) async throws(RedisError) -> [RedisReply] {
        try await connections.run(timeout: commandTimeout) { connection throws(RedisError) in
            try connection.pipeline(commands)
        }.get()
    }

    /// A blocking read (XREAD/XREADGROUP … BLOCK ms): runs on a connection of its own taken from (and returned to) a separate pool, with a reply timeout of `blockMilliseconds` + commandTimeout; cancellation of the awaiting task is honoured at the latest when the BLOCK ends (keep BLOCK short, ≤ 2 s, in callers).
    ///
    /// Here cancellation ends the wait at once: the connection's socket is shut down, the call
    /// throws ``RedisError/connectionLost(_:)`` saying it was cancelled, and the connection is
    /// dropped (a reply that had already arrived is returned instead). `blockMilliseconds` of 0
    /// or less (`BLOCK 0`, wait forever) sets no reply timeout. Concurrent blocking reads each
    /// hold a connection and a Dispatch thread until they end; at most `poolSize` idle ones are kept.
    public func blocking(_ arguments: [RedisArgument], blockMilliseconds: Int) async throws(RedisError) -> RedisReply {
        let timeout: Double? = blockMilliseconds > 0 ? Double(blockMilliseconds) / 1000 + commandTimeout : nil
        let interruption = RedisInterruption()
        let pool = blockingConnections
        return try await withTaskCancellationHandler {
            await pool.run(timeout: timeout) { connection throws(RedisError) in
                try interruption.run(on: connection) { () throws(RedisError) in try connection.command(arguments) }
            }
        } onCancel: {
            interruption.interrupt()
        }.get()
    }

    /// EVALSHA with keys and args; on NOSCRIPT loads it (SCRIPT LOAD) and retries once.
    ///
    /// The first run through this client loads the script (SCRIPT LOAD) and remembers its digest.
    /// Retrying after NOSCRIPT is safe: Redis ran nothing. The script's own error replies throw
    /// ``RedisError/server(_:)``.
    public func run(_ script: RedisScript, keys: [RedisArgument], arguments: [RedisArgument]) async throws(RedisError) -> RedisReply {
        try await run(script, keys: keys, arguments: arguments, after: []).script
    }

    /// Sends `commands`, then the script (EVALSHA with keys and args), in one round trip, and
    /// returns the commands' replies (error replies as ``RedisReply/error(_:)``) and the script's.
    ///
    /// For a script that works on what the commands just wrote (a large value sent with `SET`
    /// rather than through the script's arguments, which Redis would copy into Lua and back).
    /// On NOSCRIPT the script alone is loaded and run again: the commands ran once. The script's
    /// own error replies throw ``RedisError/server(_:)``.
    public func run(
        _ script: RedisScript, keys: [RedisArgument], arguments: [RedisArgument], after commands: [[RedisArgument]]
    ) async throws(RedisError) -> (commands: [RedisReply], script: RedisReply) {
        let scripts = scripts
        let known = scripts.digest(of: script.source)
        return try await connections.run(timeout: commandTimeout) { connection throws(RedisError) in
            func load() throws(RedisError) -> String {
                let reply = try connection.command(["SCRIPT", "LOAD", RedisArgument(script.source)])
                guard let digest = reply.text else { throw .protocolError("SCRIPT LOAD answered \(reply.kind), not a digest") }
                scripts.remember(digest, for: script.source)
                return digest
            }
            func evaluation(_ digest: String) -> [RedisArgument] {
                ["EVALSHA", RedisArgument(digest), RedisArgument(keys.count)] + keys + arguments
            }
            let digest: String
            if let known { digest = known } else { digest = try load() }
            var replies = try connection.pipeline(commands + [evaluation(digest)])
            var reply = replies.removeLast()
            if case .error(let message) = reply, message.hasPrefix("NOSCRIPT") {
                reply = try connection.pipeline([evaluation(try load())])[0]
            }
            if case .error(let message) = reply { throw RedisConnection.error(replied: message) }
            return (replies, reply)
        }.get()
    }

    /// PING within the connect timeout: nil when fine, else the error (for health checks).
    public func ping() async -> RedisError? {
        let result = await connections.run(timeout: connectTimeout) { connection throws(RedisError) in
            try connection.command(["PING"])
        }
        switch result {
        case .success(.status("PONG")): return nil
        case .success(let reply): return .protocolError("PING answered \(reply.kind), not PONG")
        case .failure(let error): return error
        }
    }

    /// Closes every pooled connection (later calls reconnect).
    ///
    /// Idle connections close now; those in use close when their call ends.
    public func close() {
        connections.closeAll()
        blockingConnections.closeAll()
    }
}
