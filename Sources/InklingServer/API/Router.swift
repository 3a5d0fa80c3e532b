import Foundation
import Inkling
import InklingConditioning
import InklingEngines
import InklingBase

/// Picks the endpoint for each request and turns every failure into a JSON error answer.
final class Router: Sendable {
    let configuration: ServerConfiguration
    let engine: any ImageEngine
    let limits: any UsageLimits
    let clients: UsageClient
    let gate: GenerationGate
    let store: ImageStore
    let assets: WebAssets
    let guidance: GuidanceEndpoint
    let generations: GenerationService

    init(configuration: ServerConfiguration, engine: any ImageEngine, assets: WebAssets) {
        self.configuration = configuration
        self.engine = engine
        self.assets = assets
        limits = LocalUsageLimits(configuration: configuration)
        clients = UsageClient(keys: configuration.apiKeys)
        gate = GenerationGate(slots: configuration.maxConcurrentGenerations, queueLimit: configuration.maxQueuedGenerations)
        store = ImageStore(ttl: configuration.imageTTL, maxBytes: configuration.maxStoredBytes)
        var limits = configuration.drawingLimits
        limits.maxBytes = min(limits.maxBytes, configuration.maxBodyBytes)
        guidance = GuidanceEndpoint(limits: limits, maxSide: configuration.maxGuidanceSide)
        generations = GenerationService(engine: engine, gate: gate, store: store, timeout: configuration.generationTimeout)
    }

    /// The options every generation starts from.
    var baseOptions: GenerationOptions {
        GenerationOptions(allowedStyles: configuration.allowedStyles.filter(engine.capabilities.styles.contains),
                          defaultStyle: configuration.defaultStyle)
    }

    /// Answers one exchange (now, or later for generations and availability).
    func handle(_ exchange: HTTPExchange) {
        let request = exchange.request
        do {
            if let answer = try route(request, exchange: exchange) { exchange.respond(answer) }
        } catch {
            exchange.respond(error.response)
        }
    }

    /// The answer, or `nil` when the exchange will be answered later.
    private func route(_ request: HTTPRequest, exchange: HTTPExchange) throws(APIError) -> HTTPResponse? {
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
        if let asset = assets.assets[path] {
            try allow(method, ["GET", "HEAD"], path)
            return HTTPResponse(contentType: asset.contentType, body: asset.bytes, headers: Self.pageHeaders)
        }
        switch path {
        case "/healthz":
            try allow(method, ["GET", "HEAD"], path)
            return JSONText.response(["status": "ok"], headers: [("Cache-Control", "no-store")])
        case "/v1/availability":
            try allow(method, ["GET", "HEAD"], path)
            Task { exchange.respond(await self.availability()) }
            return nil
        case "/v1/guidance":
            try allow(method, ["POST"], path)
            let client = try clients.name(of: request)
            // Charged and rendered off the server's threads, which then only move bytes: a burst
            // of maps cannot delay /healthz or a new connection behind its CPU work.
            let (limits, guidance) = (limits, guidance)
            Task {
                do throws(APIError) {
                    try await limits.charge(client, cost: Self.bodyCost(request.body.count))
                    exchange.respond(try guidance.respond(to: request))
                } catch {
                    exchange.respond(error.response)
                }
            }
            return nil
        case "/v1/generations":
            try allow(method, ["POST"], path)
            let client = try clients.name(of: request)
            let owner = try clients.owner(of: request)
            Task {
                do throws(APIError) {
                    // The body's share before it is parsed (1 token, the first image's, plus 1 per
                    // whole MiB: reading a hostile body costs up to a quarter of a CPU-second per
                    // MiB, see RequestDecodingTests), the other images' once their number is known.
                    try await self.limits.charge(client, cost: Self.bodyCost(request.body.count))
                    let parsed = try GenerationRequest(body: request.body, base: self.baseOptions, limits: self.guidance.limits)
                    if parsed.limit > 1 { try await self.limits.charge(client, cost: Double(parsed.limit - 1)) }
                    self.generations.start(parsed, owner: owner, exchange: exchange)
                } catch {
                    exchange.respond(error.response)
                }
            }
            return nil
        default:
            break
        }
        if path.hasPrefix("/v1/images/") {
            try allow(method, ["GET", "HEAD"], path)
            let id = String(path.dropFirst("/v1/images/".count))
            let requester = try clients.owner(of: request)
            // HEAD answers the same headers without using up the one download.
            guard id.count == 32, id.allSatisfy({ $0.isHexDigit && !$0.isUppercase }),
                  let bytes = method == "HEAD" ? store.peek(id, requester: requester) : store.take(id, requester: requester) else {
                throw APIError(404, "image_not_found", "no image \(id.prefix(64)): images can be downloaded once, within \(NumberText.compact(configuration.imageTTL)) s of being made")
            }
            return HTTPResponse(contentType: "image/png", body: bytes, headers: [
                ("Cache-Control", "no-store"), ("Content-Disposition", "inline; filename=\"inkling-\(id).png\""),
                ("X-Content-Type-Options", "nosniff"),
            ])
        }
        throw APIError.notFound(path)
    }

    /// 405 unless `method` is one of `allowed`.
    private func allow(_ method: String, _ allowed: [String], _ path: String) throws(APIError) {
        guard allowed.contains(method) else {
            throw APIError(405, "method_not_allowed", "\(path) accepts \(allowed.joined(separator: " or ")), not \(method.prefix(20))", allow: allowed)
        }
    }

    /// `GET /v1/availability`.
    private func availability() async -> HTTPResponse {
        let report = await InklingImageCreator.availability(engine: engine)
        let load = gate.load
        let capacity = gate.capacity
        let body: JSONValue = [
            "available": .bool(report.available),
            "reasons": .array(report.reasons.map(JSONValue.string)),
            "engine": .string(report.engine),
            "languages": .array(report.languages.map(JSONValue.string)),
            "sizes": .array(report.sizes.map { ["width": .int(Int64($0.width)), "height": .int(Int64($0.height))] }),
            "styles": .array(baseOptions.allowedStyles.map { .string($0.rawValue) }),
            "defaultStyle": .string(configuration.defaultStyle.rawValue),
            "maxImages": 4,
            "storedImages": .int(Int64(store.count)),
            "generations": [
                "running": .int(Int64(load.running)), "waiting": .int(Int64(load.waiting)),
                "slots": .int(Int64(capacity.slots)), "queue": .int(Int64(capacity.queue)),
            ],
            "limits": [
                "maxBodyBytes": .int(Int64(configuration.maxBodyBytes)), "tokensPerSecond": .double(configuration.tokensPerSecond),
                "burst": .double(configuration.burst), "imageTTLSeconds": .double(configuration.imageTTL),
                "maxGuidanceSide": .int(Int64(configuration.maxGuidanceSide)),
            ],
        ]
        return JSONText.response(body, headers: [("Cache-Control", "no-store")])
    }

    /// Tokens a charged request pays before its body is parsed: 1, plus 1 per whole MiB of
    /// body, so the work of parsing and decoding a large body is paid for before it is done.
    static func bodyCost(_ bytes: Int) -> Double { Double(1 + max(0, bytes) >> 20) }

    /// Headers for the page and its files.
    static let pageHeaders: [(String, String)] = [
        ("Cache-Control", "no-cache"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'"),
    ]
}
