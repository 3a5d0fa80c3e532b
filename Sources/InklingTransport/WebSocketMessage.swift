/// One whole WebSocket message, its fragments joined.
package enum WebSocketMessage: Sendable, Hashable {
    /// A text message (valid UTF-8).
    case text(String)
    /// A binary message.
    case binary([UInt8])

    /// The message's payload length in bytes.
    package var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let bytes): bytes.count
        }
    }
}
