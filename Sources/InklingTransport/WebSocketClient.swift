import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemClose = Glibc.close
#else
private let systemClose = Darwin.close
#endif

/// A minimal RFC 6455 WebSocket client over a POSIX socket (plain `ws://` only).
///
/// It exists because `URLSessionWebSocketTask` on Linux needs a libcurl built with WebSocket
/// support, which Debian's libcurl 7.88 is not: there it fails with `NSURLErrorDomain` −1002,
/// "WebSockets not supported by libcurl". Blocking socket work runs on the client's own
/// dispatch queue, never on Swift's cooperative pool; receiving honours task cancellation
/// within 50 ms. Pings are answered; fragmented messages are joined.
public final class WebSocketClient: @unchecked Sendable {
    /// A complete message.
    public enum Message: Sendable, Hashable {
        case text(String)
        case binary([UInt8])
    }

    private let fd: Int32
    private let queue = DispatchQueue(label: "inkling.websocket")
    private let lock = NSLock()
    private var isClosed = false
    // Touched only on `queue`.
    private var buffer: [UInt8]
    private var partial: (WebSocketFrame.Opcode, [UInt8])?

    private init(fd: Int32, leftover: [UInt8]) {
        self.fd = fd
        self.buffer = leftover
    }

    deinit { close() }

    /// Connects to a `ws://` URL and completes the opening handshake within `timeout` seconds.
    public static func connect(to url: URL, timeout: Double) async throws -> WebSocketClient {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try open(url, timeout: timeout) })
            }
        }
    }

    private static func open(_ url: URL, timeout: Double) throws -> WebSocketClient {
        guard url.scheme == "ws", let host = url.host else {
            throw WebSocketError.connectFailed("only ws:// URLs are supported, not \(url.absoluteString)")
        }
        let port = url.port ?? 80
        let fd = try POSIXSocket.connect(host: host, port: port, timeout: timeout)
        do {
            let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            var target = url.path.isEmpty ? "/" : url.path
            if let query = url.query { target += "?" + query }
            let request = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
            try POSIXSocket.writeAll(fd, Array(request.utf8))
            var received: [UInt8] = []
            let deadline = Date().addingTimeInterval(timeout)
            var headEnd: Int?
            while headEnd == nil {
                guard Date() < deadline else { throw WebSocketError.handshakeFailed("no answer within \(timeout) s") }
                guard POSIXSocket.waitReadable(fd, milliseconds: 50) else { continue }
                let chunk = try POSIXSocket.readSome(fd)
                guard !chunk.isEmpty else { throw WebSocketError.handshakeFailed("the server closed the connection") }
                received += chunk
                // Frames may follow the head in the same read: only the head is limited.
                headEnd = received.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound
                guard headEnd != nil || received.count < 64 * 1024 else { throw WebSocketError.handshakeFailed("an oversized answer") }
            }
            let head = String(decoding: received[..<headEnd!], as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            guard let status = lines.first, status.hasPrefix("HTTP/1.1 101") else {
                throw WebSocketError.handshakeFailed("the server answered '\(lines.first ?? "")' instead of 101 Switching Protocols")
            }
            let accept = lines.first { $0.lowercased().hasPrefix("sec-websocket-accept:") }
                .map { $0.dropFirst("sec-websocket-accept:".count).trimmingCharacters(in: .whitespaces) }
            guard accept == WebSocketFrame.acceptValue(forKey: key) else {
                throw WebSocketError.handshakeFailed("a wrong Sec-WebSocket-Accept")
            }
            return WebSocketClient(fd: fd, leftover: Array(received[headEnd!...]))
        } catch {
            _ = systemClose(fd)
            throw error
        }
    }

    /// The next complete message, or `nil` when none arrives within `timeout` seconds.
    ///
    /// - Throws: ``WebSocketError/closed(_:)`` when the server closes or drops the connection,
    ///   ``WebSocketError/protocolViolation(_:)``, or `CancellationError`.
    public func receive(timeout: Double) async throws -> Message? {
        let cancelled = CancelFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async { continuation.resume(with: Result { try self.blockingReceive(timeout, cancelled) }) }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    /// Closes the connection (sending a close frame first, best effort). Safe to call twice.
    public func close() {
        lock.lock()
        let already = isClosed
        isClosed = true
        lock.unlock()
        guard !already else { return }
        try? POSIXSocket.writeAll(fd, WebSocketFrame(opcode: .close, payload: [0x03, 0xE8]).encoded(masked: true))
        shutdown(fd, Int32(SHUT_RDWR))
        queue.async { [fd] in _ = systemClose(fd) }
    }

    private var closed: Bool { lock.withLock { isClosed } }

    private func blockingReceive(_ timeout: Double, _ cancelled: CancelFlag) throws -> Message? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let frame = try WebSocketFrame.parse(&buffer) {
                if let message = try handle(frame) { return message }
            }
            if cancelled.isSet { throw CancellationError() }
            if closed { throw WebSocketError.closed("closed by Inkling") }
            guard Date() < deadline else { return nil }
            guard POSIXSocket.waitReadable(fd, milliseconds: 50) else { continue }
            let chunk = try POSIXSocket.readSome(fd)
            guard !chunk.isEmpty else { throw WebSocketError.closed("the server dropped the connection") }
            buffer += chunk
        }
    }

    private func handle(_ frame: WebSocketFrame) throws -> Message? {
        switch frame.opcode {
        case .ping:
            try POSIXSocket.writeAll(fd, WebSocketFrame(opcode: .pong, payload: frame.payload).encoded(masked: true))
            return nil
        case .pong:
            return nil
        case .close:
            let code = frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : 1005
            throw WebSocketError.closed("the server sent close (code \(code))")
        case .text, .binary:
            if frame.fin { return message(frame.opcode, frame.payload) }
            partial = (frame.opcode, frame.payload)
            return nil
        case .continuation:
            guard let (opcode, first) = partial else { throw WebSocketError.protocolViolation("a continuation frame without a message") }
            let bytes = first + frame.payload
            guard bytes.count <= WebSocketFrame.maximumPayload else { throw WebSocketError.protocolViolation("a message over 16 MiB") }
            partial = frame.fin ? nil : (opcode, bytes)
            if frame.fin { return message(opcode, bytes) }
            return nil
        }
    }

    private func message(_ opcode: WebSocketFrame.Opcode, _ bytes: [UInt8]) -> Message {
        opcode == .text ? .text(String(decoding: bytes, as: UTF8.self)) : .binary(bytes)
    }
}

/// A flag set from a cancellation handler and read by blocking loops.
final class CancelFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
