/// The head of one WebSocket frame (RFC 6455 §5.2): the one reading of the framing rules, for
/// the client (``WebSocketFrame/parse(_:)``) and the server (``WebSocketDecoder``) alike.
///
/// Reading a head never needs its payload, so a frame too large for the reader is refused from
/// its first bytes, before anything is buffered for it.
package struct WebSocketFrameHead: Sendable, Hashable {
    /// Whether this is the last frame of a message.
    package var fin: Bool
    /// The frame type.
    package var opcode: WebSocketFrame.Opcode
    /// The masking key (its four bytes, first in the top bits), when the frame is masked.
    package var mask: UInt32?
    /// The payload's length in bytes.
    package var payloadLength: Int
    /// The head's own length in bytes (2 to 14); the payload follows it.
    package var length: Int

    /// Whether the frame is masked.
    package var isMasked: Bool { mask != nil }

    /// Reads the head at the start of `bytes`, or `nil` when more bytes are needed.
    ///
    /// - Throws: ``WebSocketViolation/protocolError(_:)`` for reserved bits, an unknown opcode, a
    ///   fragmented or long control frame or a 64-bit length with its top bit set;
    ///   ``WebSocketViolation/tooLarge(_:)`` for a data frame's payload over `maximumPayload`
    ///   bytes, known from the length alone (before the masking key).
    package static func read(_ bytes: UnsafeRawBufferPointer, maximumPayload: Int) throws(WebSocketViolation) -> WebSocketFrameHead? {
        guard bytes.count >= 2 else { return nil }
        let first = bytes[0], second = bytes[1]
        guard first & 0x70 == 0 else { throw .protocolError("a frame with reserved bits set (no extension was agreed)") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw .protocolError("unknown frame opcode \(first & 0x0F)")
        }
        let fin = first & 0x80 != 0
        var payload = UInt64(second & 0x7F)
        var offset = 2
        if payload == 126 {
            guard bytes.count >= 4 else { return nil }
            payload = UInt64(bytes[2]) << 8 | UInt64(bytes[3])
            offset = 4
        } else if payload == 127 {
            guard bytes.count >= 10 else { return nil }
            payload = 0
            for i in 2..<10 { payload = payload << 8 | UInt64(bytes[i]) }
            guard payload >> 63 == 0 else { throw .protocolError("a frame length with its most significant bit set") }
            offset = 10
        }
        if opcode.isControl {
            guard fin else { throw .protocolError("a fragmented \(opcode) frame (control frames cannot be fragmented)") }
            guard payload <= 125 else { throw .protocolError("a \(opcode) frame of \(payload) bytes (control frames carry at most 125)") }
        }
        guard opcode.isControl || payload <= UInt64(max(0, maximumPayload)) else {
            throw .tooLarge("a frame of \(payload) bytes is over the \(WebSocketViolation.sizeText(maximumPayload)) limit")
        }
        var mask: UInt32?
        if second & 0x80 != 0 {
            guard bytes.count >= offset + 4 else { return nil }
            mask = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
            offset += 4
        }
        return WebSocketFrameHead(fin: fin, opcode: opcode, mask: mask, payloadLength: Int(payload), length: offset)
    }

    /// The payload that follows this head in `bytes` (which must hold all of it), unmasked.
    package func payload(in bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var payload = Array(bytes[length..<(length + payloadLength)])
        if let mask {
            let key = [UInt8(truncatingIfNeeded: mask >> 24), UInt8(truncatingIfNeeded: mask >> 16),
                       UInt8(truncatingIfNeeded: mask >> 8), UInt8(truncatingIfNeeded: mask)]
            for i in payload.indices { payload[i] ^= key[i & 3] }
        }
        return payload
    }
}
