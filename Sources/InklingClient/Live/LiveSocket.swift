import Foundation

/// One message of a WebSocket.
public enum LiveSocketMessage: Sendable, Hashable {
    case text(String)
    case data(Data)
}

/// The WebSocket a live session runs on: `URLSessionWebSocketTask` (``URLSessionLiveSocket``), or
/// any other that sends and receives whole messages.
public protocol LiveSocket: Sendable {
    /// Sends one text message.
    func send(_ text: String) async throws
    /// The next message.
    func receive() async throws -> LiveSocketMessage
    /// Closes the connection (normal closure).
    func close()
}
