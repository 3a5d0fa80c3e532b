import InklingLimits
import InklingHTTP
import InklingJobs
import Foundation
import Inkling
import InklingConditioning
import InklingEngines
import InklingBase

/// Picks the endpoint for each request and turns every failure into a JSON error answer.
///
/// Generations run as jobs (``GenerationJobs``: in this process, or on a cluster's workers) and
/// usage is charged through ``UsageLimits`` (in this process, or shared), so the same router
/// serves a single server and a cluster's front ends. Only `/healthz`, the page's files and errors
/// found in the request head are answered on the server thread; everything else in a task, so
/// the threads only move bytes.
// Unchecked: the one mutable property, the clients, is read and replaced under its lock.
final class Router: @unchecked Sendable {
    let configuration: ServerConfiguration
    let engine: any ImageEngine
    let jobs: any GenerationJobs
    let limits: any UsageLimits
    /// Who a request comes from; replaced whole when the keys are re-read (SIGHUP).
    var clients: UsageClient { clientsLock.withLock { currentClients } }
    private var currentClients: UsageClient
    private let clientsLock = NSLock()
    /// Paths that upgrade to a WebSocket, and what runs each connection (guarded by `clientsLock`).
    private var webSocketRoutes: [String: @Sendable (WebSocketConnection) async -> Void] = [:]
    let assets: WebAssets
    let guidance: GuidanceEndpoint
    let conversion: ConversionEndpoint
    let cors: CORSPolicy
    let health = HealthMonitor()
    /// The WebSocket connections each client holds (`--max-live-per-client`).
    let liveConnections: LiveConnectionsPerClient

    init(configuration: ServerConfiguration, engine: any ImageEngine, assets: WebAssets, jobs: any GenerationJobs, limits: any UsageLimits) {
        self.configuration = configuration
        self.engine = engine
        self.assets = assets
        self.jobs = jobs
        self.limits = limits
        currentClients = UsageClient(keys: configuration.apiKeys, limits: configuration.apiKeyLimits, required: configuration.requireAPIKey)
        cors = CORSPolicy(origins: configuration.corsOrigins)
        liveConnections = LiveConnectionsPerClient(maxPerClient: configuration.maxLivePerClient)
        var limits = configuration.drawingLimits
        // A gzip body may inflate to 4 × --max-body: its drawing may be that large too.
        limits.maxBytes = min(limits.maxBytes, configuration.maxDecodedBodyBytes)
        guidance = GuidanceEndpoint(limits: limits, maxSide: configuration.maxGuidanceSide)
        conversion = ConversionEndpoint(limits: limits)
    }

    /// The options every generation starts from.
    var baseOptions: GenerationOptions {
        GenerationOptions(allowedStyles: configuration.allowedStyles.filter(engine.capabilities.styles.contains),
                          defaultStyle: configuration.defaultStyle)
    }

    /// What a route answers: a response now, or work in a task that answers (its error becomes
    /// the answer).
    private enum Routed {
        case now(HTTPResponse)
        case later(@Sendable (Responder) async throws(APIError) -> Void)
    }

    /// Answers one exchange (now, or later from a task).
    /// Takes `keys` as the API keys from now on (requests already answered keep their client);
    /// whether keys are required stays as configured.
    func replaceKeys(_ keys: Set<String>, limits: [String: ClientLimits]) {
        let required = clients.required
        clientsLock.withLock { currentClients = UsageClient(keys: keys, limits: limits, required: required) }
    }

    /// Makes `GET path` a WebSocket endpoint run by `handler` (see ``webSocket(_:_:)``).
    func addWebSocketRoute(_ path: String, handler: @escaping @Sendable (WebSocketConnection) async -> Void) {
        clientsLock.withLock { webSocketRoutes[path] = handler }
    }

    /// The WebSocket handler of `path`, if it is one.
    private func webSocketRoute(_ path: String) -> (@Sendable (WebSocketConnection) async -> Void)? {
        clientsLock.withLock { webSocketRoutes[path] }
    }

    func handle(_ exchange: HTTPExchange) {
        let request = exchange.request
        let reply = Responder(exchange: exchange, headers: cors.headers(for: request))
        let routed: Routed
        do {
            routed = try route(request)
        } catch {
            reply.respond(error.response)
            return
        }
        switch routed {
        case .now(let response):
            reply.respond(response)
        case .later(let work):
            Task {
                do throws(APIError) {
                    try await work(reply)
                } catch {
                    reply.respond(error.response)
                }
            }
        }
    }

    private func route(_ request: HTTPRequest) throws(APIError) -> Routed {
        if request.hasNUL {
            throw APIError(400, "invalid_path", "the path or query holds a NUL byte (%00); no Inkling URL has one")
        }
        if request.version == "HTTP/1.1", request.header("host") == nil {
            throw APIError(400, "missing_host", "an HTTP/1.1 request needs a Host header")
        }
        if request.serverBusy {
            throw APIError(503, "server_busy", "the server is receiving too many request bodies at once; retry in a few seconds", retryAfter: 2)
        }
        if request.bodyTooLarge {
            throw APIError(413, "body_too_large", "the request body is over the \(configuration.maxBodyBytes)-byte limit; send a smaller drawing (the columnar stroke JSON layout is the most compact)")
        }
        let path = request.path
        let method = request.method
        let live = webSocketRoute(path)
        // Browsers cannot set headers on a WebSocket: its key may come as ?key= instead.
        let request = live == nil ? request : Self.withQueryKey(request)
        guard let methods = methods(for: path) else { throw APIError.notFound(path) }
        if let preflight = cors.preflight(request, methods: methods) { return .now(preflight) }
        guard methods.contains(method) else {
            throw APIError(405, "method_not_allowed", "\(path) accepts \(methods.joined(separator: " or ")), not \(method.prefix(20))", allow: methods)
        }
        if let asset = assets.assets[path] {
            return .now(HTTPResponse(contentType: asset.contentType, body: asset.bytes, headers: Self.pageHeaders))
        }
        // With --require-api-key every API request shows a valid key first (the page and
        // /healthz stay open: the page asks its user for a key).
        if clients.required, path != "/healthz" { _ = try clients.name(of: request) }
        if let live { return try webSocket(request, live) }
        switch path {
        case "/healthz":
            return .now(healthz(detailed: request.isLoopback || clients.hasValidKey(request)))
        case "/v1/availability":
            let detailed = request.isLoopback || clients.hasValidKey(request)
            return .later { (reply: Responder) async throws(APIError) in reply.respond(await self.availability(detailed: detailed)) }
        case "/v1/guidance":
            let clients = self.clients
            let client = try clients.name(of: request)
            // Rendered in a task, off the server's threads, which then only move bytes: a burst
            // of maps cannot delay /healthz or a new connection behind its CPU work.
            return .later { (reply: Responder) async throws(APIError) in
                let request = try self.decodingContent(request)
                try await self.limits.charge(client, cost: Self.bodyCost(request.body.count), limits: clients.limits(of: client))
                reply.respond(try self.guidance.respond(to: request))
            }
        case "/v1/conversions":
            let clients = self.clients
            let client = try clients.name(of: request)
            // Charged and read as a guidance map's drawing is, in a task off the server threads.
            return .later { (reply: Responder) async throws(APIError) in
                let request = try self.decodingContent(request)
                try await self.limits.charge(client, cost: Self.bodyCost(request.body.count), limits: clients.limits(of: client))
                reply.respond(try self.conversion.respond(to: request))
            }
        case "/v1/generations":
            let clients = self.clients
            let client = try clients.name(of: request)
            let owner = try clients.owner(of: request)
            return .later { (reply: Responder) async throws(APIError) in
                try await self.generate(try self.decodingContent(request), client: client, limits: clients.limits(of: client), owner: owner, reply: reply)
            }
        default:
            break
        }
        if path.hasPrefix(Self.imagesPrefix) {
            return try image(String(path.dropFirst(Self.imagesPrefix.count)), request)
        }
        guard path.hasPrefix(Self.jobsPrefix) else { throw APIError.notFound(path) }
        return try job(String(path.dropFirst(Self.jobsPrefix.count)), request)
    }

    private static let imagesPrefix = "/v1/images/"
    private static let jobsPrefix = "/v1/jobs/"

    /// The methods `path` accepts, or `nil` when nothing is there.
    private func methods(for path: String) -> [String]? {
        if assets.assets[path] != nil { return ["GET", "HEAD"] }
        if webSocketRoute(path) != nil { return ["GET"] }
        switch path {
        case "/healthz", "/v1/availability": return ["GET", "HEAD"]
        case "/v1/guidance", "/v1/generations", "/v1/conversions": return ["POST"]
        default:
            if path.hasPrefix(Self.imagesPrefix) { return ["GET", "HEAD"] }
            if path.hasPrefix(Self.jobsPrefix) { return ["GET", "HEAD", "DELETE"] }
            return nil
        }
    }

    /// A WebSocket route: the handshake checked (400, 426), the origin (403: a WebSocket has no
    /// preflight, so a page elsewhere could otherwise open one with its visitor's network
    /// position), the key (401), then in a task the client charged 1 token (429), one of the
    /// client's own live slots taken (429 `too_many_live_sessions`, `--max-live-per-client`) and
    /// a server live slot (503), and only then the 101. `handler` runs the connection; the
    /// client's slot is given back when it ends (or when the upgrade never happens).
    private func webSocket(_ request: HTTPRequest, _ handler: @escaping @Sendable (WebSocketConnection) async -> Void) throws(APIError) -> Routed {
        let handshake: WebSocketHandshake
        do {
            handshake = try WebSocketHandshake(request)
        } catch {
            var response = APIError(error.status, error.code, error.message).response
            response.headers += error.headers
            return .now(response)
        }
        guard cors.allowsWebSocket(from: request) else {
            throw APIError(403, "origin_not_allowed", "a page from \(request.header("origin")?.prefix(80) ?? "") may not open this WebSocket; serve the page from this server or add its origin with --cors-origin")
        }
        let clients = self.clients
        let client = try clients.name(of: request)
        let maxLive = configuration.maxLiveConnections
        let liveConnections = self.liveConnections
        return .later { (reply: Responder) async throws(APIError) in
            try await self.limits.charge(client, cost: 1, limits: clients.limits(of: client))
            guard let slot = liveConnections.take(client) else {
                let most = liveConnections.maxPerClient
                throw APIError(429, "too_many_live_sessions", "this client has \(most) live connection\(most == 1 ? "" : "s") open, its most (--max-live-per-client); close one first", retryAfter: 5)
            }
            // The slot lives as long as the handler: given back when the connection's task ends,
            // or when the upgrade is refused or the connection goes before it.
            let held: @Sendable (WebSocketConnection) async -> Void = { connection in
                await handler(connection)
                withExtendedLifetime(slot) {}
            }
            switch reply.exchange.upgrade(handshake, handler: held) {
            case .upgrading, .gone:
                return
            case .full:
                throw APIError(503, "too_many_live_connections", "the server has \(maxLive) live connections open, its most (--max-live); retry shortly", retryAfter: 5)
            case .unavailable:
                throw APIError(501, "websocket_unavailable", "this server cannot upgrade connections to WebSocket")
            }
        }
    }

    /// `request` with its `key` query argument as its API key, when it sends no key header.
    static func withQueryKey(_ request: HTTPRequest) -> HTTPRequest {
        guard UsageClient.key(of: request) == nil, let key = request.query["key"], !key.isEmpty else { return request }
        var keyed = request
        keyed.headers["x-api-key"] = key
        return keyed
    }

    /// `GET /healthz`: ok, or 503 with the reason the jobs give (see ``HealthMonitor``). The
    /// reason (which may name a Redis user, host and port) goes only to callers on loopback or
    /// with a valid key; others learn ok or not.
    private func healthz(detailed: Bool) -> HTTPResponse {
        guard let reason = health.reason else {
            return JSONText.response(["status": "ok"], headers: [("Cache-Control", "no-store")])
        }
        var body: [String: JSONValue] = ["status": "unavailable"]
        if detailed { body["reason"] = .string(reason) }
        return JSONText.response(.object(body), status: 503, headers: [("Cache-Control", "no-store"), ("Retry-After", "5")])
    }

    /// `POST /v1/generations`: charged, decoded and submitted as a job; answered `202` with the
    /// job (`"async": true` or `Prefer: respond-async`), or when it has ended (``WaitingClient``).
    private func generate(_ request: HTTPRequest, client: String, limits clientLimits: ClientLimits, owner: String?,
                          reply: Responder) async throws(APIError) {
        // The body's share before it is parsed (1 token, the first image's, plus 1 per whole
        // MiB: reading a hostile body costs up to a quarter of a CPU-second per MiB, see
        // RequestDecodingTests), the other images' once their number is known.
        let bodyCost = Self.bodyCost(request.body.count)
        try await limits.charge(client, cost: bodyCost, limits: clientLimits)
        var parsed = try GenerationRequest(body: request.body, base: baseOptions, limits: guidance.limits)
        if parsed.limit > 1 {
            do throws(APIError) {
                try await limits.charge(client, cost: Double(parsed.limit - 1), limits: clientLimits)
            } catch where error.code == "rate_limited" && (clientLimits.rate ?? configuration.tokensPerSecond) > 0 {
                // The retry pays the body's share again before the other images': wait for both
                // (the wait for the images alone came back too short for a multi-image request).
                let rate = clientLimits.rate ?? configuration.tokensPerSecond
                throw APIError.rateLimited(client: client, wait: Double(error.retryAfter ?? 1) + bodyCost / rate,
                                           capacity: clientLimits.burst ?? configuration.burst, rate: rate)
            }
        }
        // RFC 7240: a preference, not an order: a stream asked for in the body wins.
        let preferenceApplied = !parsed.stream && Self.prefersAsync(request)
        if preferenceApplied { parsed.asynchronous = true }
        let id = try await jobs.submit(JobSubmission(request: parsed, owner: owner, client: client, limits: clientLimits))
        guard parsed.asynchronous else {
            return await WaitingClient(jobs: jobs, id: id, owner: owner, stream: parsed.stream, reply: reply).serve()
        }
        let url = Self.jobsPrefix + id
        var headers = [("Location", url), ("Cache-Control", "no-store")]
        if preferenceApplied { headers.append(("Preference-Applied", "respond-async")) }
        reply.respond(JSONText.response(["id": .string(id), "state": .string(JobState.queued.rawValue), "url": .string(url)],
                                        status: 202, headers: headers))
    }

    /// Whether the request's `Prefer` header holds `respond-async` (RFC 7240: a comma-separated
    /// list of preferences, each possibly with a value and parameters).
    static func prefersAsync(_ request: HTTPRequest) -> Bool {
        guard let prefer = request.header("prefer") else { return false }
        return prefer.split(separator: ",").contains { preference in
            let name = preference.prefix { $0 != "=" && $0 != ";" }
            return name.trimmingCharacters(in: .whitespaces).lowercased() == "respond-async"
        }
    }

    /// `GET` (and `HEAD`) `/v1/images/{id}`: the image, once (`HEAD` does not use up the
    /// download); with `format=jpeg` (and `width`) a small JPEG of it, which never uses it up
    /// (``ImagePreview``) and costs its client 1 token, as a guidance map does.
    private func image(_ id: String, _ request: HTTPRequest) throws(APIError) -> Routed {
        let requester = try clients.owner(of: request)
        let requested = try ImagePreview.requested(by: request.query)
        let notFound = APIError(404, "image_not_found", "no image \(id.prefix(64)): images can be downloaded once, within \(NumberText.compact(configuration.imageTTL)) s of being made")
        guard RandomID.isValid(id) else { throw notFound }
        if case .jpeg(let maxWidth) = requested {
            let clients = self.clients
            let client = try clients.name(of: request)
            return .later { (reply: Responder) async throws(APIError) in
                try await self.limits.charge(client, cost: 1, limits: clients.limits(of: client))
                guard let png = try await self.jobs.peekImage(id, requester: requester) else { throw notFound }
                reply.respond(HTTPResponse(contentType: "image/jpeg", body: try ImagePreview.jpeg(of: png, maxWidth: maxWidth), headers: [
                    ("Cache-Control", "no-store"), ("Content-Disposition", "inline; filename=\"inkling-\(id).jpg\""),
                    ("X-Content-Type-Options", "nosniff"),
                ]))
            }
        }
        let peek = request.method == "HEAD"
        return .later { (reply: Responder) async throws(APIError) in
            let found = peek ? try await self.jobs.peekImage(id, requester: requester) : try await self.jobs.takeImage(id, requester: requester)
            guard let bytes = found else { throw notFound }
            reply.respond(HTTPResponse(contentType: "image/png", body: bytes, headers: [
                ("Cache-Control", "no-store"), ("Content-Disposition", "inline; filename=\"inkling-\(id).png\""),
                ("X-Content-Type-Options", "nosniff"),
            ]))
        }
    }

    /// `GET` (and `HEAD`) `/v1/jobs/{id}`: its status; `DELETE`: cancels it. An id that is not
    /// 32 lower-case hex digits is 404 without asking the jobs.
    private func job(_ id: String, _ request: HTTPRequest) throws(APIError) -> Routed {
        let requester = try clients.owner(of: request)
        guard RandomID.isValid(id) else { throw APIError.jobNotFound(id) }
        if request.method == "DELETE" {
            return .later { (reply: Responder) async throws(APIError) in reply.respond(try await self.cancel(id, requester: requester)) }
        }
        return .later { (reply: Responder) async throws(APIError) in
            let status = try await self.jobs.status(of: id, requester: requester)
            reply.respond(JSONText.response(status.json, headers: [("Cache-Control", "no-store")]))
        }
    }

    /// `DELETE /v1/jobs/{id}`: 200 with the status after the request (`cancelled`, or `running`
    /// while the engine stops), or 409 `job_finished` with the status of a job that had ended.
    private func cancel(_ id: String, requester: String?) async throws(APIError) -> HTTPResponse {
        let before = try await jobs.status(of: id, requester: requester)
        let after = before.state.isFinal ? before : try await jobs.cancel(id, requester: requester, reason: .requested)
        // Ended before the request reached it, just now or long ago.
        guard before.state.isFinal || after.state == .succeeded || after.state == .failed else {
            return JSONText.response(after.json, headers: [("Cache-Control", "no-store")])
        }
        let ended = switch after.state {
        case .succeeded: "succeeded"
        case .failed: "failed"
        default: "been cancelled"
        }
        let error = APIError(409, "job_finished", "job \(id) has already \(ended); there is nothing to cancel")
        var body = error.body.object ?? [:]
        body["job"] = after.json
        return JSONText.response(.object(body), status: 409, headers: [("Cache-Control", "no-store")])
    }

    /// `GET /v1/availability`: the engine's report, the server's settings, and the jobs' side
    /// (``GenerationJobs/availability()``: mode, workers, running, queued, queue limit, throughput).
    private func availability(detailed: Bool) async -> HTTPResponse {
        let report = await InklingImageCreator.availability(engine: engine)
        let load = await jobs.availability()
        let unhealthy = await jobs.unhealthy()
        // The engine's own report (as `inkling doctor --json` prints it), its styles narrowed to
        // the allowed ones, then the server's side.
        var body = report.jsonValue.object ?? [:]
        for key in ["endpoint", "reachable", "models", "endpoints"] { body[key] = nil }
        body.merge([
            "styles": .array(baseOptions.allowedStyles.map { .string($0.rawValue) }),
            // The inks a drawing's strokes may name (a Pointer Events stroke's `ink`, stroke JSON's `ink.type`).
            "inks": .array(InkType.allCases.map { .string($0.rawValue) }),
            "defaultStyle": .string(configuration.defaultStyle.rawValue),
            "maxImages": 4,
            "generations": [
                "running": .int(Int64(load.running)), "waiting": .int(Int64(load.queued)),
                "slots": .int(Int64(load.workers.reduce(0) { $0 + $1.concurrency })), "queue": .int(Int64(load.queueLimit)),
            ],
            "limits": [
                "maxBodyBytes": .int(Int64(configuration.maxBodyBytes)), "tokensPerSecond": .double(configuration.tokensPerSecond),
                "burst": .double(configuration.burst), "imageTTLSeconds": .double(configuration.imageTTL),
                "maxGuidanceSide": .int(Int64(configuration.maxGuidanceSide)),
            ],
            "mode": .string(load.mode),
            "workers": .array(load.workers.map { worker in
                var entry: [String: JSONValue] = [
                    "name": .string(worker.name), "engine": .string(worker.engine), "styles": .array(worker.styles.map(JSONValue.string)),
                    "concurrency": .int(Int64(worker.concurrency)), "running": .int(Int64(worker.running)),
                    "lastSeen": .double(worker.lastSeen), "jobsDone": .int(Int64(worker.jobsDone)), "failures": .int(Int64(worker.failures)),
                ]
                if let sizes = worker.sizes {
                    entry["sizes"] = .array(sizes.map { ["width": .int(Int64($0.width)), "height": .int(Int64($0.height))] })
                }
                if let languages = worker.languages { entry["languages"] = .array(languages.map(JSONValue.string)) }
                return .object(entry)
            }),
            "running": .int(Int64(load.running)),
            "queued": .int(Int64(load.queued)),
            "queueLimit": .int(Int64(load.queueLimit)),
            "throughput": .double(load.throughput),
        ]) { _, new in new }
        if let stored = load.storedImages { body["storedImages"] = .int(Int64(stored)) }
        // The engine may answer while the jobs cannot run (a cluster whose Redis is down, a
        // server stopping): then nothing is available, and /healthz's reason says why (to
        // callers on loopback or with a key).
        if let unhealthy {
            body["available"] = false
            body["reason"] = detailed ? .string(unhealthy) : "the server cannot take generations now"
        }
        return JSONText.response(.object(body), headers: [("Cache-Control", "no-store")])
    }

    /// Tokens a charged request pays before its body is parsed: 1, plus 1 per whole MiB of
    /// body, so the work of parsing and decoding a large body is paid for before it is done.
    static func bodyCost(_ bytes: Int) -> Double { Double(1 + max(0, bytes) >> 20) }

    /// `request` with its body inflated when it came with `Content-Encoding: gzip` (at most
    /// ``ServerConfiguration/maxDecodedBodyBytes``, checked as it inflates); as it is without an
    /// encoding (or `identity`); 415 for any other.
    func decodingContent(_ request: HTTPRequest) throws(APIError) -> HTTPRequest {
        guard let encoding = request.header("content-encoding")?.trimmingCharacters(in: .whitespaces).lowercased(), encoding != "identity" else {
            return request
        }
        guard encoding == "gzip" || encoding == "x-gzip" else {
            throw APIError(415, "unsupported_encoding", "Content-Encoding '\(encoding.prefix(40))' is not one this server reads; send gzip, or no Content-Encoding")
        }
        var decoded = request
        do {
            decoded.body = try GzipBody.inflate(request.body, maxBytes: configuration.maxDecodedBodyBytes)
        } catch {
            switch error {
            case .tooLarge(let budget):
                throw APIError(413, "body_too_large", "the gzip body inflates to more than \(NumberText.bytes(budget)) (4 × --max-body); send a smaller drawing")
            case .invalid(let reason):
                throw APIError(400, "invalid_encoding", "the body is not valid gzip (\(reason.prefix(120))); send it whole, or without Content-Encoding")
            case .noMemory:
                throw APIError(503, "server_busy", "the server has no memory to inflate the body now; retry shortly", retryAfter: 5)
            }
        }
        decoded.headers["content-encoding"] = nil
        return decoded
    }

    /// Headers for the page and its files.
    static let pageHeaders: [(String, String)] = [
        ("Cache-Control", "no-cache"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'"),
    ]
}
