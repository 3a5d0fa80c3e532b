import InklingLimits
import InklingHTTP
import InklingJobs
import InklingBase
internal import CInklingHTTP
import Foundation
import InklingBuiltInEngine
import InklingEngines

/// Inkling's HTTP API and web canvas, listening until ``stop()``.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.port = 0                       // any free port
/// let server = try InklingServer(configuration: configuration)
/// print("listening on \(server.url)")
/// ```
public final class InklingServer: Sendable {
    /// The settings it runs with.
    public let configuration: ServerConfiguration
    /// The port it listens on.
    public let port: UInt16
    private let http: HTTPServer
    private let router: Router
    private let monitor: Task<Void, Never>

    /// Validates `configuration`, loads the page and starts listening, running generations in
    /// this process (``LocalJobs``) with usage limits held in this process (``LocalUsageLimits``).
    ///
    /// - Throws: ``APIError`` for an invalid configuration or missing page files,
    ///   ``HTTPServerError`` when the address cannot be listened on.
    public convenience init(configuration: ServerConfiguration, engine: any ImageEngine = BuiltInEngine()) throws {
        try self.init(configuration: configuration, engine: engine, jobs: nil, limits: nil, listening: true)
    }

    /// Validates `configuration`, loads the page and starts listening, with generations run by
    /// `jobs` and usage charged to `limits` (a cluster's front end passes its own, shared with the
    /// other front ends). `engine` answers `GET /v1/availability`'s engine fields and decides the
    /// styles a request may ask for. ``stop()`` stops `jobs` too.
    ///
    /// - Throws: ``APIError`` for an invalid configuration or missing page files,
    ///   ``HTTPServerError`` when the address cannot be listened on.
    public convenience init(configuration: ServerConfiguration, engine: any ImageEngine, jobs: any GenerationJobs,
                            limits: any UsageLimits) throws {
        try self.init(configuration: configuration, engine: engine, jobs: jobs, limits: limits, listening: true)
    }

    /// Starts the server; without `listening` it has no socket and takes connections only through
    /// ``connect(_:)`` (for the fuzz harness's `RawHTTPExchange`), and serves no page when its
    /// files are missing. Missing `jobs` or `limits` are made in this process.
    @_spi(Fuzzing) public init(configuration: ServerConfiguration, engine: any ImageEngine, jobs: (any GenerationJobs)? = nil, limits: (any UsageLimits)? = nil,
         listening: Bool) throws {
        try configuration.validate()
        let assets = listening ? try WebAssets() : ((try? WebAssets()) ?? .none)
        let jobs = jobs ?? LocalJobs(configuration: configuration, engine: engine)
        let router = Router(configuration: configuration, engine: engine, assets: assets, jobs: jobs,
                            limits: limits ?? LocalUsageLimits(configuration: configuration))
        // GET /v1/live: live sessions (docs/live.md) on the WebSocket hook.
        let live = LiveEndpoint(jobs: jobs, engine: engine, clients: { router.clients }, usage: router.limits, baseOptions: { router.baseOptions }, limits: configuration.liveLimits)
        router.addWebSocketRoute("/v1/live") { connection in await live.run(connection) }
        var webSocket = configuration.webSocketLimits
        webSocket.maxConnections = configuration.maxLiveConnections
        var settings = HTTPServer.Settings(
            host: configuration.host, port: configuration.port, threads: configuration.threads,
            connectionTimeout: configuration.connectionTimeout, headTimeout: configuration.headTimeout,
            requestDeadline: configuration.requestDeadline, connectionLimit: configuration.connectionLimit,
            connectionsPerAddress: configuration.connectionsPerAddress,
            maxBodyBytes: configuration.maxBodyBytes, maxBufferedBytes: configuration.maxBufferedBytes,
            noListen: !listening, tls: configuration.tls.map { ($0.key, $0.certificate) })
        settings.webSocket = webSocket
        http = try HTTPServer(settings) { exchange in router.handle(exchange) }
        self.configuration = configuration
        self.router = router
        port = http.port
        // /healthz answers from the monitor's last word, asked once a second.
        monitor = Task.detached {
            while !Task.isCancelled {
                await router.health.refresh(from: jobs)
                try? await Task.sleep(for: HealthMonitor.interval)
            }
        }
    }

    /// Takes `keys` as the API keys from now on, without dropping a connection (`inkling serve`
    /// calls it on SIGHUP after re-reading `--api-keys`). With `--require-api-key` an empty set
    /// is refused: it would lock every client out.
    public func reloadAPIKeys(_ keys: Set<String>, limits: [String: ClientLimits] = [:]) throws(APIError) {
        if configuration.requireAPIKey && keys.isEmpty {
            throw APIError(500, "invalid_configuration", "the new key file has no keys, and keys are required; the old keys stay")
        }
        router.replaceKeys(keys, limits: limits)
    }

    /// `http://host:port` (IPv6 hosts in brackets).
    public var url: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "\(configuration.tls == nil ? "http" : "https")://\(host):\(port)"
    }

    /// Makes `GET path` a WebSocket endpoint: a valid handshake (``WebSocketHandshake``) from an
    /// allowed origin with a valid key (as for every API path, also as `?key=`) is charged 1
    /// token, then upgraded, and `handler` runs the connection in a task of its own.
    /// Not yet used by a public route: the hook the live sessions (`/v1/live`) build on.
    package func addWebSocketRoute(_ path: String, handler: @escaping @Sendable (WebSocketConnection) async -> Void) {
        router.addWebSocketRoute(path, handler: handler)
    }

    /// WebSocket connections open now.
    package var liveConnections: Int { http.webSocketCount }

    /// Hands the server one end of a connected socket, as if accepted from 127.0.0.1.
    @_spi(Fuzzing) public func connect(_ fd: Int32) -> Bool { http.connect(fd) }

    /// Stops gracefully, then ``stop()``s: the listening socket closes at once (new connections
    /// are refused), requests that arrive on open connections and generations waiting for a slot
    /// are answered 503 `stopping`, running generations may finish for up to
    /// ``ServerConfiguration/drainTimeout`` seconds, then they are cancelled (the engine's work
    /// too) and answered 503 `stopping` (``GenerationJobs/drain(deadline:)``).
    public func drain() async {
        http.drain()
        await router.jobs.drain(deadline: configuration.drainTimeout)
        // Let the last answers leave before the connections close.
        let clock = ContinuousClock()
        let flush = clock.now + .seconds(1)
        while http.pending > 0, clock.now < flush {
            try? await Task.sleep(for: .milliseconds(10))
        }
        stop()
    }

    /// Stops listening, refuses and cancels every generation, closes connections and deletes
    /// every image (``GenerationJobs/stop()``).
    public func stop() {
        monitor.cancel()
        router.jobs.stop()
        http.stop()
    }

    deinit { stop() }

    /// Tunes glibc's allocator for serving, process-wide (call once, before starting; no-op
    /// elsewhere). Each request allocates buffers of a few hundred KB (body, map, PNG) among
    /// many small blocks (the JSON tree); by default glibc maps the big ones fresh per request
    /// (page faults) and consolidates the small-block caches whenever one is asked for. Under
    /// wrk this saved about a tenth of the CPU per guidance request. Freed memory above 128 MB
    /// is still returned to the system.
    public static func tuneMemoryForServing() { inkling_http_tune_memory() }

    /// The budget the rest of a `POST /v1/generations` body is parsed under once its drawing is
    /// set aside (``JSONSetAsideDocument``): 32 levels, 4096 values, arrays of 1024.
    public static var generationBodyLimits: JSONLimits { GenerationRequest.bodyLimits }
}
