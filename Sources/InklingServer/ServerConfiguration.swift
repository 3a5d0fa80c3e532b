import InklingLimits
import InklingHTTP
import InklingJobs
import Foundation
import InklingLive
import InklingBase
import InklingConditioning
import InklingStrokes

/// Everything `inkling serve` can be told: where to listen and the limits it enforces.
public struct ServerConfiguration: Sendable {
    /// Address or host name to listen on (a name listens on its first address); loopback by default.
    public var host = "127.0.0.1"
    /// Port; 0 picks a free one (see ``InklingServer/port``).
    public var port: UInt16 = 8080
    /// Server threads (libmicrohttpd's pool); the number of cores by default.
    public var threads = ActiveCores.count
    /// Seconds a connection may stay idle (a stalled body included) before it is closed.
    public var connectionTimeout = 30
    /// Seconds from a connection's start (or its previous answer) until the whole request head
    /// must have arrived; later, 408 `request_timeout` and the connection is closed. Unlike
    /// ``connectionTimeout`` this cannot be stretched by sending a byte now and then.
    public var headTimeout = 10
    /// Seconds for receiving a whole request, head and body; later, 408 `request_timeout`.
    public var requestDeadline = 60
    /// Seconds running generations may go on after a stop is asked for (``InklingServer/drain()``);
    /// then they are cancelled and answered 503 `stopping`.
    public var drainTimeout = 10.0
    /// Most connections open at once (the open-file limit is raised to fit, or this is lowered).
    public var connectionLimit = 4096
    /// Most connections open at once from one address; 0 for no limit. Beyond it libmicrohttpd
    /// refuses the connection, so one address cannot take the whole ``connectionLimit``.
    public var connectionsPerAddress = 256
    /// Largest request body accepted, in bytes (413 above it).
    public var maxBodyBytes = 8 << 20
    /// Most body bytes being received at once, all requests together (503 `server_busy` for a
    /// body that would pass it), so many slow uploads cannot hold unbounded memory; 0 for no limit.
    public var maxBufferedBytes = 256 << 20
    /// Most WebSocket connections open at once (`--max-live`); one more is refused with 503
    /// `too_many_live_connections` before its upgrade. Each also counts against
    /// ``connectionLimit`` and ``connectionsPerAddress`` while it is open.
    public var maxLiveConnections = 64
    /// Most WebSocket connections one client (an API key, or an address without keys) holds
    /// open at once (`--max-live-per-client`); one more is refused with 429
    /// `too_many_live_sessions` before its upgrade. 0: no bound but ``maxLiveConnections``.
    public var maxLivePerClient = 4
    /// The bounds of each live session on `/v1/live` (message size and rate, strokes, undo).
    package var liveLimits = LiveLimits.default
    /// The other bounds of WebSocket connections (message size, frames per message, idle
    /// timeout, send queue); their count is ``maxLiveConnections``.
    package var webSocketLimits = WebSocketLimits()
    /// Usage limit: tokens a client regains per second (0 turns limits off).
    public var tokensPerSecond = 2.0
    /// Usage limit: most tokens a client can hold (a burst); a guidance map costs 1, a
    /// generation 1 per image.
    public var burst = 40.0
    /// API keys that get their own usage bucket (`X-API-Key` or `Authorization: Bearer`);
    /// requests without a key are counted by address, an unknown key is refused.
    public var apiKeys: Set<String> = []

    /// The most bytes a `Content-Encoding: gzip` body may inflate to: 4 × ``maxBodyBytes`` (a
    /// 100,000-point drawing from the page is about 21 MB of JSON and 3 MB gzipped).
    public var maxDecodedBodyBytes: Int { maxBodyBytes.multipliedReportingOverflow(by: 4).overflow ? Int.max : maxBodyBytes * 4 }
    /// Limits of their own for some of ``apiKeys`` (their lines in the key file); the others
    /// have the server's.
    public var apiKeyLimits: [String: ClientLimits] = [:]
    /// Whether every API request needs one of ``apiKeys`` (`--require-api-key`): without a valid
    /// one it is answered 401 with `WWW-Authenticate: Bearer`. The page and `/healthz` stay open
    /// (`/healthz` says only ok or not to callers without a key, off loopback).
    public var requireAPIKey = false
    /// HTTPS: the PEM private key and certificate (chain) to serve with (`--tls-key`,
    /// `--tls-cert`); `nil`: plain HTTP (put a TLS proxy in front on a network, docs/deploy.md).
    public var tls: TLSIdentity?
    /// Generations running at once.
    public var maxConcurrentGenerations = 2
    /// Generations waiting for a slot; beyond that, 503.
    public var maxQueuedGenerations = 8
    /// Seconds a generation may take before it is cancelled (504).
    public var generationTimeout = 120.0
    /// Seconds an undelivered image is kept before it is deleted; also how long a generation
    /// job is remembered after it ends (`GET /v1/jobs/{id}`), and the longest a job may wait in
    /// the queue (then 503 `queue_timeout`), so nothing a client sent outlives it.
    public var imageTTL = 300.0
    /// Most ended generation jobs remembered at once (`GET /v1/jobs/{id}`); beyond it the
    /// oldest ended job is forgotten first, before its ``imageTTL`` (its images stay downloadable).
    public var maxRememberedJobs = 4096
    /// Most bytes of undelivered images held at once (503 above it).
    public var maxStoredBytes = 256 << 20
    /// Largest side of a guidance map, in pixels.
    public var maxGuidanceSide = 2048
    /// Styles clients may ask for (narrowed further to the engine's).
    public var allowedStyles: [Style] = [.animation, .illustration, .sketch, .emoji]
    /// The style used when a request names none.
    public var defaultStyle: Style = .illustration
    /// Limits on drawings (bytes, strokes, points, coordinates); bytes also cap at the body cap.
    public var drawingLimits = StrokeJSONDecoder.Limits.default
    /// Origins whose pages may call the API from a browser (`--cors-origin`): exact origins as
    /// browsers send them (`https://app.example.com`, `http://localhost:3000`), or `*` for any.
    /// Empty (the default): no CORS headers at all, and `OPTIONS` is 405 like any other method.
    public var corsOrigins: [String] = []

    /// Why `origin` cannot be one of ``corsOrigins``, one line, or `nil` when it can: `*`, or
    /// `scheme://host[:port]` in lower case without a path, as browsers send it; never `null`.
    public static func corsOriginProblem(_ origin: String) -> String? { CORSPolicy.problem(with: origin) }

    /// The defaults: loopback, port 8080, one thread per core.
    public init() {}

    /// Checks that the settings make sense together; the message names the setting.
    public func validate() throws(APIError) {
        func bad(_ message: String) -> APIError { APIError(500, "invalid_configuration", message) }
        guard connectionTimeout >= 1 else { throw bad("the connection timeout must be at least 1 second") }
        guard headTimeout >= 1, requestDeadline >= headTimeout else { throw bad("the head timeout must be at least 1 second and the request deadline at least the head timeout") }
        guard drainTimeout >= 0, drainTimeout.isFinite else { throw bad("the drain deadline must be 0 or more seconds") }
        guard connectionLimit >= 1 else { throw bad("the connection limit must be at least 1") }
        guard maxLiveConnections >= 0 else { throw bad("the live connection limit must be 0 (none) or more") }
        guard maxLivePerClient >= 0 else { throw bad("the live connections per client must be 0 (no bound) or more") }
        guard maxBodyBytes >= 1024 else { throw bad("the body cap must be at least 1024 bytes") }
        guard tokensPerSecond >= 0, tokensPerSecond.isFinite else { throw bad("the usage rate must be 0 (off) or positive") }
        guard tokensPerSecond == 0 || burst >= 4 else { throw bad("the usage burst must be at least 4 (a generation of 4 images costs 4)") }
        guard maxConcurrentGenerations >= 1, maxQueuedGenerations >= 0 else { throw bad("generations: at least 1 at a time and a queue of 0 or more") }
        guard generationTimeout > 0, imageTTL > 0 else { throw bad("timeouts must be positive") }
        guard !allowedStyles.isEmpty else { throw bad("allow at least one style") }
        guard allowedStyles.contains(defaultStyle) else { throw bad("the default style \(defaultStyle.rawValue) is not among the allowed styles") }
        guard (16...8192).contains(maxGuidanceSide) else { throw bad("the largest guidance side must be 16…8192") }
        guard maxRememberedJobs >= 1 else { throw bad("remember at least 1 ended job") }
        if let tls {
            guard tls.key.contains("-----BEGIN"), tls.key.contains("PRIVATE KEY-----") else { throw bad("the TLS key is not a PEM private key") }
            guard tls.certificate.contains("-----BEGIN CERTIFICATE-----") else { throw bad("the TLS certificate is not a PEM certificate") }
        }
        guard !requireAPIKey || !apiKeys.isEmpty else { throw bad("--require-api-key needs keys: give them with --api-keys FILE") }
        for origin in corsOrigins {
            if let problem = CORSPolicy.problem(with: origin) { throw bad("CORS origin: \(problem)") }
        }
    }

    /// The limits of the jobs run in this process (`LocalJobs`).
    public var jobLimits: JobLimits {
        JobLimits(maxConcurrentGenerations: maxConcurrentGenerations, maxQueuedGenerations: maxQueuedGenerations,
                  generationTimeout: generationTimeout, imageTTL: imageTTL, maxStoredBytes: maxStoredBytes,
                  maxRememberedJobs: maxRememberedJobs, allowedStyles: allowedStyles)
    }
}
