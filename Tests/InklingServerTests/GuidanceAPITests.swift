import InklingJobs
import Foundation
import InklingImageIO
import InklingServer
import XCTest

/// `POST /v1/guidance` and the small endpoints, over real HTTP on loopback.
final class GuidanceAPITests: XCTestCase {
    func testHealthAvailabilityAndOpenAPI() throws {
        let server = try ServerFixture.start { $0.allowedStyles = [.sketch, .emoji]; $0.defaultStyle = .sketch }
        defer { server.stop() }
        let health = try RawHTTP.request(port: server.port, "GET", "/healthz")
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(health.json["status"] as? String, "ok")
        let availability = try RawHTTP.request(port: server.port, "GET", "/v1/availability")
        XCTAssertEqual(availability.status, 200)
        XCTAssertEqual(availability.json["available"] as? Bool, true)
        XCTAssertEqual(availability.json["styles"] as? [String], ["sketch", "emoji"], "only the allowed styles are offered")
        XCTAssertEqual(availability.json["engine"] as? String, "builtin")
        let openapi = try RawHTTP.request(port: server.port, "GET", "/openapi.json")
        XCTAssertEqual(openapi.status, 200)
        let paths = try XCTUnwrap(openapi.json["paths"] as? [String: Any])
        for path in ["/v1/generations", "/v1/guidance", "/v1/images/{id}", "/v1/availability", "/v1/live", "/healthz"] {
            XCTAssertNotNil(paths[path], "openapi.json describes \(path)")
        }
    }

    func testGuidanceMapOfCanonicalDrawing() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let response = try RawHTTP.request(port: server.port, "POST", "/v1/guidance?width=320&height=200&encoding=soft",
                                           body: try ServerFixture.houseBytes)
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.headers["content-type"], "image/png")
        let image = try PNGCodec.decode(response.body).image
        XCTAssertEqual(image.width, 320)
        XCTAssertEqual(image.height, 200)
        XCTAssertGreaterThan(image.pixels.filter { $0 > 128 }.count, 200, "the strokes are drawn")
        XCTAssertGreaterThan(image.pixels.filter { $0 == 0 }.count, 10_000, "the background stays black")
    }

    func testGuidanceMapOfPointerEvents() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let body = [UInt8](try JSONSerialization.data(withJSONObject: ServerFixture.pointerEvents))
        let response = try RawHTTP.request(port: server.port, "POST", "/v1/guidance", body: body)
        XCTAssertEqual(response.status, 200, response.text)
        let image = try PNGCodec.decode(response.body).image
        XCTAssertEqual(image.width, 512)
        XCTAssertGreaterThan(image.pixels.filter { $0 > 128 }.count, 100)
        let named = try RawHTTP.request(port: server.port, "POST", "/v1/guidance?format=pointer-events", body: body)
        XCTAssertEqual(named.status, 200, named.text)
    }

    /// `shape` in the query shapes every stroke: a fixed wide size paints more of the map.
    func testShapeQueryWidensTheLines() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        func lit(_ query: String) throws -> Int {
            let response = try RawHTTP.request(port: server.port, "POST", "/v1/guidance?width=256&height=256\(query)", body: try ServerFixture.houseBytes)
            XCTAssertEqual(response.status, 200, response.text)
            return try PNGCodec.decode(response.body).image.pixels.filter { $0 > 128 }.count
        }
        let plain = try lit(""), wide = try lit("&shape=size%3D24"), freehand = try lit("&shape=freehand")
        XCTAssertGreaterThan(wide, plain * 2, "size=24 against the house's own nibs")
        XCTAssertNotEqual(freehand, plain)
        let bad = try RawHTTP.request(port: server.port, "POST", "/v1/guidance?shape=thinning%3D9", body: try ServerFixture.houseBytes)
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue((bad.errorMessage ?? "").contains("query shape: thinning: '9': expected a number -1…1"), bad.text)
    }

    func testMalformedGuidanceRequestsGetJSONErrors() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let cases: [(String, String, [UInt8], Int, String)] = [
            ("POST", "/v1/guidance", Array("{\"strokes\": [".utf8), 422, "invalid_drawing"),
            ("POST", "/v1/guidance", [0xff, 0xfe, 0x00, 0x01], 422, "invalid_drawing"),
            ("POST", "/v1/guidance", [], 400, "invalid_request"),
            ("POST", "/v1/guidance?width=0", try ServerFixture.houseBytes, 400, "invalid_request"),
            ("POST", "/v1/guidance?width=99999", try ServerFixture.houseBytes, 400, "invalid_request"),
            ("POST", "/v1/guidance?encoding=negative", try ServerFixture.houseBytes, 400, "invalid_request"),
            ("POST", "/v1/guidance?colour=red", try ServerFixture.houseBytes, 400, "invalid_request"),
            ("POST", "/v1/guidance?format=svg", try ServerFixture.houseBytes, 400, "invalid_request"),
            ("POST", "/v1/guidance", Array(String(repeating: "[", count: 100_000).utf8), 422, "invalid_drawing"),
            ("GET", "/v1/guidance", [], 405, "method_not_allowed"),
            ("DELETE", "/healthz", [], 405, "method_not_allowed"),
            ("GET", "/v2/anything", [], 404, "not_found"),
        ]
        for (method, path, body, status, code) in cases {
            let response = try RawHTTP.request(port: server.port, method, path, body: body)
            XCTAssertEqual(response.status, status, "\(method) \(path): \(response.text)")
            XCTAssertEqual(response.headers["content-type"], "application/json", "\(method) \(path)")
            XCTAssertEqual(response.errorCode, code, "\(method) \(path): \(response.text)")
            XCTAssertFalse((response.errorMessage ?? "").isEmpty, "\(method) \(path) says what is wrong")
        }
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/healthz").status, 200, "still serving after all that")
    }

    func testConcurrentClientsAllGetTheirMaps() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let body = try ServerFixture.houseBytes
        let port = server.port
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 24) { i in
            let width = 64 + i * 8
            let status = (try? RawHTTP.request(port: port, "POST", "/v1/guidance?width=\(width)&height=64", body: body))
                .map { response -> String in
                    guard response.status == 200, let image = try? PNGCodec.decode(response.body).image else { return "status \(response.status)" }
                    return image.width == width ? "ok" : "width \(image.width) for \(width)"
                } ?? "no response"
            results.add(status)
        }
        XCTAssertEqual(results.all.filter { $0 == "ok" }.count, 24, "\(results.all)")
    }

    /// A map big enough to be split over the cores when its request is alone is painted on one
    /// thread when others are in flight; the answer is the same bytes either way.
    func testMapsUnderLoadMatchALoneMap() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let body = try ServerFixture.houseBytes
        let port = server.port
        let path = "/v1/guidance?width=1024&height=1024&encoding=soft"
        let alone = try RawHTTP.request(port: port, "POST", path, body: body)
        XCTAssertEqual(alone.status, 200, alone.text)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let response = try? RawHTTP.request(port: port, "POST", path, body: body)
            results.add(response.map { $0.status == 200 ? ($0.body == alone.body ? "same" : "different bytes") : "status \($0.status)" } ?? "no response")
        }
        XCTAssertEqual(results.all, Array(repeating: "same", count: 8))
    }
}
