import Foundation
import InklingServer
import XCTest

/// Requests whose framing two HTTP readers could take differently (a proxy and this server) are
/// refused 400 `invalid_framing` and their connection is closed, so a request smuggled after one
/// is never answered. Each case sends the ambiguous request and a plain `GET /healthz` behind it
/// on one connection.
final class StrictFramingTests: XCTestCase {
    static let smuggled = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"

    static let cases: [(name: String, head: String, body: String)] = [
        ("Content-Length and Transfer-Encoding", "POST /v1/guidance HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", "0\r\n\r\n"),
        ("differing Content-Lengths", "POST /v1/guidance HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n", "{}"),
        ("an unknown Transfer-Encoding", "POST /v1/guidance HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", "{}"),
        ("a repeated Transfer-Encoding", "POST /v1/guidance HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", "0\r\n\r\n"),
        ("a repeated Host", "GET /healthz HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", ""),
    ]

    func testAmbiguousFramingIsRefusedAndTheConnectionClosed() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        for item in Self.cases {
            let connection = try RawConnection(port: server.port, receiveTimeout: 10)
            try connection.send(item.head + item.body + Self.smuggled)
            let (bytes, closed) = connection.readAll()
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(closed, "\(item.name): the connection stays open: \(text.prefix(300))")
            XCTAssertEqual(text.components(separatedBy: "HTTP/1.1 ").count - 1, 1, "\(item.name): answered more than once: \(text.prefix(600))")
            guard let response = try? RawHTTP.parse(bytes) else { XCTFail("\(item.name): no answer: \(text.prefix(300))"); continue }
            XCTAssertEqual(response.status, 400, "\(item.name): \(text.prefix(300))")
            XCTAssertEqual(response.errorCode, "invalid_framing", "\(item.name): \(text.prefix(300))")
        }
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/healthz").status, 200, "still serving")
    }

    /// What stays allowed: one Content-Length, chunked alone, Host once.
    func testPlainFramingStillWorks() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        for request in ["GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                        "POST /v1/guidance?width=32&height=24 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
                        "POST /v1/guidance?width=32&height=24 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}"] {
            let connection = try RawConnection(port: server.port, receiveTimeout: 10)
            try connection.send(request)
            let response = try connection.readResponse()
            XCTAssertNotEqual(response.errorCode, "invalid_framing", request)
            XCTAssertNotEqual(response.status, 500, request)
        }
    }
}
