import Foundation
import InklingClient
import InklingTransport

/// A ``LiveSocket`` on InklingTransport's `WebSocketClient`, for the tests on Linux, where
/// `URLSessionWebSocketTask` fails (Debian's libcurl 7.88 has no WebSockets: `NSURLErrorDomain`
/// −1002). The session logic under test is the client's; only the socket is borrowed.
final class TransportLiveSocket: LiveSocket, @unchecked Sendable {
    let client: WebSocketClient

    init(_ url: URL) async throws {
        var components = URLComponents(url: url.appendingPathComponent("/v1/live"), resolvingAgainstBaseURL: false)!
        components.scheme = "ws"
        client = try await WebSocketClient.connect(to: components.url!, timeout: 10)
    }

    func send(_ text: String) async throws { try await client.send(text: text) }

    func receive() async throws -> LiveSocketMessage {
        while true {
            switch try await client.receive(timeout: 30) {
            case .text(let text): return .text(text)
            case .binary(let bytes): return .data(Data(bytes))
            case nil: throw InklingClientError.transport("no live message within 30 s")
            }
        }
    }

    func close() { client.close() }
}
