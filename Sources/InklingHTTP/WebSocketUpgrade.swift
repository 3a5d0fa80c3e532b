/// What ``HTTPExchange/upgrade(_:headers:handler:)`` did.
package enum WebSocketUpgrade: Sendable, Hashable {
    /// The 101 is on its way; the handler gets the connection once it has been sent.
    case upgrading
    /// ``WebSocketLimits/maxConnections`` are open, or the server is draining: answer 503.
    case full
    /// The exchange was already answered or its client has gone.
    case gone
    /// This exchange did not come from an ``HTTPServer`` (a test double): answer 501.
    case unavailable
}
