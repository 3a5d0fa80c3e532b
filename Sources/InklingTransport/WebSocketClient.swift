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
/// dispatch queues, never on Swift's cooperative pool; receiving honours task cancellation
/// within 50 ms. Incoming frames go through ``WebSocketDecoder`` (unmasked, fragments joined,
/// text checked as UTF-8, at most ``maxMessageBytes``); pings are answered. Messages are sent
/// as single frames masked with a fresh random key (§5.3), one at a time, each at most
/// ``maxSendBytes``; ``close(code:reason:timeout:)`` is the closing handshake (§7).
public final class WebSocketClient: @unchecked Sendable {
    /// A complete message.
    public enum Message: Sendable, Hashable {
        case text(String)
        case binary([UInt8])
    }

    /// The largest message received, fragments joined.
    public let maxMessageBytes: Int
    /// The largest message ``send(text:)`` and ``send(binary:)`` send.
    public let maxSendBytes: Int

    private let fd: Int32
    /// Reads (receive, the wait for the server's close).
    private let queue = DispatchQueue(label: "inkling.websocket")
    /// Sends, so a blocked write never holds up reading.
    private let sendQueue = DispatchQueue(label: "inkling.websocket.send")
    private let lock = NSLock()
    /// Held around every write, so frames from the two queues never interleave.
    private let writeLock = NSLock()
    private var isClosed = false
    private var closeSent = false
    // Touched only on `queue`.
    private var decoder: WebSocketDecoder
    private var closeReceived = false

    private init(fd: Int32, leftover: [UInt8], maxMessageBytes: Int, maxSendBytes: Int) {
        self.fd = fd
        self.maxMessageBytes = maxMessageBytes
        self.maxSendBytes = maxSendBytes
        decoder = WebSocketDecoder(maxMessageBytes: maxMessageBytes, maxFramesPerMessage: 1024, expectsMasked: false)
        decoder.append(leftover)
    }

    deinit { close() }

    /// Connects to a `ws://` URL and completes the opening handshake within `timeout` seconds.
    ///
    /// - Parameters:
    ///   - headers: extra request headers (an `X-API-Key`); names and values without line breaks.
    ///   - maxMessageBytes: the largest message accepted (16 MiB by default).
    ///   - maxSendBytes: the largest message this client sends (1 MiB by default).
    public static func connect(to url: URL, timeout: Double, headers: [String: String] = [:],
                               maxMessageBytes: Int = 16 << 20, maxSendBytes: Int = 1 << 20) async throws -> WebSocketClient {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try open(url, timeout: timeout, headers: headers, maxMessageBytes: maxMessageBytes, maxSendBytes: maxSendBytes)
                })
            }
        }
    }

    private static func open(_ url: URL, timeout: Double, headers: [String: String], maxMessageBytes: Int, maxSendBytes: Int) throws -> WebSocketClient {
        guard url.scheme == "ws", let host = url.host else {
            throw WebSocketError.connectFailed("only ws:// URLs are supported, not \(url.absoluteString)")
        }
        for (name, value) in headers where (name + value).unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) || name.isEmpty || name.contains(":") {
            throw WebSocketError.connectFailed("header '\(name.prefix(40))' is not a single header line")
        }
        let port = url.port ?? 80
        let fd = try POSIXSocket.connect(host: host, port: port, timeout: timeout)
        do {
            let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            var target = url.path.isEmpty ? "/" : url.path
            if let query = url.query { target += "?" + query }
            let extra = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
            let request = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\(extra)\r\n"
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
            return WebSocketClient(fd: fd, leftover: Array(received[headEnd!...]), maxMessageBytes: maxMessageBytes, maxSendBytes: maxSendBytes)
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

    /// Sends a text message (one masked frame).
    ///
    /// - Throws: ``WebSocketError/messageTooLarge(_:)`` over ``maxSendBytes`` (nothing is sent),
    ///   ``WebSocketError/closed(_:)`` once closing began or when the write fails.
    public func send(text: String) async throws {
        try await send(.text, Array(text.utf8))
    }

    /// Sends a binary message (one masked frame); throws as ``send(text:)``.
    public func send(binary bytes: [UInt8]) async throws {
        try await send(.binary, bytes)
    }

    private func send(_ opcode: WebSocketFrame.Opcode, _ payload: [UInt8]) async throws {
        guard payload.count <= maxSendBytes else {
            throw WebSocketError.messageTooLarge("a \(payload.count)-byte \(opcode) message is over the \(maxSendBytes)-byte limit")
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            sendQueue.async {
                continuation.resume(with: Result {
                    guard !self.lock.withLock({ self.closeSent || self.isClosed }) else { throw WebSocketError.closed("closed by Inkling") }
                    try self.write(WebSocketFrame(opcode: opcode, payload: payload))
                })
            }
        }
    }

    /// The closing handshake (RFC 6455 §7.1.2): sends a close frame with `code` and `reason`,
    /// reads (and drops) what the server still sends until its close frame arrives or `timeout`
    /// seconds pass, then closes the socket. Safe to call twice, and after ``close()``.
    public func close(code: UInt16 = 1000, reason: String = "", timeout: Double) async {
        guard sendClose(code: code, reason: reason) else { return shutDown() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                let deadline = Date().addingTimeInterval(max(0, timeout))
                while !self.closeReceived, Date() < deadline {
                    let left = deadline.timeIntervalSinceNow
                    guard (try? self.blockingReceive(left, CancelFlag())) != nil else { break }
                }
                self.shutDown()
                continuation.resume()
            }
        }
    }

    /// Closes the connection at once (sending a close frame first, best effort, without waiting
    /// for the server's). Safe to call twice.
    public func close() {
        _ = sendClose(code: 1000, reason: "")
        shutDown()
    }

    /// Sends the close frame unless one was sent; whether it was sent now.
    private func sendClose(code: UInt16, reason: String) -> Bool {
        let first = lock.withLock { () -> Bool in
            defer { closeSent = true }
            return !closeSent && !isClosed
        }
        guard first else { return false }
        let why = Array(reason.utf8.prefix(123))
        try? write(WebSocketFrame(opcode: .close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + why))
        return true
    }

    private func shutDown() {
        let already = lock.withLock { () -> Bool in
            defer { isClosed = true }
            return isClosed
        }
        guard !already else { return }
        shutdown(fd, Int32(SHUT_RDWR))
        queue.async { [fd] in _ = systemClose(fd) }
    }

    private func write(_ frame: WebSocketFrame) throws {
        try writeLock.withLock { try POSIXSocket.writeAll(fd, frame.encoded(masked: true)) }
    }

    private var closed: Bool { lock.withLock { isClosed } }

    private func blockingReceive(_ timeout: Double, _ cancelled: CancelFlag) throws -> Message? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let event = try nextEvent() {
                if let message = try handle(event) { return message }
            }
            if cancelled.isSet { throw CancellationError() }
            if closed { throw WebSocketError.closed("closed by Inkling") }
            guard Date() < deadline else { return nil }
            guard POSIXSocket.waitReadable(fd, milliseconds: 50) else { continue }
            let chunk = try POSIXSocket.readSome(fd)
            guard !chunk.isEmpty else { throw WebSocketError.closed("the server dropped the connection") }
            decoder.append(chunk)
        }
    }

    private func nextEvent() throws -> WebSocketDecoder.Event? {
        do {
            return try decoder.next()
        } catch {
            _ = sendClose(code: error.closeCode, reason: "")
            throw WebSocketError.protocolViolation(error.reason)
        }
    }

    private func handle(_ event: WebSocketDecoder.Event) throws -> Message? {
        switch event {
        case .ping(let payload):
            try write(WebSocketFrame(opcode: .pong, payload: payload))
            return nil
        case .pong:
            return nil
        case .close(let code, let reason):
            closeReceived = true
            // Answered with the same code (§5.5.1), unless this side began the closing.
            _ = sendClose(code: code ?? 1000, reason: "")
            throw WebSocketError.closed("the server sent close (code \(code.map(String.init) ?? "1005")\(reason.isEmpty ? "" : ": " + reason.prefix(120)))")
        case .message(.text(let text)):
            return .text(text)
        case .message(.binary(let bytes)):
            return .binary(bytes)
        }
    }
}

/// A flag set from a cancellation handler and read by blocking loops.
final class CancelFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
