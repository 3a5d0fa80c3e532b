import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests to one engine server with `URLSession`, a deadline per request, cooperative
/// cancellation, and errors that name the server and the request (``RemoteEngineError``).
public struct HTTPClient: Sendable {
    /// The server's base URL (`http://127.0.0.1:8188`).
    public let base: URL
    /// The product name used in messages ("ComfyUI").
    public let product: String
    /// How to start the server, for "refused the connection".
    public let startHint: String
    /// Seconds a request may take unless it asks for another deadline.
    public let timeout: Double
    /// Headers sent with every request (an `Authorization` header, for one).
    public let headers: [String: String]

    /// Creates a client.
    public init(base: URL, product: String, startHint: String, timeout: Double, headers: [String: String] = [:]) {
        self.base = base
        self.product = product
        self.startHint = startHint
        self.timeout = timeout
        self.headers = headers
    }

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
    public static let getAttempts = 3

    /// Sends one request and returns the answer whatever its status (retrying `GET`s as
    /// ``getAttempts`` says, after 0.2 s and 0.4 s).
    ///
    /// - Throws: `CancellationError` when the task is cancelled (the request is abandoned),
    ///   ``RemoteEngineError`` for refused connections, deadlines and other transport failures.
    public func send(_ method: String, _ path: String, query: [URLQueryItem] = [], body: [UInt8]? = nil,
                     contentType: String? = nil, timeout: Double? = nil) async throws -> HTTPResponse {
        let attempts = method == "GET" ? Self.getAttempts : 1
        var attempt = 1
        while true {
            do {
                let response = try await sendOnce(method, path, query: query, body: body, contentType: contentType, timeout: timeout)
                guard attempt < attempts, [502, 503, 504].contains(response.status) else { return response }
            } catch RemoteEngineError.malformedResponse where attempt < attempts {
                // The connection dropped mid-answer: try again.
            } catch RemoteEngineError.unreachable where attempt < attempts {
                // Closed without an answer, or a transient transport failure: try again.
            }
            try await Task.sleep(nanoseconds: UInt64(attempt) * 200_000_000)
            attempt += 1
        }
    }

    private func sendOnce(_ method: String, _ path: String, query: [URLQueryItem], body: [UInt8]?,
                          contentType: String?, timeout: Double?) async throws -> HTTPResponse {
        let seconds = timeout ?? self.timeout
        let operation = "\(method) \(path)"
        var request = URLRequest(url: url(path, query: query), cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds + 1)
        request.httpMethod = method
        // One connection per request: an engine is asked a few times per image, and a pooled
        // connection the server has already closed would fail a request that cannot be retried.
        request.setValue("close", forHTTPHeaderField: "Connection")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let body { request.httpBody = Data(body) }
        try Task.checkCancellation()
        let call = PendingCall()
        let outcome: PendingCall.Outcome = await withTaskCancellationHandler {
            await call.run(deadline: seconds, request: request)
        } onCancel: {
            call.cancel(timedOut: false)
        }
        switch outcome {
        case .response(let response): return response
        case .cancelled: throw CancellationError()
        case .timedOut: throw RemoteEngineError.timedOut(service: service, operation: operation, seconds: seconds)
        case .failed(let error): throw mapped(error, operation: operation, seconds: seconds)
        }
    }

    /// Sends a request and decodes a JSON answer, turning HTTP errors and malformed bodies into
    /// ``RemoteEngineError``.
    public func json(_ method: String, _ path: String, query: [URLQueryItem] = [], body: JSONValue? = nil,
                     timeout: Double? = nil) async throws -> JSONValue {
        let response = try await send(method, path, query: query, body: body?.serialized(),
                                      contentType: body == nil ? nil : "application/json", timeout: timeout)
        return try decode(response, operation: "\(method) \(path)")
    }

    /// The JSON body of a successful response.
    public func decode(_ response: HTTPResponse, operation: String) throws -> JSONValue {
        guard (200..<300).contains(response.status) else {
            throw RemoteEngineError.status(service: service, operation: operation, code: response.status, detail: response.detail)
        }
        do {
            return try JSONValue.parse(response.body)
        } catch {
            let start = String(decoding: response.body.prefix(40), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
            throw RemoteEngineError.malformedResponse(service: service, operation: operation,
                                                      reason: response.body.isEmpty ? "an empty body" : "not JSON: \"\(start)\"")
        }
    }

    private func mapped(_ error: any Error, operation: String, seconds: Double) -> RemoteEngineError {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        switch code {
        case .cannotConnectToHost:
            return .connectionRefused(service: service, hint: startHint)
        case .timedOut:
            return .timedOut(service: service, operation: operation, seconds: seconds)
        case .networkConnectionLost:
            return .malformedResponse(service: service, operation: operation, reason: "the connection closed before a complete answer")
        default:
            return .unreachable(service: service, reason: (error as NSError).localizedDescription)
        }
    }

    /// One session for every client: ephemeral, no caches, no cookies.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()
}
