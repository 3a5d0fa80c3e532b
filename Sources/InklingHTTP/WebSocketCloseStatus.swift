/// How a WebSocket connection's close handshake went: the code and reason of the first close
/// frame, and which side sent it.
package struct WebSocketCloseStatus: Sendable, Hashable {
    /// The close code (RFC 6455 §7.4.1; 1005 when the peer's close frame carried none).
    package var code: UInt16
    /// The reason, possibly empty.
    package var reason: String
    /// Whether the peer sent it first (else this server did).
    package var byPeer: Bool

    /// A status.
    package init(code: UInt16, reason: String, byPeer: Bool) {
        self.code = code
        self.reason = reason
        self.byPeer = byPeer
    }
}
