import Foundation

/// Where a Redis server is: parsed from `redis://[user:password@]host:port[/db]`,
/// `rediss://…` (TLS), or `unix:///path/to/redis.sock[?db=N]`.
///
/// ```swift
/// let url = try RedisURL(parsing: "redis://inkling:s%40fe@queue.internal:6380/2")
/// // url.endpoint == .tcp(host: "queue.internal", port: 6380), url.user == "inkling",
/// // url.password == "s@fe", url.database == 2; "\(url)" == "redis://inkling:***@queue.internal:6380/2"
/// ```
///
/// Parsing is strict: the scheme in any case; user and password split at the last `@` and the
/// first `:`, percent-decoded as UTF-8 (empty ones count as absent); a host of letters, digits,
/// `.`, `-` and `_`, or an IPv6 address in brackets; a port of 1…65535; a database of 0…65535;
/// no query except a unix URL's `db`, no fragment, no spaces or control characters, at most
/// 4096 bytes. Anything else is an ``RedisError/invalidURL(_:)`` whose one-line message never
/// repeats the user information.
public struct RedisURL: Sendable, Hashable, CustomStringConvertible {
    /// How the server is reached.
    public enum Endpoint: Sendable, Hashable {
        /// A TCP host (name, IPv4 or IPv6 address, without brackets) and port.
        case tcp(host: String, port: UInt16)
        /// A unix domain socket, by its absolute path.
        case unix(path: String)
    }

    /// The largest database number a URL may name (Redis itself has 16 unless configured otherwise).
    public static let databaseRange = 0...65535
    /// The port used when the URL gives none.
    static let defaultPort: UInt16 = 6379
    /// The environment variable that gives the password when the URL has none.
    public static let passwordVariable = "INKLING_REDIS_PASSWORD"

    /// How the server is reached.
    public var endpoint: Endpoint
    /// The ACL user sent with AUTH, if any (Redis 6 and later).
    public var user: String?
    /// The password sent with AUTH, if any.
    public var password: String?
    /// The database selected after connecting (SELECT), 0 by default.
    public var database: Int
    /// Whether the URL asked for TLS (`rediss://`); this build cannot connect with it.
    public var tls: Bool

    /// A URL from its parts.
    public init(endpoint: Endpoint, user: String? = nil, password: String? = nil, database: Int = 0, tls: Bool = false) {
        self.endpoint = endpoint
        self.user = user
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// Parses `text`. The password may instead come from the environment variable
    /// `INKLING_REDIS_PASSWORD` (used when the URL has none). Port defaults to 6379.
    /// IPv6 hosts in brackets. Percent-decoding of user and password.
    public init(parsing text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(RedisError) {
        self = try RedisURLParser.parse(text)
        if password == nil, let fromEnvironment = environment[Self.passwordVariable], !fromEnvironment.isEmpty {
            password = fromEnvironment
        }
    }

    /// The URL with the password replaced by `***` (never print a password).
    public var description: String {
        switch endpoint {
        case .tcp:
            var text = tls ? "rediss://" : "redis://"
            if user != nil || password != nil {
                text += RedisURLParser.percentEncoded(user ?? "") + (password == nil ? "" : ":***") + "@"
            }
            return text + endpoint.label + "/\(database)"
        case .unix(let path):
            return "unix://\(path)" + (database == 0 ? "" : "?db=\(database)")
        }
    }
}

extension RedisURL.Endpoint {
    /// `host:port` (IPv6 in brackets) or `unix socket /path`, for messages.
    var label: String {
        switch self {
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .unix(let path): "unix socket \(path)"
        }
    }
}
