import InklingJobs
import Foundation
import InklingServer
import XCTest

/// Body caps, stalled uploads, usage limits, API keys and path traversal, over real HTTP.
final class LimitsAPITests: XCTestCase {
    func testOversizedBodyIsRefusedBeforeItIsRead() throws {
        let server = try ServerFixture.start { $0.maxBodyBytes = 4096 }
        defer { server.stop() }
        // Declared too large: refused from the headers alone, without sending the body.
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /v1/guidance HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 100000000\r\n\r\n")
        let declared = try connection.readResponse()
        XCTAssertEqual(declared.status, 413)
        XCTAssertEqual(declared.errorCode, "body_too_large")
        // Chunked, with no length: refused once the cap is crossed.
        let chunked = try RawConnection(port: server.port)
        let chunk = String(repeating: "a", count: 3000)
        let piece = String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n"
        try chunked.send("POST /v1/generations HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n" + piece + piece + piece + "0\r\n\r\n")
        let streamed = try chunked.readResponse()
        XCTAssertEqual(streamed.status, 413)
        XCTAssertEqual(streamed.errorCode, "body_too_large")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/healthz").status, 200)
    }

    func testStalledPartialBodyIsClosedAfterTheTimeoutWhileOthersAreServed() throws {
        let server = try ServerFixture.start { $0.connectionTimeout = 1 }
        defer { server.stop() }
        let stalled = try RawConnection(port: server.port, receiveTimeout: 60)
        try stalled.send("POST /v1/guidance HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n{\"strokes\": [")
        let started = Date()
        // Meanwhile the server answers someone else.
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/healthz").status, 200)
        let (bytes, closed) = stalled.readAll()
        let waited = Date().timeIntervalSince(started)
        XCTAssertTrue(closed, "the server closes the stalled connection")
        XCTAssertLessThan(waited, 20, "within the 1 s idle timeout (plus slack), not the client's 60 s or the 60 s request deadline")
        XCTAssertTrue(bytes.isEmpty || String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1"), "nothing half-formed is sent")
        // Headers that never finish are dropped the same way.
        let slowHeaders = try RawConnection(port: server.port, receiveTimeout: 10)
        try slowHeaders.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
        XCTAssertTrue(slowHeaders.readAll().closed)
    }

    func testUsageLimitAnswers429WithRetryAfter() throws {
        let server = try ServerFixture.start { $0.tokensPerSecond = 0.5; $0.burst = 5 }
        defer { server.stop() }
        let body = try ServerFixture.houseBytes
        var statuses: [Int] = []
        var limited: RawResponse?
        for _ in 0..<8 {
            let response = try RawHTTP.request(port: server.port, "POST", "/v1/guidance?width=32&height=32", body: body)
            statuses.append(response.status)
            if response.status == 429 { limited = response }
        }
        XCTAssertEqual(Array(statuses.prefix(5)), [200, 200, 200, 200, 200], "the burst goes through")
        XCTAssertEqual(Array(statuses.suffix(3)), [429, 429, 429], "then the bucket is empty")
        let response = try XCTUnwrap(limited)
        XCTAssertEqual(response.errorCode, "rate_limited")
        let retry = try XCTUnwrap(Int(response.headers["retry-after"] ?? ""))
        XCTAssertTrue((1...2).contains(retry), "one token comes back every 2 s, got Retry-After \(retry)")
        XCTAssertTrue(response.errorMessage?.contains("retry in") == true)
        // Free endpoints are not charged.
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/v1/availability").status, 200)
        // A generation of 4 images costs 4 tokens: refused now too.
        let generation = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a red kite", "limit": 4])
        XCTAssertEqual(generation.status, 429)
    }

    /// A generation of several images refused for its images' tokens says to wait long enough
    /// for the whole request, the body's token included, which the retry pays again: at 0.1
    /// tokens a second, with 2 tokens left, a 4-image request (1 + 3) must wait about 30 s, not
    /// the 20 s its images alone would need.
    func testAMultiImageGenerationIsToldToWaitForItsWholeCost() throws {
        let server = try ServerFixture.start { $0.tokensPerSecond = 0.1; $0.burst = 4 }
        defer { server.stop() }
        let first = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a red kite", "limit": 2])
        XCTAssertEqual(first.status, 200, first.text)
        let refused = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a red kite", "limit": 4])
        XCTAssertEqual(refused.status, 429, refused.text)
        let retry = try XCTUnwrap(Int(refused.headers["retry-after"] ?? ""))
        // Held well apart from the 20 s of the images alone, whatever the machine's speed.
        XCTAssertTrue((25...31).contains(retry), "Retry-After \(retry)")
    }

    func testAPIKeysHaveTheirOwnBucketAndUnknownKeysAreRefused() throws {
        let server = try ServerFixture.start { $0.tokensPerSecond = 0.01; $0.burst = 4; $0.apiKeys = ["alpha", "beta"] }
        defer { server.stop() }
        let body = try ServerFixture.houseBytes
        func post(_ headers: [String: String]) throws -> Int {
            try RawHTTP.request(port: server.port, "POST", "/v1/guidance?width=16&height=16", body: body, headers: headers).status
        }
        for _ in 0..<4 { XCTAssertEqual(try post(["X-API-Key": "alpha"]), 200) }
        XCTAssertEqual(try post(["X-API-Key": "alpha"]), 429, "alpha's bucket is empty")
        XCTAssertEqual(try post(["Authorization": "Bearer beta"]), 200, "beta has its own bucket")
        XCTAssertEqual(try post([:]), 200, "no key: counted by address, a separate bucket")
        let unknown = try RawHTTP.request(port: server.port, "POST", "/v1/guidance", body: body, headers: ["X-API-Key": "made-up"])
        XCTAssertEqual(unknown.status, 401)
        XCTAssertEqual(unknown.errorCode, "unknown_api_key")
    }

    func testConnectionsPerAddressAreBounded() throws {
        // A 60 s idle timeout and receive timeout: a fourth connection left waiting would take
        // that long, far beyond the bound below.
        let server = try ServerFixture.start { $0.connectionsPerAddress = 3; $0.connectionTimeout = 60 }
        defer { server.stop() }
        // Three idle connections from 127.0.0.1 use up its allowance ...
        let held = try (0..<3).map { _ in try RawConnection(port: server.port, receiveTimeout: 3) }
        for connection in held { try connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n") }
        Thread.sleep(forTimeInterval: 0.2)
        // ... so a fourth is refused (closed without an answer) ...
        let extra = try RawConnection(port: server.port, receiveTimeout: 60)
        let started = Date()
        try? extra.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let refused = extra.readAll()
        XCTAssertTrue(refused.bytes.isEmpty, String(decoding: refused.bytes, as: UTF8.self))
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "closed or reset at once, not left waiting")
        // ... until one of them finishes.
        try held[0].send("Connection: close\r\n\r\n")
        XCTAssertEqual(try held[0].readResponse().status, 200)
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/healthz").status, 200)
    }

    func testNoPathTraversal() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        for path in ["/v1/images/../../../../etc/passwd", "/v1/images/..%2f..%2fPackage.swift", "/../Package.swift",
                     "/v1/images/%00", "/Web/index.html", "/app.js/../../Package.swift", "/v1/images/" + String(repeating: "a", count: 5000)] {
            let response = try RawHTTP.request(port: server.port, "GET", path)
            XCTAssertTrue([400, 404].contains(response.status), "\(path): \(response.status)")
            XCTAssertFalse(response.text.contains("root:"), path)
            XCTAssertFalse(response.text.contains("PackageDescription"), path)
            if response.status == 404 { XCTAssertNotNil(response.errorCode, path) }
        }
    }

    func testProtocolGarbageDoesNotHurtTheServer() throws {
        let server = try ServerFixture.start { $0.connectionTimeout = 1 }
        defer { server.stop() }
        // These never become requests: libmicrohttpd answers them itself (with its own short
        // HTML, see docs/server.md) or hangs up; the server must simply keep serving.
        let garbage = ["GARBAGE\r\n\r\n", "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
                       "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n",
                       "POST /v1/guidance HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
                       String(repeating: "\u{0}", count: 5000)]
        for text in garbage {
            let connection = try RawConnection(port: server.port, receiveTimeout: 5)
            try? connection.send(text)
            let (bytes, _) = connection.readAll()
            if let response = try? RawHTTP.parse(bytes) {
                XCTAssertTrue((400..<600).contains(response.status), "\(text.prefix(20)): \(response.status)")
            }
        }
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/healthz").status, 200)
    }

    func testPageAndAssetsAreServed() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let page = try RawHTTP.request(port: server.port, "GET", "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.headers["content-type"]?.hasPrefix("text/html") == true)
        XCTAssertTrue(page.text.contains("<canvas"), "the page has a drawing canvas")
        XCTAssertNotNil(page.headers["content-security-policy"])
        for asset in ["/app.js", "/style.css"] {
            let response = try RawHTTP.request(port: server.port, "GET", asset)
            XCTAssertEqual(response.status, 200, asset)
            XCTAssertGreaterThan(response.body.count, 500, asset)
        }
    }
}
