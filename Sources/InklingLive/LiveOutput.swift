/// What a session gives its transport to send, in order: a text frame (``message``'s JSON)
/// and, for a frame header, the binary frame of its image right after.
public struct LiveOutput: Sendable, Hashable {
    /// The message.
    public var message: LiveServerMessage
    /// The image bytes that follow a frame header; `nil` for other messages.
    public var binary: [UInt8]?

    /// An output.
    public init(_ message: LiveServerMessage, binary: [UInt8]? = nil) {
        self.message = message
        self.binary = binary
    }
}
