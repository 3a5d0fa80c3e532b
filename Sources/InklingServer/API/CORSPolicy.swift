import InklingHTTP
import InklingJobs

/// Cross-origin access to the API from pages on other origins (`--cors-origin`): answers to
/// `OPTIONS` preflights, and `Access-Control-Allow-Origin` on the API's answers, for the allowed
/// origins only. Without allowed origins it does nothing at all.
///
/// An origin is allowed when it is exactly one of the configured ones (as browsers send it:
/// `https://app.example.com`, no path, no trailing slash), or when `*` is configured: the answer
/// is then `Access-Control-Allow-Origin: *`. Credentials are never allowed (no
/// `Access-Control-Allow-Credentials`): API keys travel in the `X-API-Key` or `Authorization`
/// header, which the page sets itself, so `*` lets no page borrow a visitor's cookies or access.
/// A request's `Origin` is only ever compared, never copied into an answer unless it is one of
/// the configured origins, and `null` (sandboxed frames, `file:` pages: any page can claim it)
/// cannot be configured.
struct CORSPolicy: Sendable {
    /// The configured exact origins.
    let origins: Set<String>
    /// Whether `*` is configured.
    let anyOrigin: Bool

    /// The policy for `origins` (checked by ``problem(with:)`` in ``ServerConfiguration/validate()``).
    init(origins: [String]) {
        anyOrigin = origins.contains("*")
        self.origins = Set(origins.filter { $0 != "*" })
    }

    /// Whether any origin is allowed.
    var isEnabled: Bool { anyOrigin || !origins.isEmpty }

    /// The request headers a page may send (`Access-Control-Allow-Headers`).
    static let allowedHeaders = "Content-Type, Content-Encoding, Authorization, X-API-Key, Prefer"
    /// The answer headers a page may read beyond the simple ones (`Access-Control-Expose-Headers`).
    static let exposedHeaders = "Location, Retry-After"
    /// Seconds a browser may cache a preflight's answer.
    static let maxAge = 600

    /// Whether `path` is part of the API (CORS applies) rather than the drawing page.
    static func isAPIPath(_ path: String) -> Bool {
        path.hasPrefix("/v1/") || path == "/healthz" || path == "/openapi.json"
    }

    /// The `Access-Control-Allow-Origin` value for `request`, or `nil` when its origin is not
    /// allowed (or it sends none, or it is not for the API).
    func allowedOrigin(for request: HTTPRequest) -> String? {
        guard isEnabled, Self.isAPIPath(request.path), let origin = request.header("origin") else { return nil }
        if anyOrigin { return "*" }
        return origins.contains(origin) ? origin : nil
    }

    /// The headers every answer to `request` carries: for an allowed origin, the origin, which
    /// answer headers it may read and `Vary: Origin`; for other API requests, `Vary: Origin`
    /// alone (the answer depends on the origin, so a cache must not mix them); nothing when CORS
    /// is off.
    func headers(for request: HTTPRequest) -> [(String, String)] {
        guard isEnabled, Self.isAPIPath(request.path) else { return [] }
        guard let origin = allowedOrigin(for: request) else { return [("Vary", "Origin")] }
        return [("Access-Control-Allow-Origin", origin), ("Access-Control-Expose-Headers", Self.exposedHeaders), ("Vary", "Origin")]
    }

    /// The answer to a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`)
    /// from an allowed origin, for a resource accepting `methods`; `nil` for any other request
    /// (an `OPTIONS` that is no allowed preflight gets the usual 405).
    func preflight(_ request: HTTPRequest, methods: [String]) -> HTTPResponse? {
        guard request.method == "OPTIONS", request.header("access-control-request-method") != nil,
              let origin = allowedOrigin(for: request) else { return nil }
        return HTTPResponse(status: 204, headers: [
            ("Access-Control-Allow-Origin", origin), ("Access-Control-Allow-Methods", methods.joined(separator: ", ")),
            ("Access-Control-Allow-Headers", Self.allowedHeaders), ("Access-Control-Max-Age", String(Self.maxAge)),
            ("Vary", "Origin"), ("Cache-Control", "no-store"),
        ])
    }

    /// Whether a WebSocket handshake may come from `request`'s origin. A browser always sends
    /// `Origin` on one, and no preflight guards it, so the check is here rather than in the
    /// browser: no `Origin` (a program, not a page), the server's own (`Origin`'s host and port
    /// are the `Host` header's, as for this server's page), or one allowed by `--cors-origin`.
    func allowsWebSocket(from request: HTTPRequest) -> Bool {
        guard let origin = request.header("origin") else { return true }
        if anyOrigin || origins.contains(origin) { return true }
        guard let separator = origin.range(of: "://"), let host = request.header("host"), !host.isEmpty else { return false }
        return origin[separator.upperBound...].lowercased() == host.lowercased()
    }

    /// Why `origin` cannot be configured, or `nil` when it can: `*`, or
    /// `scheme://host[:port]` in lower case, without a path, as browsers send it.
    static func problem(with origin: String) -> String? {
        if origin == "*" { return nil }
        let example = "write it as browsers send it, like https://app.example.com or http://localhost:3000, or * for any origin"
        if origin == "null" {
            return "null is the origin of sandboxed frames and file: pages, which any page can claim, so it cannot be allowed; use * to allow every origin"
        }
        guard origin.utf8.count <= 300 else { return "'\(origin.prefix(40))…' is too long for an origin; \(example)" }
        guard let separator = origin.range(of: "://") else { return "'\(origin)' has no scheme; \(example)" }
        let scheme = origin[..<separator.lowerBound]
        let authority = origin[separator.upperBound...]
        let schemeOK = !scheme.isEmpty && scheme.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
        // A host name, an IPv4 address or a bracketed IPv6 one, and an optional port.
        let authorityOK = !authority.isEmpty && authority.utf8.allSatisfy {
            (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || [0x2D, 0x2E, 0x3A, 0x5B, 0x5D].contains($0)
        }
        guard schemeOK, authorityOK, !authority.hasPrefix(":"), !authority.hasSuffix(":") else {
            return "'\(origin)' is not an origin (lower-case scheme://host[:port], no path, no trailing slash); \(example)"
        }
        return nil
    }
}
