/// The bounds every server-side WebSocket connection lives within (`inkling serve`'s
/// `--max-live` and friends set them; each is checked before the work it bounds).
package struct WebSocketLimits: Sendable, Hashable {
    /// Upgraded connections open at once, server-wide; one more is refused with 503 before its
    /// 101. They also count against the server's connection limits (`--max-connections`,
    /// `--max-connections-per-address`) for as long as they are open.
    package var maxConnections = 64
    /// The largest message, fragments joined: a bigger one is refused with close 1009 from its
    /// first frame head, before any of it is buffered.
    package var maxMessageBytes = 1 << 20
    /// The most frames one message may come in: more is close 1008.
    package var maxFramesPerMessage = 256
    /// Seconds without a frame from the peer before the connection is closed (1001); a ping goes
    /// out at half of it, and any frame, a pong included, counts.
    package var idleTimeout: Double = 60
    /// Bytes of outgoing messages queued and not yet written: ``WebSocketConnection/send(text:)``
    /// waits for room beyond it, ``WebSocketConnection/sendIfRoom(text:)`` returns `false`.
    package var maxQueuedBytes = 4 << 20
    /// Received messages not yet taken from ``WebSocketConnection/messages``: the connection
    /// stops reading (the peer's sends then wait in TCP) until one is taken.
    package var maxPendingMessages = 16
    /// Seconds one frame's write may wait for a peer that does not read: the connection is
    /// then dropped (a slow reader holds no memory beyond ``maxQueuedBytes``).
    package var sendTimeout: Double = 30
    /// Seconds to wait for the peer's answer to a close frame before the socket is shut.
    package var closeTimeout: Double = 5

    /// The defaults.
    package init() {}
}
