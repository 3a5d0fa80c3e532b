import InklingBase
import Foundation
import InklingEngines
@_spi(EngineFakes) import InklingTransport

/// The server side of an upgraded WebSocket connection: sends unmasked frames, reads the
/// client's masked ones (answering close), and can drop the connection abruptly.
public final class WebSocketPeer: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var closed = false
    private var sentClose = false
    private var messages: [WebSocketClient.Message] = []
    private var violationText: String?
    private var closeFrame: (code: UInt16?, reason: String)?
    /// Called with each message the client sends (on the connection's own thread).
    public var onMessage: (@Sendable (WebSocketClient.Message, WebSocketPeer) -> Void)?

    init(fd: Int32) { self.fd = fd }

    /// Sends a text message; `false` once the connection is gone.
    @discardableResult
    public func send(_ text: String) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            do {
                try POSIXSocket.writeAll(fd, WebSocketFrame(opcode: .text, payload: Array(text.utf8)).encoded(masked: false))
                return true
            } catch {
                return false
            }
        }
    }

    /// Sends a binary message; `false` once the connection is gone.
    @discardableResult
    public func send(binary bytes: [UInt8]) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            return (try? POSIXSocket.writeAll(fd, WebSocketFrame(opcode: .binary, payload: bytes).encoded(masked: false))) != nil
        }
    }

    /// Sends a JSON message.
    @discardableResult
    public func send(_ json: JSONValue) -> Bool { send(json.text) }

    /// Starts the closing handshake: a close frame with `code` and `reason`; the client's close
    /// frame is then read by ``serve()``.
    public func close(code: UInt16, reason: String) {
        lock.withLock {
            guard !closed, !sentClose else { return }
            sentClose = true
            let payload = [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8)
            _ = try? POSIXSocket.writeAll(fd, WebSocketFrame(opcode: .close, payload: payload).encoded(masked: false))
        }
    }

    /// Ends the connection without a close frame (a dropped socket).
    public func drop() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            shutdown(fd, Int32(SHUT_RDWR))
        }
    }

    /// Whether the connection is still open.
    public var isOpen: Bool { lock.withLock { !closed } }

    /// The messages the client sent so far, in order.
    public var received: [WebSocketClient.Message] { lock.withLock { messages } }
    /// How the client broke the framing rules (an unmasked frame, say), if it did.
    public var violation: String? { lock.withLock { violationText } }
    /// The code and reason of the client's close frame, once one came.
    public var clientClose: (code: UInt16?, reason: String)? { lock.withLock { closeFrame } }

    /// Reads client frames (which must be masked) until the client closes or the connection
    /// drops (runs on the connection's own thread); answers close and ping.
    func serve() {
        var decoder = WebSocketDecoder(maxMessageBytes: 16 << 20, maxFramesPerMessage: 1024, expectsMasked: true)
        reading: while isOpen {
            guard POSIXSocket.waitReadable(fd, milliseconds: 50) else { continue }
            guard let chunk = try? POSIXSocket.readSome(fd), !chunk.isEmpty else { break }
            decoder.append(chunk)
            while true {
                let event: WebSocketDecoder.Event?
                do {
                    event = try decoder.next()
                } catch {
                    lock.withLock { violationText = error.reason }
                    drop()
                    break reading
                }
                guard let event else { break }
                switch event {
                case .message(let message):
                    let received: WebSocketClient.Message = switch message {
                    case .text(let text): .text(text)
                    case .binary(let bytes): .binary(bytes)
                    }
                    lock.withLock { messages.append(received) }
                    onMessage?(received, self)
                case .close(let code, let reason):
                    lock.withLock {
                        closeFrame = (code, reason)
                        let payload = code.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } ?? []
                        if !closed && !sentClose { try? POSIXSocket.writeAll(fd, WebSocketFrame(opcode: .close, payload: payload).encoded(masked: false)) }
                        closed = true
                    }
                case .ping(let payload):
                    lock.withLock { _ = try? POSIXSocket.writeAll(fd, WebSocketFrame(opcode: .pong, payload: payload).encoded(masked: false)) }
                case .pong:
                    break
                }
            }
        }
        lock.withLock { closed = true }
    }
}
