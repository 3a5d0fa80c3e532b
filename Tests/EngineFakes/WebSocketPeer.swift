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

    /// Reads client frames until the client closes or the connection drops (runs on the
    /// connection's own thread).
    func serve() {
        var buffer: [UInt8] = []
        while isOpen {
            guard POSIXSocket.waitReadable(fd, milliseconds: 50) else { continue }
            guard let chunk = try? POSIXSocket.readSome(fd), !chunk.isEmpty else { break }
            buffer += chunk
            while let frame = try? WebSocketFrame.parse(&buffer) {
                if frame.opcode == .close {
                    lock.withLock {
                        if !closed { try? POSIXSocket.writeAll(fd, WebSocketFrame(opcode: .close, payload: frame.payload).encoded(masked: false)) }
                        closed = true
                    }
                }
                if frame.opcode == .ping {
                    lock.withLock { _ = try? POSIXSocket.writeAll(fd, WebSocketFrame(opcode: .pong, payload: frame.payload).encoded(masked: false)) }
                }
            }
        }
        lock.withLock { closed = true }
    }
}
