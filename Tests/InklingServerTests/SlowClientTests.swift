import InklingJobs
import Foundation
import InklingServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Slowloris and idle connections from many loopback addresses while others are served.
final class SlowClientTests: XCTestCase {
    /// 600 slowloris connections from 127.0.0.1–12 (a header line every 2 s) and 1,000 idle ones
    /// leave `/healthz` answered within 100 ms, and the head deadline then closes them with 408.
    func testSlowlorisAndIdleConnectionsLeaveHealthzServed() throws {
        let server = try ServerFixture.start { $0.connectionTimeout = 30; $0.headTimeout = 4 }
        defer { server.stop() }
        var slow: [Int32] = []
        var idle: [Int32] = []
        defer { for fd in slow + idle { close(fd) } }
        for i in 0..<600 {
            let fd = try Self.connect(port: server.port, from: "127.0.0.\(1 + i % 12)")
            Self.send(fd, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow-0: 0\r\n")
            slow.append(fd)
        }
        for i in 0..<1000 { idle.append(try Self.connect(port: server.port, from: "127.0.0.\(1 + i % 12)")) }

        var latencies: [Double] = []
        var failures: [String] = []
        let started = Date()
        var line = 1
        var lastLine = Date()
        while Date().timeIntervalSince(started) < 3 {
            if Date().timeIntervalSince(lastLine) >= 2 {
                for fd in slow { Self.send(fd, "X-Slow-\(line): \(line)\r\n") }
                line += 1
                lastLine = Date()
            }
            let asked = Date()
            do {
                let response = try RawHTTP.request(port: server.port, "GET", "/healthz")
                if response.status != 200 { failures.append("status \(response.status)") }
            } catch {
                failures.append(String(describing: error))
            }
            latencies.append(Date().timeIntervalSince(asked))
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertEqual(failures, [], "every /healthz is answered")
        latencies.sort()
        let p95 = latencies[min(latencies.count - 1, latencies.count * 95 / 100)]
        print("slowloris: /healthz over \(latencies.count) requests: p50 \(Int(latencies[latencies.count / 2] * 1000)) ms, p95 \(Int(p95 * 1000)) ms, max \(Int((latencies.last ?? 0) * 1000)) ms")
        XCTAssertLessThanOrEqual(p95, 0.1, "healthz p95 \(Int(p95 * 1000)) ms over \(latencies.count) requests")

        // Past the 4 s head deadline the slow ones have been answered 408 and closed, even though
        // they kept sending (an idle timeout alone would never close them).
        for fd in slow { Self.send(fd, "X-Late: 1\r\n") }
        var timeout = timeval(tv_sec: 6, tv_usec: 0)
        let sample = slow.prefix(24)
        for fd in sample { setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size)) }
        var answered = 0
        for fd in sample {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var got: [UInt8] = []
            while true {
                let n = buffer.withUnsafeMutableBufferPointer { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                got += buffer[0..<n]
            }
            if String(decoding: got, as: UTF8.self).hasPrefix("HTTP/1.1 408"), String(decoding: got, as: UTF8.self).contains("\"request_timeout\"") {
                answered += 1
            }
        }
        XCTAssertEqual(answered, sample.count, "slow heads are answered 408 request_timeout at the deadline")
    }

    /// A TCP connection to 127.0.0.1:`port` from the loopback address `source`.
    static func connect(port: UInt16, from source: String) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawHTTPError(description: "socket failed: \(errno)") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = port.bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, size) } }
        guard bound == 0, connected == 0 else {
            close(fd)
            throw RawHTTPError(description: "connect from \(source) failed: \(errno)")
        }
        return fd
    }

    /// Sends `text` without waiting (errors are ignored: the server may have closed it).
    static func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }
}
