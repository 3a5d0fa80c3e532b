import CHiredis
import InklingBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection to Redis: not thread-safe, owned hiredis context freed in deinit.
///
/// Blocking: every call waits for its reply on the calling thread, at most the command timeout
/// between bytes (hiredis sets it as the socket's receive and send timeout). After an I/O error,
/// a timeout or a protocol error the connection is unusable (``isBroken``); make a new one.
/// ``RedisClient`` pools these behind `async` calls.
public final class RedisConnection {
    /// The hiredis context, owned: freed in deinit.
    private let context: UnsafeMutablePointer<redisContext>
    /// `host:port` or `unix socket /path`, for messages.
    let label: String
    /// The reply timeout in force, for messages (nil: none).
    private(set) var commandTimeout: Double?

    /// The socket's send buffer in bytes, as the kernel granted it (0 when unknown): commands
    /// whose bytes fit well within it are written at once, without waiting for the server.
    private(set) var sendBufferSize = 0

    /// Whether an I/O error, timeout or protocol error has made the connection unusable.
    public private(set) var isBroken = false

    /// Connects (TCP or unix socket) within `connectTimeout` seconds, sends AUTH (with user when given) and SELECT when needed; command timeout applies to every later reply (nil: wait forever).
    ///
    /// AUTH and SELECT wait at most `connectTimeout` for their replies (a host name's lookup is
    /// not bounded by it). A TCP connection has keep-alive enabled. `connectTimeout` is at least
    /// a millisecond; a `commandTimeout` that is zero, negative or not finite waits forever, like `nil`.
    ///
    /// - Throws: ``RedisError/tlsUnavailable(_:)`` for a `rediss://` URL, ``RedisError/connect(_:)``,
    ///   ``RedisError/authentication(_:)`` when AUTH is refused, ``RedisError/server(_:)`` when SELECT is.
    public init(url: RedisURL, connectTimeout: Double = 2, commandTimeout: Double? = 5) throws(RedisError) {
        if url.tls { throw .tlsUnavailable(Self.noTLS) }
        let label = url.endpoint.label
        let connectSeconds = max(connectTimeout.isNaN ? 2 : connectTimeout, 0.001)
        let connectTime = Self.socketTime(connectSeconds)
        let opened: UnsafeMutablePointer<redisContext>?
        switch url.endpoint {
        case .tcp(let host, let port):
            guard !host.utf8.contains(0) else { throw .connect("cannot connect to \(label): the host contains a NUL byte") }
            opened = redisConnectWithTimeout(host, Int32(port), connectTime)
        case .unix(let path):
            guard !path.utf8.contains(0) else { throw .connect("cannot connect to \(label): the path contains a NUL byte") }
            opened = redisConnectUnixWithTimeout(path, connectTime)
        }
        guard let opened else { throw .connect("cannot connect to \(label): hiredis could not allocate a context") }
        if opened.pointee.err != 0 {
            let why = Self.errorText(opened)
            redisFree(opened)
            throw .connect("cannot connect to \(label): \(why)")
        }
        context = opened
        self.label = label
        // From here on, deinit frees the context if the handshake throws.
        if case .tcp = url.endpoint, redisEnableKeepAlive(context) != REDIS_OK {
            throw .connect("cannot connect to \(label): cannot enable keep-alive: \(Self.errorText(context))")
        }
        // A large send buffer takes a big value (an image) in one write: the kernel passes it on
        // as Redis reads, without waking this thread for every part that fits the default buffer.
        var sendBuffer: Int32 = Self.sendBufferBytes
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = setsockopt(context.pointee.fd, SOL_SOCKET, SO_SNDBUF, &sendBuffer, length)
        if getsockopt(context.pointee.fd, SOL_SOCKET, SO_SNDBUF, &sendBuffer, &length) == 0 { sendBufferSize = Int(sendBuffer) }
        setCommandTimeout(connectSeconds)
        if isBroken { throw .connect("cannot connect to \(label): cannot set the timeout: \(Self.errorText(context))") }
        if let password = url.password {
            let auth: [RedisArgument] = url.user.map { ["AUTH", RedisArgument($0), RedisArgument(password)] } ?? ["AUTH", RedisArgument(password)]
            try handshake(auth, "AUTH") { .authentication($0) }
        }
        if url.database != 0 {
            try handshake(["SELECT", RedisArgument(url.database)], "SELECT") { .server($0) }
        }
        setCommandTimeout(commandTimeout)
        if isBroken { throw .connect("cannot connect to \(label): cannot set the timeout: \(Self.errorText(context))") }
    }

    deinit {
        redisFree(context)
    }

    /// Sends one command and returns its reply; an error reply throws `.server`. After any I/O error the connection is unusable (`isBroken` true).
    ///
    /// Error replies that refuse or ask for a password (`WRONGPASS`, `NOAUTH`) throw
    /// ``RedisError/authentication(_:)`` instead. A command with no arguments, or more than a
    /// million, throws ``RedisError/protocolError(_:)`` without being sent.
    public func command(_ arguments: [RedisArgument]) throws(RedisError) -> RedisReply {
        let reply = try send(arguments)
        if case .error(let message) = reply { throw Self.error(replied: message) }
        return reply
    }

    /// Sends several commands in one round trip and returns their replies in order (error replies as `.error`, not thrown).
    ///
    /// Throws when a command cannot be sent (nothing is sent then) or the connection fails
    /// (then none of the replies is returned, though some commands may have run).
    public func pipeline(_ commands: [[RedisArgument]]) throws(RedisError) -> [RedisReply] {
        try write(commands)
        return try readReplies(commands.count)
    }

    /// Sends commands without waiting for their replies: ``readReplies(_:)`` reads them.
    ///
    /// Checks every command first (nothing is sent when one is refused), then writes them all,
    /// waiting at most the command timeout for the socket to take them.
    func write(_ commands: [[RedisArgument]]) throws(RedisError) {
        guard commands.count <= RedisArgv.maxCommands else {
            throw .protocolError("a pipeline has \(commands.count) commands; at most \(RedisArgv.maxCommands) are sent")
        }
        for arguments in commands { try RedisArgv.check(arguments) }
        try requireUsable()
        for arguments in commands {
            let appended = RedisArgv.with(arguments) { redisAppendCommandArgv(context, $0, $1, $2) }
            if appended != REDIS_OK { throw broken(errno: 0) }
        }
        let (status, error) = SIGPIPEBlocker.run { () -> (Int32, Int32) in
            var done: Int32 = 0
            while done == 0 {
                if redisBufferWrite(context, &done) != REDIS_OK { return (REDIS_ERR, errno) }
            }
            return (REDIS_OK, 0)
        }
        if status != REDIS_OK { throw broken(errno: error) }
    }

    /// Whether the server has started to answer (or closed the socket) already; false when
    /// nothing is in yet (the replies may still come: read them anyway). Never waits.
    var answerIsIn: Bool {
        guard !isBroken else { return true }
        var descriptor = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
        var ready = poll(&descriptor, 1, 0)
        while ready < 0 && errno == EINTR { ready = poll(&descriptor, 1, 0) }
        return ready != 0  // another error: the read that follows reports it
    }

    /// Reads the replies of `count` commands sent by ``write(_:)``, in order.
    func readReplies(_ count: Int) throws(RedisError) -> [RedisReply] {
        var replies: [RedisReply] = []
        replies.reserveCapacity(count)
        for _ in 0..<count { replies.append(try nextReply()) }
        return replies
    }

    /// Changes the reply timeout (e.g. for XREADGROUP … BLOCK): nil waits forever.
    ///
    /// Zero, negative and infinite timeouts wait forever too. A failure to set it breaks the connection.
    public func setCommandTimeout(_ seconds: Double?) {
        guard !isBroken else { return }
        let effective = seconds.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        if redisSetTimeout(context, Self.socketTime(effective ?? 0)) != REDIS_OK { isBroken = true }
        commandTimeout = effective
    }

    /// Sends one command and returns its reply, an error reply as `.error`.
    func send(_ arguments: [RedisArgument]) throws(RedisError) -> RedisReply {
        try RedisArgv.check(arguments)
        try requireUsable()
        let (raw, error) = SIGPIPEBlocker.run {
            let raw = RedisArgv.with(arguments) { redisCommandArgv(context, $0, $1, $2) }
            return (raw, errno)
        }
        guard let raw else { throw broken(errno: error) }
        defer { freeReplyObject(raw) }
        return try copy(raw)
    }

    /// The socket's descriptor, for ``RedisInterruption`` (valid while the connection lives).
    var socket: Int32 { context.pointee.fd }

    /// Marks the connection unusable (its socket was shut down from another thread).
    func markBroken() {
        isBroken = true
    }

    /// Whether an idle connection still looks usable: not broken, and nothing to read on its
    /// socket (an idle connection that is readable was closed by the server, or has a stray reply).
    var looksIdle: Bool {
        guard !isBroken else { return false }
        var descriptor = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    /// Reads the next reply of a pipeline.
    private func nextReply() throws(RedisError) -> RedisReply {
        var raw: UnsafeMutableRawPointer?
        let (status, error) = SIGPIPEBlocker.run { (redisGetReply(context, &raw), errno) }
        guard status == REDIS_OK, let raw else { throw broken(errno: error) }
        defer { freeReplyObject(raw) }
        return try copy(raw)
    }

    /// A copy of hiredis's reply at `raw` (a protocol surprise breaks the connection).
    private func copy(_ raw: UnsafeMutableRawPointer) throws(RedisError) -> RedisReply {
        do {
            return try RedisReply(copying: raw.assumingMemoryBound(to: redisReply.self))
        } catch {
            isBroken = true
            throw error
        }
    }

    /// Runs one handshake command with the reply timeout being the connect timeout; an error
    /// reply becomes `refused(message)`, a failure ``RedisError/connect(_:)``.
    private func handshake(_ arguments: [RedisArgument], _ what: String, refused: (String) -> RedisError) throws(RedisError) {
        let reply: RedisReply
        do {
            reply = try send(arguments)
        } catch {
            var why = Self.reason(of: error)
            if why.hasPrefix("\(label): ") { why.removeFirst(label.count + 2) }
            throw .connect("cannot connect to \(label): \(what) failed: \(why)")
        }
        if case .error(let message) = reply { throw refused(message) }
    }

    /// Throws unless the connection is usable.
    private func requireUsable() throws(RedisError) {
        if isBroken { throw .connectionLost("\(label): the connection broke earlier; make a new one") }
    }

    /// Marks the connection broken and describes hiredis's error (`error`: `errno` right after the failed call).
    private func broken(errno error: Int32) -> RedisError {
        isBroken = true
        let text = Self.errorText(context)
        switch context.pointee.err {
        case REDIS_ERR_IO where error == EAGAIN || error == EWOULDBLOCK || text == String(cString: strerror(EAGAIN)):
            let after = commandTimeout.map { "after \(NumberText.compact($0)) s " } ?? ""
            return .connectionLost("\(label): timed out \(after)waiting for Redis")
        case REDIS_ERR_EOF:
            return .connectionLost("\(label): the server closed the connection")
        case REDIS_ERR_PROTOCOL:
            return .protocolError("\(label): \(text)")
        case REDIS_ERR_OOM:
            return .connectionLost("\(label): hiredis ran out of memory")
        default:
            return .connectionLost("\(label): \(text)")
        }
    }

    /// The error to throw for an error reply.
    static func error(replied message: String) -> RedisError {
        message.hasPrefix("NOAUTH ") || message.hasPrefix("WRONGPASS ") ? .authentication(message) : .server(message)
    }

    /// The payload of `error`, for wrapping into another message.
    private static func reason(of error: RedisError) -> String {
        switch error {
        case .invalidURL(let why), .tlsUnavailable(let why), .connect(let why), .connectionLost(let why), .server(let why),
             .authentication(let why), .protocolError(let why):
            why
        }
    }

    /// The context's `errstr`, one line.
    private static func errorText(_ context: UnsafeMutablePointer<redisContext>) -> String {
        let bytes = withUnsafeBytes(of: context.pointee.errstr) { Array($0.prefix { $0 != 0 }) }
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isNewline }
        return text.isEmpty ? "error \(context.pointee.err)" : text
    }

    /// `seconds` (≥ 0) as a `timeval`; 0 is "no timeout" for hiredis's socket options.
    private static func socketTime(_ seconds: Double) -> timeval {
        let bounded = min(max(seconds, 0), 1e9)
        var whole = Int(bounded)
        var micros = Int(((bounded - Double(whole)) * 1e6).rounded())
        if micros >= 1_000_000 { whole += 1; micros -= 1_000_000 }
        if bounded > 0 && whole == 0 && micros == 0 { micros = 1 }
        return timeval(tv_sec: whole, tv_usec: .init(micros))
    }

    /// The socket send buffer asked for (the kernel may give less: `net.core.wmem_max`).
    static let sendBufferBytes: Int32 = 1 << 20

    /// Why `rediss://` cannot be used here.
    static let noTLS = "rediss:// needs hiredis with TLS; this build's hiredis \(HIREDIS_MAJOR).\(HIREDIS_MINOR).\(HIREDIS_PATCH) has none; "
        + "use redis:// on a trusted network or a TLS tunnel"
}
