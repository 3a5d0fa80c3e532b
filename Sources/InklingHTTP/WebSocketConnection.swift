import InklingTransport

/// One server-side WebSocket connection (RFC 6455), after the 101: whole messages in, messages
/// out through a bounded queue, the close handshake.
///
/// Incoming frames must be masked and outgoing ones are not; fragments are joined, text is
/// checked as UTF-8, pings are answered, and a peer that breaks a rule or a bound gets the close
/// code for it (1002, 1007, 1008, 1009) and ends ``messages`` with
/// ``WebSocketConnectionError/violation(code:reason:)``. Every bound is a ``WebSocketLimits``.
/// Reading and writing happen on two threads of the connection's own, never on the server's
/// threads nor Swift's cooperative pool. Dropping the connection closes it (1001).
package final class WebSocketConnection: Sendable {
    /// The upgrade request: its path, query, headers and client address.
    package let request: HTTPRequest
    /// The messages the peer sends, in order; it finishes after a clean close (the peer's close
    /// frame, or ours answered or timed out) and throws a ``WebSocketConnectionError`` otherwise.
    /// Read by one task at a time. Until a message is taken the connection stops reading once
    /// ``WebSocketLimits/maxPendingMessages`` wait, so a fast sender is held back by TCP.
    package let messages: AsyncThrowingStream<WebSocketMessage, any Error>
    private let core: WebSocketCore

    init(request: HTTPRequest, core: WebSocketCore) {
        self.request = request
        self.core = core
        messages = AsyncThrowingStream(unfolding: { [core] in try await core.nextMessage().get() })
    }

    deinit { core.close(code: 1001, reason: "going away", discardQueued: false) }

    /// The limits it runs under.
    package var limits: WebSocketLimits { core.limits }

    /// Sends a text message, waiting while the send queue is full (``WebSocketLimits/maxQueuedBytes``).
    ///
    /// - Throws: ``WebSocketConnectionError/closed`` once closing, ``WebSocketConnectionError/cancelled``
    ///   when the task is cancelled while it waits.
    package func send(text: String) async throws(WebSocketConnectionError) {
        try await core.send(.text(text)).get()
    }

    /// Sends a binary message, waiting while the send queue is full.
    package func send(binary: [UInt8]) async throws(WebSocketConnectionError) {
        try await core.send(.binary(binary)).get()
    }

    /// Queues a text message when the send queue has room for it (or is empty); `false`, and
    /// nothing queued, when it is full (a live session then drops a stale frame instead).
    ///
    /// - Throws: ``WebSocketConnectionError/closed`` once closing.
    package func sendIfRoom(text: String) throws(WebSocketConnectionError) -> Bool {
        try core.sendIfRoom(.text(text)).get()
    }

    /// Queues a binary message when the send queue has room for it; `false` when it is full.
    package func sendIfRoom(binary: [UInt8]) throws(WebSocketConnectionError) -> Bool {
        try core.sendIfRoom(.binary(binary)).get()
    }

    /// Bytes queued to send and not yet written (frames as encoded).
    package var queuedBytes: Int { core.queuedBytes }

    /// Whether messages can still be sent (no close frame queued, the connection not ended).
    package var isOpen: Bool { core.isOpen }

    /// The close handshake's code and reason, once a close frame was sent or received.
    package var closeStatus: WebSocketCloseStatus? { core.closeStatus }

    /// Closes: queued messages go out, then a close frame with `code` (1000 normal, 1001 going
    /// away, 1008 policy, 1011 server error, 4000–4999 the application's own) and `reason`
    /// (cut to 123 bytes); returns once the peer has answered, or after
    /// ``WebSocketLimits/closeTimeout`` (plus ``WebSocketLimits/sendTimeout`` for the queue).
    package func close(code: UInt16 = 1000, reason: String = "") async {
        core.close(code: WebSocketDecoder.isValidCloseCode(code) ? code : 1011, reason: reason, discardQueued: false)
        await core.waitUntilEnded()
    }

    /// Waits until the connection has ended and its socket went back to the server.
    package func waitUntilEnded() async { await core.waitUntilEnded() }
}
