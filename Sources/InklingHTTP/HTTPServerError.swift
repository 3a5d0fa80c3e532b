/// Why the HTTP server could not start.
public enum HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libmicrohttpd refused to listen; the reason names the address and port.
    case cannotListen(String)
    /// Another process listens on the address and port (the port is never shared).
    case addressInUse(String)
    /// The host is neither a numeric address nor a name this machine resolves.
    case invalidHost(String)

    /// One line a person can act on.
    public var description: String {
        switch self {
        case .cannotListen(let why): "cannot start the HTTP server: \(why)"
        case .addressInUse(let why): "cannot start the HTTP server: \(why)"
        case .invalidHost(let why): "invalid --host: \(why)"
        }
    }
}
