/// How a peer broke the WebSocket rules, with the close code that answers it (RFC 6455 §7.4.1).
package enum WebSocketViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// Framing or sequencing the protocol forbids: close 1002.
    case protocolError(String)
    /// A text message (or close reason) that is not UTF-8: close 1007.
    case invalidText(String)
    /// A message in more frames than allowed: close 1008.
    case policy(String)
    /// A frame or message over the size limit: close 1009.
    case tooLarge(String)

    /// The close code that answers the violation.
    package var closeCode: UInt16 {
        switch self {
        case .protocolError: 1002
        case .invalidText: 1007
        case .policy: 1008
        case .tooLarge: 1009
        }
    }

    /// The reason alone, one line.
    package var reason: String {
        switch self {
        case .protocolError(let why), .invalidText(let why), .policy(let why), .tooLarge(let why): why
        }
    }

    /// One line.
    package var description: String { "WebSocket close \(closeCode): \(reason)" }

    /// `bytes` as a size for a message: `16 MiB`, `1 MiB`, `512 KiB`, or bytes.
    static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes)-byte"
    }
}
