import Foundation
import InklingEngines
@_spi(EngineFakes) import InklingTransport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (an ephemeral port, never another address) for tests:
/// one thread accepts, one thread serves each connection, one request per connection
/// (`Connection: close`), `Expect: 100-continue` honoured, WebSocket upgrades handed to the
/// handler. Every request is recorded.
public final class LoopbackServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (ServerRequest) -> ServerReply
    private let lock = NSLock()
    private var stopped = false
    private var log: [ServerRequest] = []

    /// The largest request body accepted (64 MiB).
    static let maximumBody = 64 << 20

    /// Starts listening; `handler` is called on a connection thread for each request.
    public init(handler: @escaping @Sendable (ServerRequest) -> ServerReply) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError("bind/listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request received so far, in order.
    public var requests: [ServerRequest] { lock.withLock { log } }

    /// Stops accepting connections (connections in progress finish on their own).
    ///
    /// The accept thread closes the listener itself once it has seen the stop: closed here, its
    /// number could be reused by the next test's listener before that thread's pending
    /// `accept`, which would then take (and hang up on) a connection meant for another server.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            guard POSIXSocket.waitReadable(listener, milliseconds: 50) else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        guard let request = read(fd) else { return }
        lock.withLock { log.append(request) }
        var reply = handler(request)
        while case .delayed(let seconds, let next) = reply {
            Thread.sleep(forTimeInterval: seconds)
            reply = next
        }
        switch reply {
        case .respond(let status, let contentType, let body):
            let head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            try? POSIXSocket.writeAll(fd, Array(head.utf8) + body)
        case .raw(let bytes):
            try? POSIXSocket.writeAll(fd, bytes)
        case .hangUp, .delayed:
            return
        case .webSocket(let session):
            guard request.headers["upgrade"]?.lowercased() == "websocket", let key = request.headers["sec-websocket-key"],
                  request.headers["sec-websocket-version"] == "13" else {
                try? POSIXSocket.writeAll(fd, Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
                return
            }
            let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(WebSocketFrame.acceptValue(forKey: key))\r\n\r\n"
            guard (try? POSIXSocket.writeAll(fd, Array(head.utf8))) != nil else { return }
            let peer = WebSocketPeer(fd: fd)
            session(peer)
            peer.serve()
        }
    }

    /// Reads one request: the head (≤ 64 KiB), then a `Content-Length` body.
    private func read(_ fd: Int32) -> ServerRequest? {
        var buffer: [UInt8] = []
        var headEnd: Range<Int>?
        let deadline = Date().addingTimeInterval(10)
        while headEnd == nil {
            guard Date() < deadline, buffer.count < 65536 else { return nil }
            guard POSIXSocket.waitReadable(fd, milliseconds: 50) else { continue }
            guard let chunk = try? POSIXSocket.readSome(fd), !chunk.isEmpty else { return nil }
            buffer += chunk
            headEnd = buffer.firstRange(of: [13, 10, 13, 10])
        }
        let lines = String(decoding: buffer[..<headEnd!.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(buffer[headEnd!.upperBound...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        guard length <= Self.maximumBody else { return nil }
        if headers["expect"]?.lowercased() == "100-continue" {
            try? POSIXSocket.writeAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while body.count < length {
            guard Date() < deadline else { return nil }
            guard POSIXSocket.waitReadable(fd, milliseconds: 50) else { continue }
            guard let chunk = try? POSIXSocket.readSome(fd), !chunk.isEmpty else { return nil }
            body += chunk
        }
        let target = String(parts[1])
        let components = URLComponents(string: "http://127.0.0.1" + target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return ServerRequest(method: String(parts[0]), path: components?.path ?? target, query: query, headers: headers, body: body)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 422: "Unprocessable Entity"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// A fake server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
