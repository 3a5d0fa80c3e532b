import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemConnect = Glibc.connect
#else
private let systemConnect = Darwin.connect
#endif

/// Small helpers over a connected POSIX stream socket: waiting, reading and writing with
/// deadlines, never raising `SIGPIPE`. Shared by the WebSocket client and the test servers.
///
/// Not API: the client uses it within this module; `@_spi(EngineFakes)` lends it to the engine
/// fakes' loopback server.
@_spi(EngineFakes) public enum POSIXSocket {
    #if os(Linux)
    static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    static let noSignal: Int32 = 0
    #endif

    /// Waits up to `milliseconds` for `fd` to become readable; `true` when it is (or it hung up).
    public static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let n = poll(&entry, 1, milliseconds)
        return n > 0
    }

    /// Reads what is available (at most 64 KiB); `[]` means the peer closed.
    public static func readSome(_ fd: Int32) throws(WebSocketError) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n >= 0 { return Array(chunk.prefix(n)) }
            if errno == EINTR { continue }
            throw .closed(String(cString: strerror(errno)))
        }
    }

    /// Writes all of `bytes`.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(WebSocketError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, noSignal) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .closed(String(cString: strerror(errno)))
            }
            offset += n
        }
    }

    /// Connects a TCP socket to `host:port` within `timeout` seconds.
    public static func connect(host: String, port: Int, timeout: Double) throws(WebSocketError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .connectFailed("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            var limit = timeval(tv_sec: Int(timeout), tv_usec: .init((timeout - Double(Int(timeout))) * 1e6))
            _ = withUnsafePointer(to: &limit) { setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, $0, socklen_t(MemoryLayout<timeval>.size)) }
            if systemConnect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
            lastError = String(cString: strerror(errno))
            close(fd)
        }
        throw .connectFailed("\(host):\(port): \(lastError)")
    }
}
