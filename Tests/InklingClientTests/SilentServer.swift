import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port that takes connections (the kernel's backlog) and never answers: a server
/// that has gone quiet, for the caller's timeouts. Given an `answer`, it instead accepts one
/// connection, reads the request's head and writes those bytes back, then closes: an HTTP
/// answer the tests script byte for byte.
final class SilentServer {
    let url: URL
    private let socketFD: Int32

    init(answer: Data? = nil) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 8) == 0 else { close(fd); throw NSError(domain: "SilentServer", code: Int(errno)) }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        socketFD = fd
        url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        guard let answer else { return }
        Thread.detachNewThread {
            let connection = accept(fd, nil, nil)
            guard connection >= 0 else { return }
            var head = [UInt8](), buffer = [UInt8](repeating: 0, count: 4096)
            while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
                let n = recv(connection, &buffer, 1, 0)
                if n <= 0 { break }
                head.append(buffer[0])
            }
            answer.withUnsafeBytes { raw in
                var sent = 0
                while sent < raw.count {
                    let n = send(connection, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                    if n <= 0 { break }
                    sent += n
                }
            }
            close(connection)
        }
    }

    deinit { close(socketFD) }
}
