/// What went wrong talking to Redis, one line each.
///
/// The payload of every case is one line of its own; ``description`` adds what kind of failure
/// it was where the payload does not already say so. No case ever carries a password.
public enum RedisError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The Redis URL cannot be used; the payload says why ("redis URL: port 99999 is out of range 1…65535").
    case invalidURL(String)
    /// A `rediss://` URL was given, but this build's hiredis has no TLS.
    case tlsUnavailable(String)
    /// No connection could be made ("cannot connect to 127.0.0.1:6390: Connection refused").
    case connect(String)
    /// The connection failed while a command was under way: an I/O error, the server closing it,
    /// or no reply within the command timeout ("… timed out after 5 s waiting for the reply").
    /// The command may or may not have been applied; it is never retried automatically.
    case connectionLost(String)
    /// Redis answered with an error reply, given as Redis wrote it ("WRONGTYPE Operation against a key …").
    case server(String)
    /// Redis refused the password (AUTH), or a command needs one (`NOAUTH`); Redis's own words.
    case authentication(String)
    /// The reply could not be read as Redis's protocol, or a command cannot be sent as asked
    /// (no arguments, too many).
    case protocolError(String)

    /// One line.
    public var description: String {
        switch self {
        case .invalidURL(let why): why
        case .tlsUnavailable(let why): why
        case .connect(let why): why
        case .connectionLost(let why): "lost the connection to Redis: \(why)"
        case .server(let message): "Redis answered with an error: \(message)"
        case .authentication(let message): "Redis refused the authentication: \(message)"
        case .protocolError(let why): "Redis protocol error: \(why)"
        }
    }
}
