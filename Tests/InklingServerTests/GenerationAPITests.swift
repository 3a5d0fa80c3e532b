import InklingJobs
import Foundation
import InklingImageIO
import InklingServer
import XCTest

/// `POST /v1/generations` and `GET /v1/images/{id}` with the built-in engine, over real HTTP.
final class GenerationAPITests: XCTestCase {
    func testGenerationReturnsImagesThatDownloadOnce() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": try ServerFixture.house, "prompt": "a cosy house under a spring sky", "style": "sketch", "limit": 2,
            "options": ["size": "512x512", "seed": 7, "strength": 0.8],
        ])
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.json["style"] as? String, "sketch")
        let images = try XCTUnwrap(response.json["images"] as? [[String: Any]])
        XCTAssertEqual(images.count, 2)
        XCTAssertEqual(Set(images.compactMap { $0["variation"] as? Int }), [1, 2])
        for image in images {
            let url = try XCTUnwrap(image["url"] as? String)
            let download = try RawHTTP.request(port: server.port, "GET", url)
            XCTAssertEqual(download.status, 200)
            XCTAssertEqual(download.headers["content-type"], "image/png")
            let document = try PNGCodec.decode(download.body)
            XCTAssertEqual(document.image.width, 512)
            XCTAssertTrue(document.text.contains { $0.keyword.hasPrefix("inkling") }, "the PNG carries its recipe")
            let again = try RawHTTP.request(port: server.port, "GET", url)
            XCTAssertEqual(again.status, 404, "delivered once, then deleted")
            XCTAssertEqual(again.errorCode, "image_not_found")
        }
    }

    /// Without a size the drawing's canvas sets the aspect, as on the command line and in the
    /// library: a phone-portrait drawing gets a portrait image, not the engine's square default.
    func testWithoutASizeThePortraitCanvasGivesAPortraitImage() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let drawing: [String: Any] = [
            "format": "inkling.drawing", "version": 1, "canvas": ["width": 390, "height": 844],
            "strokes": [["points": [["x": 50, "y": 100], ["x": 300, "y": 700]]]],
        ]
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: ["drawing": drawing, "prompt": "a tall tower", "style": "sketch"])
        XCTAssertEqual(response.status, 200, response.text)
        let image = try XCTUnwrap((response.json["images"] as? [[String: Any]])?.first)
        let width = try XCTUnwrap(image["width"] as? Int), height = try XCTUnwrap(image["height"] as? Int)
        XCTAssertGreaterThan(height, width, "\(width)×\(height) for a 390×844 canvas")
    }

    func testSameRequestGivesTheSameImage() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        func generate() throws -> [UInt8] {
            let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
                "drawing": ServerFixture.pointerEvents, "prompt": "a blue kite", "options": ["size": "512x512", "seed": 3],
            ])
            let url = try XCTUnwrap((response.json["images"] as? [[String: Any]])?.first?["url"] as? String, response.text)
            return try RawHTTP.request(port: server.port, "GET", url).body
        }
        let first = try generate()
        XCTAssertGreaterThan(first.count, 1000)
        XCTAssertEqual(first, try generate(), "the built-in engine is deterministic through the API too")
    }

    func testStreamedGenerationSendsOneLinePerImage() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": try ServerFixture.house, "prompt": "a house at night", "limit": 3, "stream": true,
            "options": ["size": "512x512"],
        ])
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.headers["content-type"], "application/x-ndjson")
        XCTAssertEqual(response.headers["transfer-encoding"], "chunked")
        let lines = response.text.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(lines.first??["type"] as? String, "started")
        // The started line names the job, as the Location header does: a client may cancel it.
        let job = try XCTUnwrap(lines.first??["job"] as? String)
        XCTAssertEqual(response.headers["location"], "/v1/jobs/\(job)")
        let images = lines.compactMap { $0 }.filter { $0["type"] as? String == "image" }
        XCTAssertEqual(images.count, 3)
        XCTAssertEqual(lines.last??["type"] as? String, "done")
        XCTAssertEqual(lines.last??["count"] as? Int, 3)
        let url = try XCTUnwrap(images.first?["url"] as? String)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url).status, 200)
    }

    func testStreamedImagesArriveAsTheyFinish() throws {
        let server = try ServerFixture.start { $0.maxConcurrentGenerations = 1 }
        defer { server.stop() }
        let body = [UInt8](try JSONSerialization.data(withJSONObject: [
            "drawing": try ServerFixture.house, "prompt": "a garden", "limit": 4, "stream": true,
            "options": ["size": "1024x1024"],
        ] as [String: Any]))
        let connection = try RawConnection(port: server.port)
        try connection.send(Array("POST /v1/generations HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        // Read piece by piece, noting when the first image line and the final line arrive.
        var received: [UInt8] = []
        var firstImage: Date?
        var done: Date?
        var buffer = [UInt8](repeating: 0, count: 65536)
        while done == nil {
            let n = buffer.withUnsafeMutableBufferPointer { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            received += buffer[0..<n]
            let text = String(decoding: received, as: UTF8.self)
            if firstImage == nil && text.contains("\"type\":\"image\"") { firstImage = Date() }
            if text.contains("\"type\":\"done\"") { done = Date() }
        }
        let first = try XCTUnwrap(firstImage, String(decoding: received, as: UTF8.self))
        let end = try XCTUnwrap(done)
        XCTAssertGreaterThan(end.timeIntervalSince(first), 0.05, "the first image is announced well before the last is done")
        XCTAssertEqual(String(decoding: received, as: UTF8.self).components(separatedBy: "\"type\":\"image\"").count - 1, 4)
    }

    func testInvalidGenerationRequestsGetJSONErrors() throws {
        let server = try ServerFixture.start { $0.allowedStyles = [.sketch, .illustration] }
        defer { server.stop() }
        let house = try ServerFixture.house
        let cases: [(Any, Int, String)] = [
            (["prompt": "a cat", "limit": 9], 400, "invalid_request"),
            (["prompt": "a cat", "limit": "two"], 400, "invalid_request"),
            (["prompt": "a cat", "limit": true], 400, "invalid_request"),
            (["prompt": "a cat", "stream": 1], 400, "invalid_request"),
            (["prompt": "a cat", "limit": 1.5], 400, "invalid_request"),
            (["prompt": "a cat", "colour": "red"], 400, "invalid_request"),
            (["prompt": "a cat", "style": "emoji"], 422, "style_not_allowed"),
            (["prompt": "a cat", "style": "cubism"], 400, "invalid_request"),
            (["prompt": "a cat", "options": ["strength": 3]], 400, "invalid_request"),
            (["prompt": "a cat", "options": ["size": "huge"]], 400, "invalid_request"),
            (["prompt": "a cat", "options": ["guidanceStart": 0.8, "guidanceEnd": 0.2]], 400, "invalid_request"),
            (["prompt": "   "], 400, "invalid_request"),
            ([String: Any](), 422, "concepts_empty"),
            (["drawing": ["strokes": [["points": [["x": "left"]]]]]], 422, "invalid_drawing"),
            (["drawing": 42], 400, "invalid_request"),
            (["drawing": house, "format": "svg"], 400, "invalid_request"),
            (["prompt": "a cat", "concepts": [["type": "image", "data": "bm90IGFuIGltYWdl"]]], 422, "unsupported_input_image"),
            (["prompt": "a cat", "concepts": [["type": "video"]]], 400, "invalid_request"),
            ([1, 2, 3], 400, "invalid_json"),
        ]
        for (body, status, code) in cases {
            let response = try RawHTTP.post(port: server.port, "/v1/generations", json: body)
            XCTAssertEqual(response.status, status, "\(body): \(response.text)")
            XCTAssertEqual(response.errorCode, code, "\(body): \(response.text)")
            XCTAssertFalse((response.errorMessage ?? "").isEmpty)
        }
        for raw in ["{", "not json", "{\"prompt\": \"a\"} trailing", String(repeating: "{\"a\":", count: 10_000), String(repeating: "[", count: 100_000)] {
            let response = try RawHTTP.request(port: server.port, "POST", "/v1/generations", body: Array(raw.utf8))
            XCTAssertEqual(response.status, 400, "\(raw.prefix(30)): \(response.text)")
            XCTAssertEqual(response.errorCode, "invalid_json")
        }
    }

    func testNumbersZeroAndOneAreNumbersNotBooleans() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "prompt": "a cat", "limit": 1, "stream": false,
            "options": ["seed": 0, "strength": 1, "guidanceStart": 0, "guidanceEnd": 1, "size": "512x512", "personalization": true],
        ])
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual((response.json["images"] as? [[String: Any]])?.count, 1)
        let zero = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a dog", "options": ["strength": 0, "size": "512x512"]])
        XCTAssertEqual(zero.status, 200, zero.text)
    }

    func testFullQueueAnswers503() throws {
        let server = try ServerFixture.start { $0.maxConcurrentGenerations = 1; $0.maxQueuedGenerations = 0 }
        defer { server.stop() }
        let port = server.port
        let slow = [UInt8](try JSONSerialization.data(withJSONObject: [
            "drawing": try ServerFixture.house, "prompt": "a garden", "limit": 4, "options": ["size": "1024x1024"],
        ] as [String: Any]))
        let first = Results()
        let done = expectation(description: "first generation")
        DispatchQueue.global().async {
            first.add((try? RawHTTP.request(port: port, "POST", "/v1/generations", body: slow)).map { "\($0.status)" } ?? "none")
            done.fulfill()
        }
        // Wait until the first one holds the only slot.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let load = try RawHTTP.request(port: port, "GET", "/v1/availability").json["generations"] as? [String: Any]
            if load?["running"] as? Int == 1 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let second = try RawHTTP.post(port: port, "/v1/generations", json: ["prompt": "a pond"])
        XCTAssertEqual(second.status, 503, second.text)
        XCTAssertEqual(second.errorCode, "queue_full")
        XCTAssertNotNil(second.headers["retry-after"])
        wait(for: [done], timeout: 60)
        XCTAssertEqual(first.all, ["200"])
    }

    func testSlowGenerationIsStoppedAt504() throws {
        let server = try ServerFixture.start { $0.generationTimeout = 0.02 }
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": try ServerFixture.house, "prompt": "a garden", "limit": 4, "options": ["size": "1024x1024"],
        ])
        XCTAssertEqual(response.status, 504, response.text)
        XCTAssertEqual(response.errorCode, "generation_timeout")
        var availability = try RawHTTP.request(port: server.port, "GET", "/v1/availability").json
        XCTAssertEqual(availability["storedImages"] as? Int, 0, "nothing of the stopped request is kept")
        let deadline = Date().addingTimeInterval(5)
        while (availability["generations"] as? [String: Any])?["running"] as? Int != 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            availability = try RawHTTP.request(port: server.port, "GET", "/v1/availability").json
        }
        XCTAssertEqual((availability["generations"] as? [String: Any])?["running"] as? Int, 0, "the slot is freed")
    }

    func testUndeliveredImagesExpire() throws {
        let server = try ServerFixture.start { $0.imageTTL = 0.3 }
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a lighthouse", "options": ["size": "512x512"]])
        let url = try XCTUnwrap((response.json["images"] as? [[String: Any]])?.first?["url"] as? String, response.text)
        Thread.sleep(forTimeInterval: 0.8)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url).status, 404, "deleted after the TTL")
    }
}
