/// Thread-safe client: a small pool of connections that reconnects after errors; a call writes its command on the calling thread and reads the reply there only if it is already in, and any wait (connecting, a blocking read, a reply still on its way) runs on a Dispatch queue, so awaiting a call never holds a cooperative thread waiting on the network.
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
        let reply = try await pipeline([arguments])[0]
        if case .error(let message) = reply { throw RedisConnection.error(replied: message) }
        return reply
    }

    /// Sends several commands in one round trip and returns their replies in order (error
    /// replies as ``RedisReply/error(_:)``, not thrown).
    public func pipeline(_ commands: [[RedisArgument]]) async throws(RedisError) -> [RedisReply] {
        try await connections.pipeline(commands, timeout: commandTimeout).get()
    }

    /// A blocking read (XREAD/XREADGROUP … BLOCK ms): runs on a connection of its own taken from (and returned to) a separate pool, with a reply timeout of `blockMilliseconds` + commandTimeout; cancellation of the awaiting task is honoured at the latest when the BLOCK ends (keep BLOCK short, ≤ 2 s, in callers).
    ///
    /// Here cancellation ends the wait at once: the connection's socket is shut down, the call
    /// throws ``RedisError/connectionLost(_:)`` saying it was cancelled, and the connection is
    /// dropped (a reply that had already arrived is returned instead). `blockMilliseconds` of 0
    /// or less (`BLOCK 0`, wait forever) sets no reply timeout. Concurrent blocking reads each
    /// hold a connection and a Dispatch thread until they end; at most `poolSize` idle ones are kept.
    public func blocking(_ arguments: [RedisArgument], blockMilliseconds: Int) async throws(RedisError) -> RedisReply {
        let reply = try await blocking(pipeline: [arguments], blockMilliseconds: blockMilliseconds)[0]
        if case .error(let message) = reply { throw RedisConnection.error(replied: message) }
        return reply
    }

    /// A blocking read followed by more commands in one round trip on the blocking read's own
    /// connection: `commands[0]` blocks (XREAD/XREADGROUP … BLOCK ms, as in
    /// ``blocking(_:blockMilliseconds:)``), and Redis runs the others the moment it returns, with
    /// no trip to the client in between. Returns every reply in order, error replies as
    /// ``RedisReply/error(_:)`` (not thrown).
    ///
    /// For work that must follow a read at once, such as a worker starting the jobs its read has
    /// just claimed (a script that finds them on the server). Cancellation ends the wait as for
    /// ``blocking(_:blockMilliseconds:)``; then none of the replies is returned.
    public func blocking(pipeline commands: [[RedisArgument]], blockMilliseconds: Int) async throws(RedisError) -> [RedisReply] {
        let timeout: Double? = blockMilliseconds > 0 ? Double(blockMilliseconds) / 1000 + commandTimeout : nil
        let interruption = RedisInterruption()
        let pool = blockingConnections
        return try await withTaskCancellationHandler {
            await pool.run(timeout: timeout) { connection throws(RedisError) in
                try interruption.run(on: connection) { () throws(RedisError) in try connection.pipeline(commands) }
            }
        } onCancel: {
            interruption.interrupt()
        }.get()
    }

    /// The digest Redis knows `script` by, for an EVALSHA its caller sends itself (in
    /// ``blocking(pipeline:blockMilliseconds:)``): the one remembered, or, the first time and
    /// when `reload` (after a NOSCRIPT reply: Redis restarted without it), loaded with SCRIPT LOAD.
    public func digest(of script: RedisScript, reload: Bool = false) async throws(RedisError) -> String {
        if !reload, let known = scripts.digest(of: script.source) { return known }
        return try await load(script)
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
        let result = try await run(script, keys: keys, arguments: arguments, after: commands, then: [])
        return (result.commands, result.script)
    }

    /// Sends `commands`, the script (EVALSHA with keys and args), then `followUps`, in one round
    /// trip, and returns the replies of all three (error replies of commands and follow-ups as
    /// ``RedisReply/error(_:)``, not thrown).
    ///
    /// `followUps` read what the script left (a large value read with `HGETALL` rather than
    /// returned through the script, which Redis would copy out of Lua). On NOSCRIPT the script
    /// is loaded and run again with the follow-ups: the commands ran once. The script's own error
    /// replies throw ``RedisError/server(_:)``.
    public func run(
        _ script: RedisScript, keys: [RedisArgument], arguments: [RedisArgument], after commands: [[RedisArgument]],
        then followUps: [[RedisArgument]]
    ) async throws(RedisError) -> (commands: [RedisReply], script: RedisReply, followUps: [RedisReply]) {
        let digest: String
        if let known = scripts.digest(of: script.source) { digest = known } else { digest = try await load(script) }
        func evaluation(_ digest: String) -> [RedisArgument] {
            ["EVALSHA", RedisArgument(digest), RedisArgument(keys.count)] + keys + arguments
        }
        var replies = try await pipeline(commands + [evaluation(digest)] + followUps)
        var after = Array(replies.suffix(followUps.count))
        replies.removeLast(followUps.count)
        var reply = replies.removeLast()
        if case .error(let message) = reply, message.hasPrefix("NOSCRIPT") {
            // Redis ran nothing of the script: load it and run it again, with its follow-ups.
            var again = try await pipeline([evaluation(try await load(script))] + followUps)
            reply = again.removeFirst()
            after = again
        }
        if case .error(let message) = reply { throw RedisConnection.error(replied: message) }
        return (replies, reply, after)
    }

    /// Loads `script` (SCRIPT LOAD) and remembers its digest.
    private func load(_ script: RedisScript) async throws(RedisError) -> String {
        let reply = try await command(["SCRIPT", "LOAD", RedisArgument(script.source)])
        guard let digest = reply.text else { throw .protocolError("SCRIPT LOAD answered \(reply.kind), not a digest") }
        scripts.remember(digest, for: script.source)
        return digest
    }

    /// PING within the connect timeout: nil when fine, else the error (for health checks).
    public func ping() async -> RedisError? {
        let result = await connections.pipeline([["PING"]], timeout: connectTimeout)
        switch result {
        case .success(let replies) where replies.first == .status("PONG"): return nil
        case .success(let replies): return .protocolError("PING answered \(replies.first?.kind ?? "nothing"), not PONG")
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
