import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An async client of `inkling serve`'s HTTP API (docs/server.md): guidance maps, generations
/// (whole or as a stream of events), jobs, image downloads. Every call keeps the configuration's
/// timeouts and byte bounds; an error the API answers comes back as ``InklingClientError/api(_:)``
/// with its code, message and `Retry-After`.
///
/// ```swift
/// let client = InklingServerClient(InklingClientConfiguration(baseURL: URL(string: "http://192.168.1.20:8080")!))
/// let request = GenerationRequest(drawing: InkDrawing(pencilKit: canvas.drawing), prompt: "a red kite", limit: 2)
/// for try await event in client.generationEvents(request) {
///     if case .image(let image) = event { show(try await client.download(image)) }
/// }
/// ```
public final class InklingServerClient: Sendable {
    /// Where the server is and the bounds kept.
    public let configuration: InklingClientConfiguration

    /// Creates a client.
    public init(_ configuration: InklingClientConfiguration) { self.configuration = configuration }

    /// `POST /v1/guidance`: the drawing's guidance map as PNG bytes.
    public func guidanceMap(for drawing: InkDrawing, _ options: GuidanceMapRequest = GuidanceMapRequest()) async throws -> Data {
        try await exchange("POST", "/v1/guidance", query: options.queryItems, body: drawing.jsonData(layout: .columnar))
    }

    /// `POST /v1/generations`: waits for every image.
    public func generate(_ request: GenerationRequest) async throws -> GenerationResult {
        try decode(GenerationResult.self, from: try await exchange("POST", "/v1/generations", body: request.body()))
    }

    /// `POST /v1/generations` with `"stream": true`: the NDJSON events as they come. The stream
    /// throws the API's error (a refusal before the stream, or its `error` line), and
    /// ``InklingClientError/streamEnded(_:)`` when the connection ends before `done`. Cancelling
    /// the task that reads it hangs up, which cancels the generation on the server.
    public func generationEvents(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        let owner = PumpOwner(ResponsePump(
            self.request("POST", "/v1/generations", body: request.body(stream: true), accept: "application/x-ndjson"),
            configuration: configuration,
            mode: .lines(maxLineBytes: configuration.maxLineBytes, maxBuffered: configuration.maxBufferedEvents)))
        return AsyncThrowingStream(unfolding: {
            if owner.finished { return nil }
            if !owner.checkedHead {
                owner.checkedHead = true
                let head = try await owner.pump.head()
                if !(200..<300).contains(head.statusCode) { throw Self.apiError(head, try await owner.pump.wholeBody()) }
            }
            while true {
                guard let line = try await owner.pump.nextLine() else {
                    owner.finished = true
                    throw InklingClientError.streamEnded("the connection closed before the stream's done line")
                }
                guard let event = try GenerationEvent.decode(line) else { continue }
                if case .done = event { owner.finished = true }
                return event
            }
        })
    }

    /// `POST /v1/generations` with `"async": true`: the job's id at once (`202 Accepted`).
    public func submitJob(_ request: GenerationRequest) async throws -> JobStatus {
        try decode(JobStatus.self, from: try await exchange("POST", "/v1/generations", body: request.body(async: true)))
    }

    /// `GET /v1/jobs/{id}`.
    public func job(id: String) async throws -> JobStatus {
        try decode(JobStatus.self, from: try await exchange("GET", "/v1/jobs/\(try Self.checkedID(id))"))
    }

    /// The job's status every `interval` seconds until it has ended (the last status is the
    /// ended one); a status is given only when it changed.
    public func followJob(id: String, every interval: TimeInterval = 1) -> AsyncThrowingStream<JobStatus, any Error> {
        let state = FollowState()
        return AsyncThrowingStream(unfolding: { [self] in
            while true {
                guard !state.ended else { return nil }
                if let last = state.last { _ = last; try await Task.sleep(nanoseconds: UInt64(max(0.01, interval) * 1e9)) }
                let status = try await self.job(id: id)
                state.ended = status.state.hasEnded
                if status != state.last { state.last = status; return status }
            }
        })
    }

    /// `DELETE /v1/jobs/{id}`: the status after the request (`409 job_finished` for a job that had ended).
    public func cancelJob(_ id: String) async throws -> JobStatus {
        try decode(JobStatus.self, from: try await exchange("DELETE", "/v1/jobs/\(try Self.checkedID(id))"))
    }

    /// `GET /v1/images/{id}`: the PNG, once (the server deletes it on delivery).
    public func download(_ image: GeneratedImage) async throws -> Data {
        try await exchange("GET", "/v1/images/\(try Self.checkedID(image.id))")
    }

    /// `GET /v1/images/{id}?format=jpeg&width=W`: a JPEG preview that does not use the download up.
    public func preview(_ image: GeneratedImage, width: Int) async throws -> Data {
        try await exchange("GET", "/v1/images/\(try Self.checkedID(image.id))", query: [("format", "jpeg"), ("width", String(width))])
    }

    /// The body of one exchange whose answer is 2xx; anything else throws the API's error.
    func exchange(_ method: String, _ path: String, query: [(String, String)] = [], body: Data? = nil) async throws -> Data {
        let pump = ResponsePump(request(method, path, query: query, body: body), configuration: configuration,
                                mode: .whole(maxBytes: configuration.maxResponseBytes))
        let head = try await pump.head()
        let data = try await pump.wholeBody()
        guard (200..<300).contains(head.statusCode) else { throw Self.apiError(head, data) }
        return data
    }

    /// A request with the key and the body's type.
    func request(_ method: String, _ path: String, query: [(String, String)] = [], body: Data? = nil, accept: String = "application/json") -> URLRequest {
        var components = URLComponents(url: configuration.baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        var request = URLRequest(url: components.url!, timeoutInterval: configuration.requestTimeout)
        request.httpMethod = method
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let key = configuration.apiKey { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        if let body { request.httpBody = body; request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        return request
    }

    /// The API's error of a non-2xx answer (`{"error": {"code", "message"}}`, `Retry-After`).
    static func apiError(_ head: HTTPURLResponse, _ body: Data) -> InklingClientError {
        struct Body: Decodable { var error: GenerationEvent.ErrorBody }
        let retry = (head.value(forHTTPHeaderField: "Retry-After")).flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) }
        guard let decoded = try? JSONDecoder().decode(Body.self, from: body) else {
            return .api(InklingAPIError(status: head.statusCode, code: "http_\(head.statusCode)",
                                        message: String(decoding: body.prefix(200), as: UTF8.self), retryAfter: retry))
        }
        return .api(InklingAPIError(status: head.statusCode, code: decoded.error.code, message: decoded.error.message, retryAfter: retry))
    }

    /// Ids are 32 lower-case hex digits; anything else is refused before it reaches a path.
    static func checkedID(_ id: String) throws(InklingClientError) -> String {
        guard id.utf8.count == 32, id.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw .invalidResponse("an id that is not 32 lower-case hex digits: \"\(id.prefix(40))\"")
        }
        return id
    }

    private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(InklingClientError) -> T {
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw .invalidResponse("expected \(T.self): \(String(decoding: data.prefix(120), as: UTF8.self))")
        }
    }
}
