import InklingBase

/// Incoming WebSocket bytes to whole messages and control frames, under limits (RFC 6455 §5):
/// fragments joined, masking as the side requires, text checked as UTF-8, close frames read.
///
/// Budgets come before work: a frame's head is read before its payload is waited for, so a
/// frame that would take the message past ``maxMessageBytes`` (or a fragment past
/// ``maxFramesPerMessage``) is refused from its first bytes and nothing is allocated for it.
/// At most one frame's payload, the message being joined and one read's leftover are held.
package struct WebSocketDecoder: Sendable {
    /// What the peer sent.
    package enum Event: Sendable, Hashable {
        /// A whole data message.
        case message(WebSocketMessage)
        /// A ping, with its payload (answer with a pong carrying it).
        case ping([UInt8])
        /// A pong, with its payload.
        case pong([UInt8])
        /// A close frame: its code (`nil` when it carried none) and reason.
        case close(code: UInt16?, reason: String)
    }

    /// The largest message, fragments joined, in bytes.
    package let maxMessageBytes: Int
    /// The most frames one message may come in.
    package let maxFramesPerMessage: Int
    /// Whether frames must be masked (a server reading a client) or must not be (a client).
    package let expectsMasked: Bool

    private var buffer: [UInt8] = []
    private var start = 0
    /// The message being joined: its opcode, bytes so far and frame count.
    private var partial: (opcode: WebSocketFrame.Opcode, bytes: [UInt8], frames: Int)?
    /// Set once a violation was thrown: the stream is not read further.
    private var failed: WebSocketViolation?

    /// A decoder for one connection.
    package init(maxMessageBytes: Int, maxFramesPerMessage: Int, expectsMasked: Bool) {
        self.maxMessageBytes = max(0, maxMessageBytes)
        self.maxFramesPerMessage = max(1, maxFramesPerMessage)
        self.expectsMasked = expectsMasked
    }

    /// Bytes held that are not yet part of a whole message (unread input and the message being joined).
    package var bufferedBytes: Int { buffer.count - start + (partial?.bytes.count ?? 0) }

    /// Adds bytes read from the connection.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count / 2 || start >= 64 * 1024 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next event, or `nil` when more bytes are needed.
    ///
    /// - Throws: a ``WebSocketViolation`` (answer it with a close frame of its code); every
    ///   later call throws it again.
    package mutating func next() throws(WebSocketViolation) -> Event? {
        if let failed { throw failed }
        do {
            while true {
                guard let frame = try nextFrame() else { return nil }
                if let event = try take(frame.head, frame.payload) { return event }
            }
        } catch {
            failed = error
            throw error
        }
    }

    /// The next whole frame, removed from the buffer.
    private mutating func nextFrame() throws(WebSocketViolation) -> (head: WebSocketFrameHead, payload: [UInt8])? {
        let budget = maxMessageBytes - (partial?.bytes.count ?? 0)
        let start = self.start, maxMessageBytes = self.maxMessageBytes, expectsMasked = self.expectsMasked
        let read = buffer.withUnsafeBytes { all -> Result<(WebSocketFrameHead, [UInt8])?, WebSocketViolation> in
            let bytes = UnsafeRawBufferPointer(rebasing: all[start...])
            return Result { () throws(WebSocketViolation) -> (WebSocketFrameHead, [UInt8])? in
                // Data frames are held to what is left of the message's budget (control frames to
                // their own 125 bytes), from the length alone.
                let head: WebSocketFrameHead
                do throws(WebSocketViolation) {
                    guard let read = try WebSocketFrameHead.read(bytes, maximumPayload: budget) else { return nil }
                    head = read
                } catch {
                    guard case .tooLarge = error else { throw error }
                    throw .tooLarge("a message over the \(WebSocketViolation.sizeText(maxMessageBytes)) limit")
                }
                guard head.isMasked == expectsMasked else {
                    throw .protocolError(expectsMasked ? "an unmasked frame from a client (client frames must be masked)"
                                                       : "a masked frame from a server (server frames must not be masked)")
                }
                guard bytes.count >= head.length + head.payloadLength else { return nil }
                return (head, head.payload(in: bytes))
            }
        }
        switch read {
        case .failure(let violation):
            throw violation
        case .success(nil):
            return nil
        case .success(let (head, payload)?):
            self.start += head.length + head.payloadLength
            if self.start == buffer.count {
                buffer.removeAll(keepingCapacity: buffer.capacity <= 64 * 1024)
                self.start = 0
            }
            return (head, payload)
        }
    }

    /// The event one frame makes, if any (a fragment only adds to the message being joined).
    private mutating func take(_ head: WebSocketFrameHead, _ payload: [UInt8]) throws(WebSocketViolation) -> Event? {
        switch head.opcode {
        case .ping:
            return .ping(payload)
        case .pong:
            return .pong(payload)
        case .close:
            return try Self.close(payload)
        case .text, .binary:
            guard partial == nil else { throw .protocolError("a new \(head.opcode) message before the previous one's last fragment") }
            if head.fin { return .message(try Self.message(head.opcode, payload)) }
            partial = (head.opcode, payload, 1)
            return nil
        case .continuation:
            guard var joining = partial else { throw .protocolError("a continuation frame without a message to continue") }
            joining.frames += 1
            guard joining.frames <= maxFramesPerMessage else {
                throw .policy("a message in more than \(maxFramesPerMessage) frames")
            }
            partial = nil
            joining.bytes += payload
            if head.fin { return .message(try Self.message(joining.opcode, joining.bytes)) }
            partial = joining
            return nil
        }
    }

    /// A whole message of `opcode`; text must be UTF-8.
    private static func message(_ opcode: WebSocketFrame.Opcode, _ bytes: [UInt8]) throws(WebSocketViolation) -> WebSocketMessage {
        guard opcode == .text else { return .binary(bytes) }
        guard let text = utf8(bytes) else { throw .invalidText("a text message that is not valid UTF-8") }
        return .text(text)
    }

    /// The code and reason of a close frame's payload (RFC 6455 §5.5.1, §7.4).
    private static func close(_ payload: [UInt8]) throws(WebSocketViolation) -> Event {
        guard !payload.isEmpty else { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw .protocolError("a close frame with a one-byte code") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard isValidCloseCode(code) else { throw .protocolError("a close frame with code \(code), which may not be sent") }
        guard let reason = utf8(Array(payload[2...])) else { throw .invalidText("a close reason that is not valid UTF-8") }
        return .close(code: code, reason: reason)
    }

    /// Whether a peer may send close code `code`: the defined ones, and 3000–4999 (registered
    /// and private use). 1005, 1006 and 1015 are never sent.
    package static func isValidCloseCode(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1011, 1012...1014, 3000...4999: true
        default: false
        }
    }

    /// `bytes` as a string when they are valid UTF-8.
    private static func utf8(_ bytes: [UInt8]) -> String? {
        let invalid = bytes.withUnsafeBytes { UTF8Validation.firstInvalidOffset(in: $0) }
        return invalid == nil ? String(decoding: bytes, as: UTF8.self) : nil
    }
}
