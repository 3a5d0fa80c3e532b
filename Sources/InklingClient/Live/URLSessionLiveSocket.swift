import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``LiveSocket`` on `URLSessionWebSocketTask`, messages up to `maximumMessageSize` bytes.
public final class URLSessionLiveSocket: LiveSocket, @unchecked Sendable {
    private let session: URLSession
    private let task: URLSessionWebSocketTask

    /// Opens `GET /v1/live` on the configuration's server (`ws`/`wss` for `http`/`https`),
    /// the API key as `Authorization: Bearer` and `?key=`.
    public init(_ configuration: InklingClientConfiguration, maximumMessageSize: Int = 4 << 20) {
        var components = URLComponents(url: configuration.baseURL.appendingPathComponent("/v1/live"), resolvingAgainstBaseURL: false)!
        components.scheme = components.scheme == "https" ? "wss" : "ws"
        if let key = configuration.apiKey { components.queryItems = [URLQueryItem(name: "key", value: key)] }
        var request = URLRequest(url: components.url!, timeoutInterval: configuration.requestTimeout)
        if let key = configuration.apiKey { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.requestTimeout
        session = URLSession(configuration: sessionConfiguration)
        task = session.webSocketTask(with: request)
        task.maximumMessageSize = maximumMessageSize
        task.resume()
    }

    public func send(_ text: String) async throws { try await task.send(.string(text)) }

    public func receive() async throws -> LiveSocketMessage {
        switch try await task.receive() {
        case .string(let text): return .text(text)
        case .data(let data): return .data(data)
        @unknown default: throw InklingClientError.invalidResponse("a WebSocket message of an unknown kind")
        }
    }

    public func close() {
        task.cancel(with: .normalClosure, reason: nil)
        session.finishTasksAndInvalidate()
    }
}
