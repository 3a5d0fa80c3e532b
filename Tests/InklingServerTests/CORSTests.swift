import InklingJobs
import Foundation
import InklingServer
import XCTest

/// `--cors-origin`: preflights and CORS headers for allowed origins only; nothing at all without it.
final class CORSTests: XCTestCase {
    private static let app = "https://app.example.com"

    private func preflight(_ port: UInt16, _ path: String, origin: String, method: String = "POST") throws -> RawResponse {
        try RawHTTP.request(port: port, "OPTIONS", path, headers: [
            "Origin": origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": "content-type, x-api-key",
        ])
    }

    private func corsHeaders(_ response: RawResponse) -> [String: String] {
        response.headers.filter { $0.key.hasPrefix("access-control-") }
    }

    func testAPreflightFromAnAllowedOriginIsAnswered() throws {
        let server = try ServerFixture.start { $0.corsOrigins = [Self.app, "http://localhost:3000"] }
        defer { server.stop() }
        for (path, methods) in [("/v1/generations", "POST"), ("/v1/guidance", "POST"), ("/v1/jobs/\(String(repeating: "ab", count: 16))", "GET, HEAD, DELETE"),
                                ("/v1/availability", "GET, HEAD"), ("/v1/images/\(String(repeating: "0", count: 32))", "GET, HEAD")] {
            let response = try preflight(server.port, path, origin: Self.app)
            XCTAssertEqual(response.status, 204, "\(path): \(response.text)")
            XCTAssertEqual(response.body, [], path)
            XCTAssertEqual(response.headers["access-control-allow-origin"], Self.app, path)
            XCTAssertEqual(response.headers["access-control-allow-methods"], methods, path)
            XCTAssertEqual(response.headers["access-control-allow-headers"], "Content-Type, Content-Encoding, Authorization, X-API-Key, Prefer", path)
            XCTAssertEqual(response.headers["access-control-max-age"], "600", path)
            XCTAssertEqual(response.headers["vary"], "Origin", path)
            XCTAssertNil(response.headers["access-control-allow-credentials"], "credentials are never allowed")
        }
        let other = try preflight(server.port, "/v1/generations", origin: "http://localhost:3000")
        XCTAssertEqual(other.headers["access-control-allow-origin"], "http://localhost:3000")
    }

    func testAnswersToAnAllowedOriginCarryTheOriginAndExposeLocation() throws {
        let server = try ServerFixture.start { $0.corsOrigins = [Self.app] }
        defer { server.stop() }
        let availability = try RawHTTP.request(port: server.port, "GET", "/v1/availability", headers: ["Origin": Self.app])
        XCTAssertEqual(availability.status, 200)
        XCTAssertEqual(availability.headers["access-control-allow-origin"], Self.app)
        XCTAssertEqual(availability.headers["access-control-expose-headers"], "Location, Retry-After")
        XCTAssertEqual(availability.headers["vary"], "Origin")
        let job = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a kite", "async": true, "options": ["size": "256x256"]],
                                   headers: ["Origin": Self.app])
        XCTAssertEqual(job.status, 202, job.text)
        XCTAssertEqual(job.headers["access-control-allow-origin"], Self.app)
        XCTAssertNotNil(job.headers["location"])
        // Errors and streams too, so the page can read them.
        let invalid = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a kite", "limit": 9], headers: ["Origin": Self.app])
        XCTAssertEqual(invalid.status, 400)
        XCTAssertEqual(invalid.headers["access-control-allow-origin"], Self.app)
        let stream = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a kite", "stream": true, "options": ["size": "256x256"]],
                                      headers: ["Origin": Self.app])
        XCTAssertEqual(stream.status, 200, stream.text)
        XCTAssertEqual(stream.headers["access-control-allow-origin"], Self.app)
        // The drawing page is not the API: no CORS headers.
        let page = try RawHTTP.request(port: server.port, "GET", "/app.js", headers: ["Origin": Self.app])
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(corsHeaders(page), [:])
        XCTAssertEqual(try preflight(server.port, "/", origin: Self.app).status, 405)
    }

    func testOriginsNotAllowedGetNoCORSHeaders() throws {
        let server = try ServerFixture.start { $0.corsOrigins = [Self.app] }
        defer { server.stop() }
        let hostile = ["https://evil.example", "https://app.example.com.evil.example", "https://APP.example.com", "https://app.example.com/",
                       "http://app.example.com", "null", "*", "", String(repeating: "h", count: 16_000)]
        for origin in hostile {
            let answer = try RawHTTP.request(port: server.port, "GET", "/v1/availability", headers: ["Origin": origin])
            XCTAssertEqual(answer.status, 200, "\(origin.prefix(40))")
            XCTAssertEqual(corsHeaders(answer), [:], "\(origin.prefix(40))")
            let refused = try preflight(server.port, "/v1/generations", origin: origin)
            XCTAssertEqual(refused.status, 405, "\(origin.prefix(40)): \(refused.text)")
            XCTAssertEqual(refused.errorCode, "method_not_allowed")
            XCTAssertEqual(corsHeaders(refused), [:], "\(origin.prefix(40))")
            XCTAssertFalse(refused.text.contains("hhhhhhhh"), "the origin is never echoed")
        }
        // An OPTIONS that is no preflight (no Access-Control-Request-Method) is a plain 405.
        let bare = try RawHTTP.request(port: server.port, "OPTIONS", "/v1/generations", headers: ["Origin": Self.app])
        XCTAssertEqual(bare.status, 405)
    }

    func testWithoutTheOptionNothingChanges() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let refused = try preflight(server.port, "/v1/generations", origin: Self.app)
        XCTAssertEqual(refused.status, 405)
        XCTAssertEqual(refused.errorCode, "method_not_allowed")
        XCTAssertEqual(refused.headers["allow"], "POST")
        let answer = try RawHTTP.request(port: server.port, "GET", "/v1/availability", headers: ["Origin": Self.app])
        XCTAssertEqual(corsHeaders(answer), [:])
        XCTAssertNil(answer.headers["vary"])
    }

    func testAnyOriginWithAPIKeys() throws {
        let server = try ServerFixture.start { $0.corsOrigins = ["*"]; $0.apiKeys = ["alpha"] }
        defer { server.stop() }
        for origin in [Self.app, "null", "http://localhost:8000"] {
            let response = try preflight(server.port, "/v1/generations", origin: origin)
            XCTAssertEqual(response.status, 204, origin)
            XCTAssertEqual(response.headers["access-control-allow-origin"], "*", "never the origin itself: \(origin)")
            XCTAssertNil(response.headers["access-control-allow-credentials"])
        }
        let job = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a kite", "async": true, "options": ["size": "256x256"]],
                                   headers: ["Origin": Self.app, "X-API-Key": "alpha"])
        XCTAssertEqual(job.status, 202, job.text)
        XCTAssertEqual(job.headers["access-control-allow-origin"], "*")
        let unknown = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a kite"], headers: ["Origin": Self.app, "X-API-Key": "nope"])
        XCTAssertEqual(unknown.status, 401)
        XCTAssertEqual(unknown.headers["access-control-allow-origin"], "*", "the page can read why")
    }

    func testOriginsAreCheckedWhenTheServerStarts() {
        for origin in ["null", "https://app.example.com/", "https://app.example.com/path", "HTTPS://APP.EXAMPLE.COM", "app.example.com", "https://", "", "https://app example.com"] {
            XCTAssertThrowsError(try ServerFixture.start { $0.corsOrigins = [origin] }, origin) { error in
                XCTAssertEqual((error as? APIError)?.code, "invalid_configuration", "\(origin): \(error)")
            }
        }
        for origin in ["*", "https://app.example.com", "http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:8080"] {
            XCTAssertNoThrow(try ServerFixture.start { $0.corsOrigins = [origin] }.stop(), origin)
        }
    }
}
