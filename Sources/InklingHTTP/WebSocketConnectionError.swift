/// Why a server-side WebSocket connection ended without a clean close, or a send failed.
package enum WebSocketConnectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The peer broke the protocol; the server closed with `code` (1002, 1007, 1008, 1009).
    case violation(code: UInt16, reason: String)
    /// The connection ended without a close handshake (the peer vanished, or the server stopped).
    case dropped
    /// Nothing came from the peer for this many seconds (not even a pong); closed with 1001.
    case idle(seconds: Double)
    /// The peer read nothing for this many seconds while a frame waited to be written.
    case slowReader(seconds: Double)
    /// The connection is closing or closed: nothing more can be sent.
    case closed
    /// The task waiting to send was cancelled.
    case cancelled

    /// One line.
    package var description: String {
        switch self {
        case .violation(let code, let reason): "the WebSocket peer broke the protocol (closed with \(code)): \(reason)"
        case .dropped: "the WebSocket connection dropped without a close handshake"
        case .idle(let seconds): "the WebSocket peer sent nothing for \(Int(seconds)) s"
        case .slowReader(let seconds): "the WebSocket peer read nothing for \(Int(seconds)) s"
        case .closed: "the WebSocket connection is closed"
        case .cancelled: "the WebSocket send was cancelled"
        }
    }
}
