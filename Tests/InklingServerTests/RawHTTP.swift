import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response read off a raw socket.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
    /// `error.code` of a JSON error body.
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    var errorMessage: String? { (json["error"] as? [String: Any])?["message"] as? String }
}

struct RawHTTPError: Error, CustomStringConvertible {
    var description: String
}

/// A minimal HTTP/1.1 client over a POSIX socket to 127.0.0.1, so tests can send exactly the bytes
/// they mean (malformed, partial, stalled), with no client library normalizing them.
final class RawConnection {
    let fd: Int32

    init(port: UInt16, receiveTimeout: Double = 20) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawHTTPError(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw RawHTTPError(description: "connect failed: \(errno)") }
        var timeout = timeval()
        timeout.tv_sec = .init(receiveTimeout)
        timeout.tv_usec = .init((receiveTimeout - receiveTimeout.rounded(.down)) * 1e6)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBufferPointer { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw RawHTTPError(description: "send failed: \(errno)") }
            offset += n
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads until the server closes the connection (or the receive timeout passes).
    func readAll() -> (bytes: [UInt8], closed: Bool) {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBufferPointer { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { result.append(contentsOf: buffer[0..<n]); continue }
            return (result, n == 0)
        }
    }

    /// Reads a whole response (the request must have said `Connection: close`).
    func readResponse() throws -> RawResponse { try RawHTTP.parse(readAll().bytes) }
}

enum RawHTTP {
    /// Sends one request and reads its response.
    static func request(port: UInt16, _ method: String, _ path: String, body: [UInt8] = [],
                        headers: [String: String] = [:]) throws -> RawResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let connection = try RawConnection(port: port)
        try connection.send(Array(head.utf8) + body)
        return try connection.readResponse()
    }

    static func post(port: UInt16, _ path: String, json: Any, headers: [String: String] = [:]) throws -> RawResponse {
        try request(port: port, "POST", path, body: [UInt8](try JSONSerialization.data(withJSONObject: json)), headers: headers)
    }

    /// Splits status, headers and (de-chunked) body.
    static func parse(_ bytes: [UInt8]) throws -> RawResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw RawHTTPError(description: "no complete response head in \(bytes.count) bytes")
        }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw RawHTTPError(description: "bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return RawResponse(status: status, headers: headers, body: body)
    }

    static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var i = 0
        while i < bytes.count {
            var j = i
            while j + 1 < bytes.count && !(bytes[j] == 13 && bytes[j + 1] == 10) { j += 1 }
            let sizeText = String(decoding: bytes[i..<j], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = j + 2
            guard start + size <= bytes.count else { break }
            result += bytes[start..<start + size]
            i = start + size + 2
        }
        return result
    }
}
