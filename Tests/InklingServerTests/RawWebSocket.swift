import Foundation
import InklingTransport
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client over a raw socket that sends exactly the frames a test builds (unmasked,
/// oversized, broken) and reads the server's frames one by one.
final class RawWebSocket {
    let connection: RawConnection
    /// The status of the answer to the handshake, its headers, and its body when it is no 101.
    let status: Int
    let headers: [String: String]
    let body: String
    private var buffer: [UInt8]

    /// Sends the handshake for `path` (`headers` replace or add to the usual ones; a `nil` value
    /// leaves one out) and reads the answer's head (and body, when it is no 101).
    /// `first` goes out in the same write as the handshake (frames sent before the 101 arrives).
    init(port: UInt16, path: String, headers extra: [String: String?] = [:], method: String = "GET", version: String = "HTTP/1.1",
         first: [UInt8] = []) throws {
        connection = try RawConnection(port: port)
        var lines: [(String, String?)] = [
            ("Host", "127.0.0.1:\(port)"), ("Upgrade", "websocket"), ("Connection", "Upgrade"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Sec-WebSocket-Version", "13"),
        ]
        for (name, value) in extra {
            if let index = lines.firstIndex(where: { $0.0.lowercased() == name.lowercased() }) { lines[index].1 = value } else { lines.append((name, value)) }
        }
        var head = "\(method) \(path) \(version)\r\n"
        for case (let name, let value?) in lines { head += "\(name): \(value)\r\n" }
        try connection.send(Array((head + "\r\n").utf8) + first)
        var received: [UInt8] = []
        var end: Int?
        while end == nil {
            let chunk = Self.readSome(connection.fd)
            guard !chunk.isEmpty else { throw RawHTTPError(description: "the server closed before answering the handshake") }
            received += chunk
            end = received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound
        }
        let headText = String(decoding: received[..<end!], as: UTF8.self).components(separatedBy: "\r\n")
        status = Int(headText[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var parsed: [String: String] = [:]
        for line in headText.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            parsed[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        headers = parsed
        buffer = Array(received[end!...])
        if status != 101, let length = parsed["content-length"].flatMap(Int.init) {
            while buffer.count < length {
                let chunk = Self.readSome(connection.fd)
                if chunk.isEmpty { break }
                buffer += chunk
            }
            body = String(decoding: buffer.prefix(length), as: UTF8.self)
        } else {
            body = ""
        }
    }

    /// `error.code` of a JSON error answer.
    var errorCode: String? {
        let json = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        return (json?["error"] as? [String: Any])?["code"] as? String
    }

    /// Sends one frame, masked as a client must unless `masked` is false.
    func send(_ frame: WebSocketFrame, masked: Bool = true) throws { try connection.send(frame.encoded(masked: masked)) }

    func send(text: String) throws { try send(WebSocketFrame(opcode: .text, payload: Array(text.utf8))) }

    func send(binary: [UInt8]) throws { try send(WebSocketFrame(opcode: .binary, payload: binary)) }

    /// Sends a close frame with `code` and `reason`.
    func sendClose(_ code: UInt16, _ reason: String = "") throws {
        try send(WebSocketFrame(opcode: .close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8)))
    }

    /// The next frame from the server; `nil` when it closed the connection (or 20 s passed).
    func receive() throws -> WebSocketFrame? {
        while true {
            if let frame = try WebSocketFrame.parse(&buffer) { return frame }
            let chunk = Self.readSome(connection.fd)
            guard !chunk.isEmpty else { return nil }
            buffer += chunk
        }
    }

    /// The next frame that is no ping (pings are answered, as a browser does).
    func receiveSkippingPings() throws -> WebSocketFrame? {
        while let frame = try receive() {
            guard frame.opcode == .ping else { return frame }
            try send(WebSocketFrame(opcode: .pong, payload: frame.payload))
        }
        return nil
    }

    /// The code and reason of a close frame.
    static func close(_ frame: WebSocketFrame?) -> (code: Int, reason: String)? {
        guard let frame, frame.opcode == .close else { return nil }
        guard frame.payload.count >= 2 else { return (1005, "") }
        return (Int(frame.payload[0]) << 8 | Int(frame.payload[1]), String(decoding: frame.payload[2...], as: UTF8.self))
    }

    /// Whether the server has closed the connection (reads to the end, up to the receive timeout).
    func serverClosed() -> Bool {
        while true {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBufferPointer { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }

    private static func readSome(_ fd: Int32) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBufferPointer { recv(fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? Array(chunk.prefix(n)) : []
    }
}
