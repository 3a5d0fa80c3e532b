/// One HTTP request as the server received it, copied out of libmicrohttpd.
public struct HTTPRequest: Sendable {
    /// The method, upper case as sent (`GET`).
    public var method: String
    /// The path without the query (`/v1/images/abc`), percent-decoded by libmicrohttpd.
    public var path: String
    /// The protocol version as sent (`HTTP/1.1`).
    public var version: String
    /// Whether the path or a query argument held a NUL byte (`%00`); they are cut there.
    public var hasNUL: Bool
    /// The client's numeric address (`127.0.0.1`, `::1`).
    public var client: String
    /// Request headers, names lower-cased; a repeated header keeps its last value.
    public var headers: [String: String]
    /// Query arguments; a repeated argument keeps its last value.
    public var query: [String: String]
    /// The body (empty for none).
    public var body: [UInt8]
    /// Whether the body exceeded the server's cap (it is then empty).
    public var bodyTooLarge: Bool
    /// Whether the body was refused because the server was receiving too many body bytes at
    /// once (it is then empty).
    public var serverBusy = false

    /// Creates a request.
    public init(method: String, path: String, version: String = "HTTP/1.1", hasNUL: Bool = false, client: String = "127.0.0.1",
                headers: [String: String] = [:], query: [String: String] = [:], body: [UInt8] = [], bodyTooLarge: Bool = false) {
        self.method = method
        self.path = path
        self.version = version
        self.hasNUL = hasNUL
        self.client = client
        self.headers = headers
        self.query = query
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }

    /// The header `name` (any case).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
