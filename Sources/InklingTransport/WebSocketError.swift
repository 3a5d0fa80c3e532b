/// Why a WebSocket connection failed or ended.
public enum WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The TCP connection could not be made.
    case connectFailed(String)
    /// The server did not accept the upgrade (no `101`, or a wrong `Sec-WebSocket-Accept`).
    case handshakeFailed(String)
    /// The peer broke the framing rules.
    case protocolViolation(String)
    /// The connection ended (a close frame, or the socket dropped).
    case closed(String)
    /// A message to send is over the client's ``WebSocketClient/maxSendBytes``.
    case messageTooLarge(String)

    /// One line.
    public var description: String {
        switch self {
        case .connectFailed(let why): "cannot connect the WebSocket: \(why)"
        case .handshakeFailed(let why): "the WebSocket upgrade failed: \(why)"
        case .protocolViolation(let why): "WebSocket protocol error: \(why)"
        case .closed(let why): "the WebSocket closed: \(why)"
        case .messageTooLarge(let why): "WebSocket message not sent: \(why)"
        }
    }
}
