import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP/1.1 request over a plain TCP connection (`http://` endpoints), read to the end with
/// a deadline and cancellation checked every 50 ms.
///
/// It exists because Foundation on Linux ends the whole process ("Transfer completed, but
/// there's no response") when a server closes the connection in the middle of its headers: an
/// engine that crashes mid-answer must not take `inkling serve` down with it. `https://` still
/// goes through `URLSession`. One connection per request (`Connection: close`); the answer is
/// framed by `Content-Length`, `Transfer-Encoding: chunked` or the end of the connection.
enum PlainHTTPExchange {
    /// How the exchange ended.
    enum Outcome: Sendable {
        case response(HTTPResponse)
        case cancelled
        case timedOut
        /// Nothing listens at the address.
        case refused
        /// The host could not be reached; the payload says why.
        case unreachable(String)
        /// The server closed the connection without sending a byte.
        case noAnswer
        /// The server closed the connection in the middle of its answer.
        case dropped
        /// The answer is not HTTP; the payload says why.
        case malformed(String)
    }

    /// The largest answer read (256 MiB).
    static let maximumAnswer = 256 << 20

    /// Sends `method target` to `url`'s host and reads the answer, within `seconds`.
    static func perform(_ method: String, url: URL, headers: [(String, String)], body: [UInt8]?, seconds: Double,
                        cancelled: CancelFlag) -> Outcome {
        let deadline = Date().addingTimeInterval(seconds)
        guard let host = url.host else { return .unreachable("no host in \(url.absoluteString)") }
        let port = url.port ?? 80
        let fd: Int32
        do {
            fd = try POSIXSocket.connect(host: host, port: port, timeout: max(0.001, min(seconds, 30)))
        } catch {
            if Date() >= deadline { return .timedOut }
            guard case .connectFailed(let why) = error else { return .unreachable(String(describing: error)) }
            return why.hasSuffix(String(cString: strerror(ECONNREFUSED))) ? .refused : .unreachable(why)
        }
        defer { close(fd) }
        if cancelled.isSet { return .cancelled }
        var target = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = url.query { target += "?" + query }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(url.port == nil ? host : "\(host):\(port)")\r\n"
        head += "User-Agent: Inkling\r\nAccept: */*\r\nConnection: close\r\n"
        for (name, value) in headers where name.lowercased() != "connection" { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" } else if method == "POST" || method == "PUT" { head += "Content-Length: 0\r\n" }
        head += "\r\n"
        let sent = (try? POSIXSocket.writeAll(fd, Array(head.utf8) + (body ?? []))) != nil
        var received: [UInt8] = []
        var headEnd: Int?
        var response: HTTPResponse?
        while true {
            if cancelled.isSet { return .cancelled }
            if Date() >= deadline { return .timedOut }
            guard POSIXSocket.waitReadable(fd, milliseconds: 50) else { continue }
            guard let chunk = try? POSIXSocket.readSome(fd), !chunk.isEmpty else {
                // The end of the connection: the answer is complete only if its framing says so.
                if received.isEmpty { return sent ? .noAnswer : .dropped }
                guard let response, let headEnd else { return .dropped }
                return finished(response, Array(received[headEnd...]), atEnd: true) ?? .dropped
            }
            received += chunk
            guard received.count <= maximumAnswer else { return .malformed("an answer over \(maximumAnswer >> 20) MiB") }
            while headEnd == nil, let end = received.firstRange(of: [13, 10, 13, 10])?.upperBound {
                guard let parsed = parseHead(received[..<end]) else {
                    let first = String(decoding: received.prefix(40), as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
                    return .malformed("not HTTP: \"\(first)\"")
                }
                if (100..<200).contains(parsed.status) {
                    received.removeSubrange(..<end)  // 100 Continue: the real answer follows.
                } else {
                    (headEnd, response) = (end, parsed)
                }
            }
            if headEnd == nil, received.count > 64 * 1024 { return .malformed("a header block over 64 KiB") }
            if let response, let headEnd, let done = finished(response, Array(received[headEnd...]), atEnd: false) { return done }
        }
    }

    /// The outcome once `body` completes the answer its head announced; `nil` while more is due.
    private static func finished(_ head: HTTPResponse, _ body: [UInt8], atEnd: Bool) -> Outcome? {
        var response = head
        if head.status == 204 || head.status == 304 { return .response(response) }
        if head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            guard atEnd || body.suffix(5) == [48, 13, 10, 13, 10] else { return nil }
            guard let decoded = dechunked(body) else { return atEnd ? .dropped : nil }
            response.body = decoded
            return .response(response)
        }
        if let text = head.headers["content-length"] {
            guard let length = Int(text.trimmingCharacters(in: .whitespaces)), length >= 0 else { return .malformed("Content-Length '\(text)'") }
            guard body.count >= length else { return atEnd ? .dropped : nil }
            response.body = Array(body.prefix(length))
            return .response(response)
        }
        guard atEnd else { return nil }
        response.body = body
        return .response(response)
    }

    /// The status line and header fields (names lower-cased); `nil` when they are not HTTP.
    private static func parseHead(_ bytes: ArraySlice<UInt8>) -> HTTPResponse? {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...999).contains(status) else {
            return nil
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPResponse(status: status, headers: headers)
    }

    /// A chunked body decoded, or `nil` when it is cut short or malformed.
    static func dechunked(_ body: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = body[index...].firstRange(of: [13, 10]) else { return nil }
            let line = String(decoding: body[index..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(line.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "", radix: 16),
                  size >= 0 else { return nil }
            index = lineEnd.upperBound
            if size == 0 { return result }
            guard body.count - index >= size + 2 else { return nil }
            result += body[index..<(index + size)]
            index += size + 2
        }
    }
}
