/// One HTTP request as the server received it, copied out of libmicrohttpd.
package struct HTTPRequest: Sendable {
    /// The method, upper case as sent (`GET`).
    package var method: String
    /// The path without the query (`/v1/images/abc`), percent-decoded by libmicrohttpd.
    package var path: String
    /// The protocol version as sent (`HTTP/1.1`).
    package var version: String
    /// Whether the path or a query argument held a NUL byte (`%00`); they are cut there.
    package var hasNUL: Bool
    /// The client's numeric address (`127.0.0.1`, `::1`).
    package var client: String

    /// Whether the client is on this machine (127.0.0.0/8 or ::1, also as an IPv4-mapped address).
    package var isLoopback: Bool {
        client.hasPrefix("127.") || client == "::1" || client.hasPrefix("::ffff:127.")
    }
    /// Request headers, names lower-cased; a repeated header keeps its last value.
    package var headers: [String: String]
    /// Query arguments; a repeated argument keeps its last value.
    package var query: [String: String]
    /// The body (empty for none).
    package var body: [UInt8]
    /// Whether the body exceeded the server's cap (it is then empty).
    package var bodyTooLarge: Bool
    /// Whether the body was refused because the server was receiving too many body bytes at
    /// once (it is then empty).
    package var serverBusy = false

    /// Creates a request.
    package init(method: String, path: String, version: String = "HTTP/1.1", hasNUL: Bool = false, client: String = "127.0.0.1",
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
    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}
