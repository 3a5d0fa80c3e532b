import Foundation

/// One WebSocket frame (RFC 6455 §5.2): encoding for either side and incremental parsing.
///
/// Not API: the client uses it within this module; `@_spi(EngineFakes)` lends it to the loopback
/// WebSocket server of the engine fakes.
@_spi(EngineFakes) public struct WebSocketFrame: Sendable, Hashable {
    /// Frame types.
    public enum Opcode: UInt8, Sendable {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10
    }

    /// Whether this is the last frame of a message.
    public var fin: Bool
    /// The frame type.
    public var opcode: Opcode
    /// The unmasked payload.
    public var payload: [UInt8]

    /// Creates a frame.
    public init(fin: Bool = true, opcode: Opcode, payload: [UInt8]) {
        self.fin = fin
        self.opcode = opcode
        self.payload = payload
    }

    /// The largest payload accepted when parsing (16 MiB): a bigger frame is a protocol error.
    static let maximumPayload = 16 << 20

    /// The frame's bytes; clients must mask (`masked: true`), servers must not.
    public func encoded(masked: Bool) -> [UInt8] {
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
    /// needed. Throws a reason for frames that break the protocol (unknown opcode, too large).
    public static func parse(_ buffer: inout [UInt8]) throws(WebSocketError) -> WebSocketFrame? {
        guard buffer.count >= 2 else { return nil }
        guard let opcode = Opcode(rawValue: buffer[0] & 0x0F) else {
            throw .protocolViolation("unknown frame opcode \(buffer[0] & 0x0F)")
        }
        let fin = buffer[0] & 0x80 != 0
        let masked = buffer[1] & 0x80 != 0
        var length = Int(buffer[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard buffer.count >= 4 else { return nil }
            length = Int(buffer[2]) << 8 | Int(buffer[3])
            offset = 4
        } else if length == 127 {
            guard buffer.count >= 10 else { return nil }
            var value: UInt64 = 0
            for i in 2..<10 { value = value << 8 | UInt64(buffer[i]) }
            guard value <= UInt64(maximumPayload) else { throw .protocolViolation("a frame of \(value) bytes is over the 16 MiB limit") }
            length = Int(value)
            offset = 10
        }
        guard length <= maximumPayload else { throw .protocolViolation("a frame of \(length) bytes is over the 16 MiB limit") }
        let keyOffset = offset
        if masked { offset += 4 }
        guard buffer.count >= offset + length else { return nil }
        var payload = Array(buffer[offset..<(offset + length)])
        if masked {
            let key = Array(buffer[keyOffset..<(keyOffset + 4)])
            for i in payload.indices { payload[i] ^= key[i & 3] }
        }
        buffer.removeFirst(offset + length)
        return WebSocketFrame(fin: fin, opcode: opcode, payload: payload)
    }

    /// The `Sec-WebSocket-Accept` value for a `Sec-WebSocket-Key` (RFC 6455 §4.2.2).
    public static func acceptValue(forKey key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }
}
