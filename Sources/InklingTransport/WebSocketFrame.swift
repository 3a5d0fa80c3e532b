import Foundation

/// One WebSocket frame (RFC 6455 §5.2): encoding for either side and incremental parsing.
///
/// Not API: package-wide for the client, the server's connections (InklingHTTP) and the engine
/// fakes' loopback WebSocket server. The framing rules themselves are read in one place,
/// ``WebSocketFrameHead``.
package struct WebSocketFrame: Sendable, Hashable {
    /// Frame types.
    package enum Opcode: UInt8, Sendable {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10

        /// Whether this is a control frame (close, ping, pong).
        package var isControl: Bool { rawValue & 0x08 != 0 }
    }

    /// Whether this is the last frame of a message.
    package var fin: Bool
    /// The frame type.
    package var opcode: Opcode
    /// The unmasked payload.
    package var payload: [UInt8]

    /// Creates a frame.
    package init(fin: Bool = true, opcode: Opcode, payload: [UInt8]) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }

    /// The largest payload accepted when parsing (16 MiB): a bigger frame is a protocol error.
    static let maximumPayload = 16 << 20

    /// The frame's bytes; clients must mask (`masked: true`), servers must not.
    package func encoded(masked: Bool) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue]
        let maskBit: UInt8 = masked ? 0x80 : 0
        let n = payload.count
        if n < 126 {
            out.append(maskBit | UInt8(n))
        } else if n <= 0xFFFF {
            out += [maskBit | 126, UInt8(n >> 8), UInt8(n & 0xFF)]
        } else {
            out.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: UInt64(n) >> UInt64(shift))) }
        }
        guard masked else { return out + payload }
        let key = (0..<4).map { _ in UInt8.random(in: 0...255) }
        out += key
        out += payload.enumerated().map { $0.element ^ key[$0.offset & 3] }
        return out
    }

    /// Removes and returns the first complete frame in `buffer`, or `nil` when more bytes are
    /// needed. Throws a reason for frames that break the protocol (reserved bits, an unknown
    /// opcode, a fragmented or long control frame, over 16 MiB): ``WebSocketFrameHead``'s rules.
    package static func parse(_ buffer: inout [UInt8]) throws(WebSocketError) -> WebSocketFrame? {
        let result = buffer.withUnsafeBytes { bytes -> Result<(frame: WebSocketFrame, consumed: Int)?, WebSocketViolation> in
            Result { () throws(WebSocketViolation) -> (frame: WebSocketFrame, consumed: Int)? in
                guard let head = try WebSocketFrameHead.read(bytes, maximumPayload: maximumPayload),
                      bytes.count >= head.length + head.payloadLength else { return nil }
                return (WebSocketFrame(fin: head.fin, opcode: head.opcode, payload: head.payload(in: bytes)), head.length + head.payloadLength)
            }
        }
        let parsed: (frame: WebSocketFrame, consumed: Int)?
        switch result {
        case .success(let value): parsed = value
        case .failure(let violation): throw .protocolViolation(violation.reason)
        }
        guard let parsed else { return nil }
        buffer.removeFirst(parsed.consumed)
        return parsed.frame
    }

    /// The `Sec-WebSocket-Accept` value for a `Sec-WebSocket-Key` (RFC 6455 §4.2.2).
    package static func acceptValue(forKey key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }
}
