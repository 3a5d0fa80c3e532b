import Foundation
import Inkling
import InklingServer
import XCTest

/// `POST /v1/conversions?to=json|svg`: any ink file the CLI reads, answered as `inkling convert`
/// writes it; the same body limits, encodings, charges and drawing errors as `POST /v1/guidance`.
final class ConversionAPITests: XCTestCase {
    /// The bytes of `Strokes/interchange/<name>`.
    private func sample(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Strokes/interchange/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    /// The error message of a JSON error answer.
    private func message(_ response: RawResponse) -> String {
        ((response.json["error"] as? [String: Any])?["message"] as? String) ?? ""
    }

    func testInkMLAndExcalidrawBecomeWhatInklingConvertWrites() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        for name in ["inkml-tablet.inkml", "excalidraw-scene.excalidraw"] {
            let bytes = try sample(name)
            let drawing = try InkReader.read(bytes, format: nil, options: InkImportOptions(), limits: .default)
            XCTAssertGreaterThan(drawing.strokes.count, 0, name)

            let json = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json", body: bytes)
            XCTAssertEqual(json.status, 200, "\(name): \(json.text)")
            XCTAssertEqual(json.headers["content-type"], "application/json")
            XCTAssertEqual(json.body, StrokeJSONEncoder().encode(drawing), "\(name): the bytes `inkling convert -o x.json` writes")
            XCTAssertEqual((json.json["strokes"] as? [Any])?.count, drawing.strokes.count)
            // The answer is itself a drawing the server reads back to the same strokes.
            let again = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json&format=canonical", body: json.body)
            XCTAssertEqual(again.body, json.body, name)

            let columnar = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json&layout=columnar", body: bytes)
            XCTAssertEqual(columnar.status, 200)
            XCTAssertEqual(columnar.body, StrokeJSONEncoder(layout: .columnar).encode(drawing))

            let svg = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=svg", body: bytes)
            XCTAssertEqual(svg.status, 200, "\(name): \(svg.text)")
            XCTAssertEqual(svg.headers["content-type"], "image/svg+xml")
            XCTAssertEqual(svg.body, SVGExporter().exportBytes(drawing), "\(name): the bytes `inkling convert -o x.svg` writes")
            XCTAssertTrue(svg.text.hasPrefix("<?xml"), name)
            XCTAssertFalse(svg.text.contains("<script"), name)
            XCTAssertNotNil(svg.headers["content-security-policy"], "an SVG opened as a page runs nothing")
        }
        // Named formats are honoured, and a wrong one is the importer's error, not a guess.
        XCTAssertEqual(try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=svg&format=inkml", body: try sample("inkml-tablet.inkml")).status, 200)
        let wrong = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json&format=excalidraw", body: try sample("inkml-tablet.inkml"))
        XCTAssertEqual(wrong.status, 422, wrong.text)
        XCTAssertEqual(wrong.errorCode, "invalid_drawing")
        XCTAssertTrue(message(wrong).hasPrefix("body: excalidraw: "), message(wrong))
    }

    /// The page's recording names each stroke's ink on its first event; the conversion keeps it.
    func testAPointerEventsInkIsHonoured() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        var events = ServerFixture.pointerEvents
        events[0]["ink"] = "marker"
        events[0]["color"] = "#1971c2"
        let body = [UInt8](try JSONSerialization.data(withJSONObject: ["strokes": [events, ServerFixture.pointerEvents]]))
        let response = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json&format=pointer-events", body: body)
        XCTAssertEqual(response.status, 200, response.text)
        let inks = (response.json["strokes"] as? [[String: Any]])?.map { ($0["ink"] as? [String: Any])?["type"] as? String }
        XCTAssertEqual(inks, ["marker", "pen"])
        events[0]["ink"] = "glitter"
        let refused = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json",
                                          body: [UInt8](try JSONSerialization.data(withJSONObject: ["strokes": [events]])))
        XCTAssertEqual(refused.status, 422)
        XCTAssertEqual(refused.errorCode, "invalid_drawing")
        XCTAssertTrue(message(refused).contains("strokes[0][0].ink"), message(refused))
        XCTAssertTrue(message(refused).contains("fountainPen"), "the allowed inks are named: \(message(refused))")
    }

    func testAvailabilityListsTheInks() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let availability = try RawHTTP.request(port: server.port, "GET", "/v1/availability")
        XCTAssertEqual(availability.json["inks"] as? [String], InkType.allCases.map(\.rawValue))
        XCTAssertEqual(availability.json["inks"] as? [String], ["pen", "pencil", "marker", "monoline", "fountainPen", "watercolor", "crayon", "reed"])
    }

    func testHostileBodiesAndQueriesGetOneLineErrors() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let inkml = try sample("inkml-tablet.inkml")
        var garbage = SystemRandomNumberGenerator()
        let cases: [(query: String, body: [UInt8], status: Int, code: String)] = [
            ("to=json", [], 400, "invalid_request"),
            ("", inkml, 400, "invalid_request"),
            ("to=png", inkml, 400, "invalid_request"),
            ("to=JSON", inkml, 400, "invalid_request"),
            ("to=svg&layout=columnar", inkml, 400, "invalid_request"),
            ("to=json&layout=rows", inkml, 400, "invalid_request"),
            ("to=json&format=photoshop", inkml, 400, "invalid_request"),
            ("to=json&width=5", inkml, 400, "invalid_request"),
            ("to=json", Array("{\"hello\": \"world\", \"list\": [1, 2, 3]}".utf8), 422, "invalid_drawing"),
            ("to=svg", Array("null".utf8), 422, "invalid_drawing"),
            ("to=svg", Array("\"just a string\"".utf8), 422, "invalid_drawing"),
            ("to=json", Array(repeating: UInt8(ascii: "["), count: 500_000), 422, "invalid_drawing"),
            ("to=json", Array(("{\"strokes\":" + String(repeating: "[", count: 100_000)).utf8), 422, "invalid_drawing"),
            ("to=svg", (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &garbage) }, 422, "invalid_drawing"),
            ("to=json", [0x1F, 0x8B, 0x08, 0x00] + Array(repeating: 0, count: 100), 422, "invalid_drawing"),
            ("to=json", Array("<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>1 2, 3 4".utf8), 422, "invalid_drawing"),
            // Half a million tiny values: refused by count before json-c builds them.
            ("to=json", Array(("{\"strokes\":[{\"points\":[" + Array(repeating: "0", count: 500_000).joined(separator: ",") + "]}]}").utf8),
             422, "invalid_drawing"),
        ]
        for (query, body, status, code) in cases {
            let response = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?" + query, body: body)
            XCTAssertEqual(response.status, status, "\(query) \(body.prefix(24)): \(response.text.prefix(300))")
            XCTAssertEqual(response.errorCode, code, query)
            XCTAssertFalse(message(response).isEmpty)
            XCTAssertFalse(message(response).contains("\n"), message(response))
            XCTAssertLessThan(message(response).count, 1000, message(response))
        }
        // Over --max-body (1 MiB here): 413 before the body is read.
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /v1/conversions?to=json HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2097152\r\n\r\n")
        let huge = try connection.readResponse()
        XCTAssertEqual(huge.status, 413)
        XCTAssertEqual(huge.errorCode, "body_too_large")
        // Only POST; the server still answers after all of it.
        let get = try RawHTTP.request(port: server.port, "GET", "/v1/conversions?to=json")
        XCTAssertEqual(get.status, 405)
        XCTAssertEqual(get.headers["allow"], "POST")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=svg", body: inkml).status, 200)
    }

    /// A leap across the largest canvas between every pair of points would take 4096 outline
    /// samples a segment; the SVG's samples are bounded, so the answer stays small and quick.
    func testADrawingOfLeapsMakesABoundedSVG() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let xs = (0..<50_000).map { $0 % 2 == 0 ? "-999999" : "999999" }.joined(separator: ",")
        let ys = (0..<50_000).map { String($0 % 1000 * 1999 - 999_000) }.joined(separator: ",")
        let body = Array(#"{"format":"inkling.drawing","version":1,"strokes":[{"points":{"x":[\#(xs)],"y":[\#(ys)]}}]}"#.utf8)
        let clock = ContinuousClock()
        let start = clock.now
        let svg = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=svg", body: body)
        let elapsed = clock.now - start
        XCTAssertEqual(svg.status, 200, svg.text.prefix(300).description)
        XCTAssertLessThan(svg.body.count, 32 << 20, "\(svg.body.count) bytes")
        print("50,000 leaps of 2,000,000 units: \(svg.body.count) bytes of SVG in \(elapsed)")
    }

    func testGzipBodiesChargesAndBombs() throws {
        let server = try ServerFixture.start { $0.tokensPerSecond = 0.001; $0.burst = 4 }
        defer { server.stop() }
        let inkml = try sample("inkml-tablet.inkml")
        let zipped = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json", body: try SystemGzip.compress(inkml),
                                         headers: ["Content-Encoding": "gzip"])
        XCTAssertEqual(zipped.status, 200, zipped.text)
        XCTAssertEqual(zipped.body, try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json", body: inkml).body)
        // A bomb claiming 64 MiB is refused once it passes 4 × --max-body (4 MiB here).
        let bomb = try SystemGzip.compress([UInt8](repeating: 0x20, count: 64 << 20), level: 9)
        let exploded = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json", body: bomb, headers: ["Content-Encoding": "gzip"])
        XCTAssertEqual(exploded.status, 413, exploded.text)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json", body: [1, 2, 3], headers: ["Content-Encoding": "gzip"]).errorCode,
                       "invalid_encoding")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json", body: inkml, headers: ["Content-Encoding": "br"]).status, 415)
        // Four tokens: a conversion costs 1 (plus 1 per whole MiB), charged once its body is
        // inflated; refused encodings cost nothing. Two spent, two more, then an empty bucket.
        for _ in 0..<2 { XCTAssertEqual(try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=svg", body: inkml).status, 200) }
        let refused = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=json", body: inkml)
        XCTAssertEqual(refused.status, 429, refused.text)
        XCTAssertNotNil(refused.headers["retry-after"])
    }

    func testCORSFromAnAllowedOrigin() throws {
        let origin = "https://app.example.com"
        let server = try ServerFixture.start { $0.corsOrigins = [origin] }
        defer { server.stop() }
        let preflight = try RawHTTP.request(port: server.port, "OPTIONS", "/v1/conversions", headers: [
            "Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type, content-encoding",
        ])
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(preflight.headers["access-control-allow-origin"], origin)
        XCTAssertEqual(preflight.headers["access-control-allow-methods"], "POST")
        let answer = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=svg", body: try sample("inkml-tablet.inkml"), headers: ["Origin": origin])
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.headers["access-control-allow-origin"], origin)
        let other = try RawHTTP.request(port: server.port, "POST", "/v1/conversions?to=svg", body: try sample("inkml-tablet.inkml"), headers: ["Origin": "https://evil.example"])
        XCTAssertNil(other.headers["access-control-allow-origin"])
    }
}
