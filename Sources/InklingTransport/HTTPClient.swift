import InklingBase
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests to one engine server — `http://` over Inkling's own HTTP/1.1 exchange,
/// `https://` with `URLSession` — with a deadline per request, cooperative cancellation, and
/// errors that name the server and the request (``TransportError``, turned into the caller's
/// own by ``failure``).
public struct HTTPClient: Sendable {
    /// The server's base URL (`http://127.0.0.1:8188`).
    public let base: URL
    /// The product name used in messages ("ComfyUI").
    public let product: String
    /// How to start the server, for "refused the connection".
    public let startHint: String
    /// Seconds a quick request may take unless it asks for another deadline (the entry's
    /// `timeoutSeconds`).
    public let timeout: Double
    /// Seconds a request that waits for a generation may take (the entry's
    /// `generationTimeoutSeconds`; ``timeout`` unless given).
    public let generationTimeout: Double
    /// Headers sent with every request (an `Authorization` header, for one).
    public let headers: [String: String]
    /// Whether `http://` requests go through `URLSession` too (for tests of that path, which
    /// `https://` endpoints take).
    var usesFoundationForPlainHTTP = false
    /// What a ``TransportError`` becomes before it is thrown: the engines' own failure
    /// (InklingRemoteEngines passes `RemoteEngineError.init`); the error itself by default.
    public let failure: @Sendable (TransportError) -> any Error

    /// Creates a client.
    public init(base: URL, product: String, startHint: String, timeout: Double, generationTimeout: Double? = nil,
                headers: [String: String] = [:], failure: @escaping @Sendable (TransportError) -> any Error = { $0 }) {
        self.failure = failure
        self.base = base
        self.product = product
        self.startHint = startHint
        self.timeout = timeout
        self.generationTimeout = generationTimeout ?? timeout
        self.headers = headers
    }

    /// The deadline of quick requests: ``timeout``, set by `timeoutSeconds`.
    public var quick: RequestDeadline { RequestDeadline(seconds: timeout, setting: RequestDeadline.quickSetting) }

    /// The deadline of requests that wait for a generation (a synchronous `txt2img`, an
    /// OpenAI-style `images` call): ``generationTimeout``, set by `generationTimeoutSeconds`.
    public var generation: RequestDeadline { RequestDeadline(seconds: generationTimeout, setting: RequestDeadline.generationSetting) }

    /// "ComfyUI at http://127.0.0.1:8188", for messages.
    public var service: String { "\(product) at \(base.absoluteString)" }

    /// The URL of `path` (which starts with `/`) under ``base``, with `query`.
    public func url(_ path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        let prefix = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = prefix + path
        if !query.isEmpty { components.queryItems = query }
        return components.url!
    }

    /// Attempts a `GET` makes in all: one, plus two retries when the server answers 502, 503 or
    /// 504, drops the connection mid-answer or closes it without a word (a restarting server or
    /// proxy; libcurl's "Empty reply from server"). Refused connections and deadlines are not
    /// retried: they are reported at once. Other methods are
    /// never retried (a repeated `POST /prompt` would queue twice).
    static let getAttempts = 3

    /// Sends one request and returns the answer whatever its status (retrying `GET`s as
    /// ``getAttempts`` says, after 0.2 s and 0.4 s).
    ///
    /// The request may take ``quick`` unless `deadline` says otherwise (``generation`` for the
    /// requests that wait for images); a bare `timeout` is a fixed deadline no setting changes.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (the request is abandoned),
    ///   a ``TransportError`` (through ``failure``) for refused connections, deadlines, answers
    ///   cut short and other transport failures.
    public func send(_ method: String, _ path: String, query: [URLQueryItem] = [], body: [UInt8]? = nil,
                     contentType: String? = nil, timeout: Double? = nil, deadline: RequestDeadline? = nil) async throws -> HTTPResponse {
        let limit = deadline ?? timeout.map { RequestDeadline(seconds: $0, setting: nil) } ?? quick
        let attempts = method == "GET" ? Self.getAttempts : 1
        var attempt = 1
        while true {
            do throws(TransportError) {
                let response = try await sendOnce(method, path, query: query, body: body, contentType: contentType, deadline: limit)
                guard attempt < attempts, [502, 503, 504].contains(response.status) else { return response }
            } catch .connectionDropped where attempt < attempts {
                // The connection dropped mid-answer: try again.
            } catch .closedWithoutAnswer where attempt < attempts {
                // Closed without a word (a restarting server or proxy): try again.
            } catch .unreachable where attempt < attempts {
                // A transient transport failure: try again.
            } catch .cancelled {
                throw CancellationError()
            } catch {
                throw failure(error)
            }
            try await Task.sleep(nanoseconds: UInt64(attempt) * 200_000_000)
            attempt += 1
        }
    }

    private func sendOnce(_ method: String, _ path: String, query: [URLQueryItem], body: [UInt8]?,
                          contentType: String?, deadline: RequestDeadline) async throws(TransportError) -> HTTPResponse {
        let seconds = deadline.seconds
        let operation = "\(method) \(path)"
        var request = URLRequest(url: url(path, query: query), cachePolicy: .reloadIgnoringLocalCacheData)
        // The deadline is PendingCall's; Foundation's own timer must not fire first. On Linux that
        // timer covers the whole request, takes the session's interval (60 s by default) and
        // honours the request's own only when it is set through this property.
        request.timeoutInterval = seconds + 1
        request.httpMethod = method
        // One connection per request: an engine is asked a few times per image, and a pooled
        // connection the server has already closed would fail a request that cannot be retried.
        request.setValue("close", forHTTPHeaderField: "Connection")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let body { request.httpBody = Data(body) }
        if Task.isCancelled { throw .cancelled }
        if base.scheme == "http", !usesFoundationForPlainHTTP {
            return try await sendPlain(request, deadline: deadline, operation: operation)
        }
        let call = PendingCall()
        let outcome: PendingCall.Outcome = await withTaskCancellationHandler {
            await call.run(deadline: seconds, request: request)
        } onCancel: {
            call.cancel(timedOut: false)
        }
        switch outcome {
        case .response(let response): return response
        case .cancelled: throw .cancelled
        case .timedOut: throw TransportError.timedOut(service: service, operation: operation, seconds: seconds, setting: deadline.setting)
        case .failed(let error): throw mapped(error, operation: operation, deadline: deadline)
        }
    }

    /// Sends `request` over a plain TCP connection on a thread of its own (``PlainHTTPExchange``:
    /// Foundation on Linux ends the process when a server closes in the middle of its headers).
    private func sendPlain(_ request: URLRequest, deadline: RequestDeadline, operation: String) async throws(TransportError) -> HTTPResponse {
        let cancelled = CancelFlag()
        let method = request.httpMethod ?? "GET", url = request.url ?? base
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let body = request.httpBody.map { [UInt8]($0) }
        let outcome: PlainHTTPExchange.Outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread {
                    continuation.resume(returning: PlainHTTPExchange.perform(method, url: url, headers: headers, body: body,
                                                                             seconds: deadline.seconds, cancelled: cancelled))
                }
                thread.start()
            }
        } onCancel: {
            cancelled.set()
        }
        switch outcome {
        case .response(let response): return response
        case .cancelled: throw .cancelled
        case .timedOut: throw TransportError.timedOut(service: service, operation: operation, seconds: deadline.seconds, setting: deadline.setting)
        case .refused: throw TransportError.connectionRefused(service: service, hint: startHint)
        case .unreachable(let why): throw TransportError.unreachable(service: service, reason: why)
        case .noAnswer: throw TransportError.closedWithoutAnswer(service: service, operation: operation)
        case .dropped: throw TransportError.connectionDropped(service: service, operation: operation)
        case .malformed(let why): throw TransportError.malformedResponse(service: service, operation: operation, reason: why)
        }
    }

    /// Sends a request and decodes a JSON answer, turning HTTP errors and malformed bodies into
    /// ``TransportError``s (through ``failure``).
    public func json(_ method: String, _ path: String, query: [URLQueryItem] = [], body: JSONValue? = nil,
                     timeout: Double? = nil, deadline: RequestDeadline? = nil) async throws -> JSONValue {
        let response = try await send(method, path, query: query, body: body?.serialized(),
                                      contentType: body == nil ? nil : "application/json", timeout: timeout, deadline: deadline)
        return try decode(response, operation: "\(method) \(path)")
    }

    /// The JSON body of a successful response.
    public func decode(_ response: HTTPResponse, operation: String) throws -> JSONValue {
        guard (200..<300).contains(response.status) else {
            throw failure(TransportError.status(service: service, operation: operation, code: response.status, detail: response.detail))
        }
        do {
            return try JSONValue.parse(response.body)
        } catch {
            let start = String(decoding: response.body.prefix(40), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
            throw failure(TransportError.malformedResponse(service: service, operation: operation,
                                                           reason: response.body.isEmpty ? "an empty body" : "not JSON: \"\(start)\""))
        }
    }

    private func mapped(_ error: any Error, operation: String, deadline: RequestDeadline) -> TransportError {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        switch code {
        case .cannotConnectToHost:
            return .connectionRefused(service: service, hint: startHint)
        case .timedOut:
            return .timedOut(service: service, operation: operation, seconds: deadline.seconds, setting: deadline.setting)
        case .networkConnectionLost:
            return .connectionDropped(service: service, operation: operation)
        case .unknown where (error as NSError).localizedDescription.hasPrefix("transfer closed"):
            // libcurl's CURLE_PARTIAL_FILE ("transfer closed with 96 bytes remaining to read",
            // "… outstanding read data remaining"), which Foundation reports as an unknown error.
            return .connectionDropped(service: service, operation: operation)
        default:
            return .unreachable(service: service, reason: (error as NSError).localizedDescription)
        }
    }

    /// Foundation's own request and resource timeouts: longer than any deadline a configuration
    /// can set (`generationTimeoutSeconds` ≤ 86400), so PendingCall's deadline is the one that
    /// counts. Left at their defaults, Linux cuts every request at 60 s.
    static let foundationTimeout: Double = 2 * 86400

    /// One session for every client: ephemeral, no caches, no cookies, no timers of its own.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = foundationTimeout
        configuration.timeoutIntervalForResource = foundationTimeout
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()
}
