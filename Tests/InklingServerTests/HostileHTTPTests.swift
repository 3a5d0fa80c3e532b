import InklingJobs
import Foundation
import InklingServer
import InklingHTTPExchange
import XCTest

/// The HTTP cases of the hostile corpus: raw bytes over loopback, each with its exact answer.
final class HostileHTTPTests: XCTestCase {
    /// One hostile request and what it must get.
    struct Case {
        var name: String
        var bytes: [UInt8]
        var status: Int
        /// The JSON error code, or `nil` for answers libmicrohttpd gives itself (before Inkling
        /// sees a request) and for successes.
        var code: String?

        init(_ name: String, _ text: String, _ status: Int, _ code: String?) {
            self.name = name
            bytes = Array(text.utf8)
            self.status = status
            self.code = code
        }
    }

    static let cases: [Case] = [
        Case("HTTP/1.1 without Host", "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n", 400, "missing_host"),
        Case("HTTP/1.0 without Host is fine", "GET /healthz HTTP/1.0\r\n\r\n", 200, nil),
        Case("NUL in the path", "GET /healthz%00.png HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 400, "invalid_path"),
        Case("NUL in the query", "POST /v1/guidance?width=5%0012 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}", 400, "invalid_path"),
        Case("unknown method", "BREW /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405, "method_not_allowed"),
        Case("DELETE on a GET route", "DELETE /v1/availability HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405, "method_not_allowed"),
        Case("OPTIONS", "OPTIONS /v1/generations HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405, "method_not_allowed"),
        Case("unknown path", "GET /etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "not_found"),
        Case("dot segments", "GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "not_found"),
        Case("huge Content-Length", "POST /v1/guidance HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 99999999999\r\n\r\n", 413, "body_too_large"),
        Case("GET with a body", "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 3\r\n\r\nabc", 200, nil),
        Case("empty guidance body", "POST /v1/guidance HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", 400, "invalid_request"),
        Case("invalid JSON generation", "POST /v1/generations HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5\r\n\r\n{\"a\":", 400, "invalid_json"),
        Case("chunked JSON generation, broken", "POST /v1/generations HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n[1\r\n0\r\n\r\n", 400, "invalid_json"),
        // The body's reader refuses a \u0000 escape anywhere (json-c keeps keys as C strings).
        Case("NUL in a prompt", "POST /v1/generations HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 21\r\n\r\n{\"prompt\":\"a\\u0000b\"}", 400, "invalid_json"),
        // Answered by libmicrohttpd itself (its own short HTML body).
        Case("negative Content-Length", "POST /v1/guidance HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: -5\r\n\r\n", 400, nil),
        Case("Content-Length past 64 bits", "POST /v1/guidance HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 999999999999999999999999999\r\n\r\n", 413, nil),
        Case("bad chunk size", "POST /v1/guidance HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", 400, nil),
        Case("huge header block", "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: \(String(repeating: "a", count: 60_000))\r\n\r\n", 431, nil),
        Case("unsupported version", "GET /healthz HTTP/2.5\r\nHost: x\r\nConnection: close\r\n\r\n", 505, nil),
    ]

    /// Sends raw bytes on a new loopback connection and reads until the server closes it.
    private func exchange(_ bytes: [UInt8], port: UInt16) throws -> RawResponse {
        let connection = try RawConnection(port: port, receiveTimeout: 10)
        try connection.send(bytes)
        return try connection.readResponse()
    }

    func testHostileRequestsGetTheirExactAnswers() throws {
        let server = try ServerFixture.start { $0.maxBodyBytes = 4096 }
        defer { server.stop() }
        for item in Self.cases {
            let response: RawResponse
            do {
                response = try exchange(item.bytes, port: server.port)
            } catch {
                XCTFail("\(item.name): \(error)")
                continue
            }
            XCTAssertEqual(response.status, item.status, "\(item.name): \(response.text.prefix(200))")
            if let code = item.code {
                XCTAssertEqual(response.errorCode, code, "\(item.name): \(response.text.prefix(200))")
                XCTAssertEqual(response.headers["content-type"], "application/json", item.name)
                XCTAssertFalse(response.text.contains("\n"), "\(item.name): one line")
            }
        }
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/healthz").status, 200, "still serving")
    }

    func testBodiesBeyondTheServerWideBudgetGet503() throws {
        let server = try ServerFixture.start { $0.maxBodyBytes = 8192; $0.maxBufferedBytes = 6000 }
        defer { server.stop() }
        // A slow upload holds 3,000 bytes of the 6,000-byte budget.
        let slow = try RawConnection(port: server.port)
        try slow.send("POST /v1/guidance HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5000\r\n\r\n" + String(repeating: " ", count: 3000))
        Thread.sleep(forTimeInterval: 0.3)
        let refused = try RawHTTP.request(port: server.port, "POST", "/v1/guidance", body: Array(repeating: 32, count: 5000))
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.errorCode, "server_busy")
        XCTAssertEqual(refused.headers["retry-after"], "2")
        // Once the slow one is done, its bytes are free again.
        try slow.send(String(repeating: " ", count: 2000))
        XCTAssertEqual(try slow.readResponse().errorCode, "invalid_drawing")
        let small = try RawHTTP.request(port: server.port, "POST", "/v1/guidance", body: Array(repeating: 32, count: 5000))
        XCTAssertEqual(small.status, 422, small.text)
    }

    func testHeadAnswersLikeGetWithoutABody() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        for path in ["/healthz", "/", "/app.js", "/openapi.json", "/v1/availability"] {
            let get = try exchange(Array("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), port: server.port)
            let head = try exchange(Array("HEAD \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), port: server.port)
            XCTAssertEqual(head.status, 200, path)
            XCTAssertEqual(head.body, [], path)
            XCTAssertEqual(head.headers["content-type"], get.headers["content-type"], path)
            if path != "/v1/availability" {  // its counters may change between the two
                XCTAssertEqual(head.headers["content-length"], get.headers["content-length"], path)
            }
        }
    }

    func testHeadOfAnImageDoesNotUseUpItsDownload() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let made = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a red kite", "limit": 1, "options": ["size": "256x256"]])
        XCTAssertEqual(made.status, 200, made.text)
        let url = try XCTUnwrap(((made.json["images"] as? [[String: Any]])?.first)?["url"] as? String)
        let head = try RawHTTP.request(port: server.port, "HEAD", url)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.body, [])
        XCTAssertEqual(head.headers["content-type"], "image/png")
        let get = try RawHTTP.request(port: server.port, "GET", url)
        XCTAssertEqual(get.status, 200)
        XCTAssertEqual(head.headers["content-length"], get.headers["content-length"])
        XCTAssertEqual(try RawHTTP.request(port: server.port, "HEAD", url).status, 404, "gone once downloaded")
    }

    func testWithKeysAnImageDownloadsOnlyWithTheKeyThatMadeIt() throws {
        let server = try ServerFixture.start { $0.apiKeys = ["alpha", "beta"] }
        defer { server.stop() }
        let made = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a red kite", "limit": 1, "options": ["size": "256x256"]],
                                    headers: ["X-API-Key": "alpha"])
        XCTAssertEqual(made.status, 200, made.text)
        let url = try XCTUnwrap(((made.json["images"] as? [[String: Any]])?.first)?["url"] as? String)
        let other = try RawHTTP.request(port: server.port, "GET", url, headers: ["X-API-Key": "beta"])
        XCTAssertEqual(other.status, 404)
        XCTAssertEqual(other.errorCode, "image_not_found")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url).status, 404, "nor without a key")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url, headers: ["Authorization": "Bearer alpha"]).status, 200,
                       "the key that made it downloads it")
    }

    // MARK: RawHTTPExchange

    func testRawExchangeAnswersLikeTheNetwork() throws {
        let health = try RawHTTP.parse(RawHTTPExchange.respond(to: Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8)))
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(health.text, #"{"status":"ok"}"#)
        let missing = try RawHTTP.parse(RawHTTPExchange.respond(to: Array("GET /healthz HTTP/1.1\r\n\r\n".utf8)))
        XCTAssertEqual(missing.errorCode, "missing_host")
        let body = try ServerFixture.houseBytes
        let head = "POST /v1/guidance?width=32&height=24 HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n"
        let map = try RawHTTP.parse(RawHTTPExchange.respond(to: Array(head.utf8) + body))
        XCTAssertEqual(map.status, 413, "the fuzzing server's body cap is 64 KB (the house is \(body.count) bytes)")
        let small = Array(#"{"format":"inkling.drawing","version":1,"strokes":[{"points":[{"x":1,"y":1},{"x":20,"y":9}]}]}"#.utf8)
        let smallMap = try RawHTTP.parse(RawHTTPExchange.respond(to: Array("POST /v1/guidance?width=32&height=24 HTTP/1.1\r\nHost: x\r\nContent-Length: \(small.count)\r\n\r\n".utf8) + small))
        XCTAssertEqual(smallMap.status, 200, smallMap.text)
        XCTAssertEqual(smallMap.headers["content-type"], "image/png")
        let headOnly = RawHTTPExchange.respond(to: Array("HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        XCTAssertTrue(String(decoding: headOnly, as: UTF8.self).hasSuffix("\r\n\r\n"), "HEAD: headers only")
    }

    func testRawExchangeKeepsAnsweringCallAfterCall() throws {
        let started = Date()
        for i in 0..<1000 {
            let bytes = RawHTTPExchange.respond(to: Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            XCTAssertEqual(try RawHTTP.parse(bytes).status, 200, "call \(i)")
        }
        let generation = try RawHTTP.parse(RawHTTPExchange.respond(to: Array("POST /v1/generations HTTP/1.1\r\nHost: x\r\nContent-Length: 16\r\n\r\n{\"prompt\":\"sea\"}".utf8)))
        XCTAssertTrue([200, 504].contains(generation.status), "a generation is answered, or stopped at the 0.5 s deadline: \(generation.text.prefix(200))")
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }

    func testRawExchangeReturnsQuicklyForIncompleteAndGarbageInput() {
        let inputs: [[UInt8]] = [
            [], Array("GET /healthz HTTP/1.1\r\nHost: x\r\n".utf8),
            Array("POST /v1/guidance HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{".utf8),
            Array("POST /v1/guidance HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab".utf8),
            [0, 255, 13, 10, 13, 10], Array(repeating: 65, count: 100_000),
        ]
        for input in inputs {
            let started = Date()
            _ = RawHTTPExchange.respond(to: input)
            // Its own deadline is 0.95 s: ten times that holds on a slow machine.
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(input.prefix(40))")
        }
        let garbage = RawHTTPExchange.respond(to: Array("\u{1}\u{2} nonsense\r\n\r\n".utf8))
        XCTAssertTrue(String(decoding: garbage, as: UTF8.self).hasPrefix("HTTP/1.1 400"), String(decoding: garbage.prefix(80), as: UTF8.self))
    }
}
