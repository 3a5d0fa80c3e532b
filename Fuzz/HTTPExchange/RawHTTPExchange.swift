import Foundation
import InklingBuiltInEngine
import InklingEngines
@_spi(Fuzzing) import InklingServer
#if canImport(Glibc)
import Glibc
#endif

/// Request handling without a network listener, for fuzzing the HTTP layer.
///
/// One server with no listening socket (libmicrohttpd's `MHD_USE_NO_LISTEN_SOCKET`) is made on
/// first use, with the built-in engine and small limits, and kept for the process. Each call
/// hands it one end of a fresh socket pair (as a connection from 127.0.0.1), writes the request
/// bytes into the other end and reads the answer, so the bytes go through libmicrohttpd's own
/// parser, the C shim and the router exactly as on the network.
public enum RawHTTPExchange {
    /// Answers one raw HTTP/1.1 request (head and body bytes) as the server would, without a network listener; returns the raw response bytes.
    ///
    /// Returns within about a second for any input: an incomplete request is ended (the client
    /// side shuts down) once the server has been quiet for a moment, and a slow answer is cut at
    /// the deadline. Only the first response is returned (pipelined requests after it are dropped);
    /// the result is empty when the server closed the connection without answering.
    public static func respond(to request: [UInt8]) -> [UInt8] {
        guard let server = shared.server else { return [] }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, socketType, 0, &pair) == 0 else { return [] }
        let client = pair[0]
        defer { close(client) }
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
        guard server.connect(pair[1]) else { return [] }

        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(950)
        // How long the server may stay silent once everything is written before the client side
        // is shut: short when the request is visibly incomplete, longer when the server may be
        // working on a whole request (a generation answers within its 0.5 s timeout).
        let quiet: Duration = expectsMore(request) ? .milliseconds(40) : .milliseconds(800)
        let isHead = request.starts(with: Array("HEAD ".utf8))
        var written = 0
        var response: [UInt8] = []
        var lastActivity = start
        var shut = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        while clock.now < deadline {
            var poller = pollfd(fd: client, events: Int16(POLLIN) | (written < request.count ? Int16(POLLOUT) : 0), revents: 0)
            _ = poll(&poller, 1, 10)
            if poller.revents & Int16(POLLIN) != 0 || poller.revents & Int16(POLLHUP) != 0 {
                let n = buffer.withUnsafeMutableBufferPointer { recv(client, $0.baseAddress, $0.count, 0) }
                if n == 0 { break }
                if n > 0 {
                    response += buffer[0..<n]
                    lastActivity = clock.now
                    if let end = completeLength(response, isHead: isHead) { return Array(response.prefix(end)) }
                }
            }
            if written < request.count, poller.revents & Int16(POLLOUT) != 0 {
                let n = request[written...].withUnsafeBufferPointer { send(client, $0.baseAddress, $0.count, noSignal) }
                if n > 0 { written += n; lastActivity = clock.now } else if n < 0, errno != EAGAIN { break }
            }
            if !shut, written == request.count || poller.revents & Int16(POLLERR) != 0, clock.now - lastActivity > quiet {
                shutdown(client, Int32(SHUT_WR))
                shut = true
            }
        }
        return response
    }

    #if os(Linux)
    private static let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let socketType = SOCK_STREAM
    private static let noSignal: Int32 = 0
    #endif

    /// The server, made once (`nil` if it could not start).
    private final class Shared: Sendable {
        let server: InklingServer?
        init() {
            var c = ServerConfiguration()
            c.host = "127.0.0.1"
            c.port = 0
            c.threads = 2
            c.connectionTimeout = 2
            c.headTimeout = 1
            c.requestDeadline = 1
            c.connectionLimit = 256
            c.connectionsPerAddress = 0
            c.maxBodyBytes = 64 << 10
            c.tokensPerSecond = 0
            c.maxConcurrentGenerations = 1
            c.maxQueuedGenerations = 1
            c.generationTimeout = 0.5
            c.imageTTL = 5
            c.maxStoredBytes = 4 << 20
            c.maxGuidanceSide = 128
            server = try? InklingServer(configuration: c, engine: BuiltInEngine(), listening: false)
        }
    }

    private static let shared = Shared()

    /// Whether the request bytes are visibly incomplete: no end of head, a declared length longer
    /// than the body that follows, or a chunked body without its last chunk.
    static func expectsMore(_ request: [UInt8]) -> Bool {
        guard let headEnd = find([13, 10, 13, 10], in: request) else { return true }
        let head = String(decoding: request[..<headEnd], as: UTF8.self).lowercased()
        let bodyLength = request.count - headEnd - 4
        for line in head.split(separator: "\r\n") {
            if line.hasPrefix("content-length:"), let declared = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) {
                return declared > bodyLength
            }
            if line.hasPrefix("transfer-encoding:"), line.contains("chunked") {
                return find(Array("0\r\n\r\n".utf8), in: Array(request[(headEnd + 4)...])) == nil
            }
        }
        return false
    }

    /// The length of the first complete response in `bytes` (after any `100 Continue`), or `nil`
    /// while more is to come (a response without a length ends when the server closes).
    static func completeLength(_ bytes: [UInt8], isHead: Bool) -> Int? {
        var start = 0
        while true {
            guard let end = find([13, 10, 13, 10], in: Array(bytes[start...])).map({ $0 + start }) else { return nil }
            let head = String(decoding: bytes[start..<end], as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            let status = lines.first.flatMap { line -> Int? in
                let parts = line.split(separator: " ")
                return parts.count >= 2 ? Int(parts[1]) : nil
            } ?? 0
            if (100..<200).contains(status) { start = end + 4; continue }
            let bodyStart = end + 4
            if isHead || status == 204 || status == 304 { return bodyStart }
            for line in lines.dropFirst() {
                let lower = line.lowercased()
                if lower.hasPrefix("content-length:"), let length = Int(lower.dropFirst(15).trimmingCharacters(in: .whitespaces)) {
                    return bytes.count >= bodyStart + length ? bodyStart + length : nil
                }
                if lower.hasPrefix("transfer-encoding:"), lower.contains("chunked") {
                    let body = Array(bytes[bodyStart...])
                    if body.starts(with: Array("0\r\n\r\n".utf8)) { return bodyStart + 5 }
                    return find(Array("\r\n0\r\n\r\n".utf8), in: body).map { bodyStart + $0 + 7 }
                }
            }
            return nil
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], Array(haystack[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }
}
