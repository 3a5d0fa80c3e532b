import Foundation
import Inkling
import InklingImageIO
import InklingServer
import XCTest

/// `GET /v1/images/{id}?format=jpeg&width=W`: small JPEG previews that never use up the one
/// download, and the recipe the full PNG carries.
final class ImagePreviewAPITests: XCTestCase {
    /// Generates `limit` images at `size` and returns their URLs.
    private func generate(_ server: InklingServer, size: String = "1024x768", style: String = "sketch", limit: Int = 1) throws -> [String] {
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": try ServerFixture.house, "prompt": "a cosy house under a spring sky", "style": style, "limit": limit,
            "options": ["size": size, "seed": 7, "strength": 0.8],
        ])
        XCTAssertEqual(response.status, 200, response.text)
        return try XCTUnwrap(response.json["images"] as? [[String: Any]]).compactMap { $0["url"] as? String }
    }

    func testAPreviewIsASmallJPEGAndThePNGStillDownloadsOnceAfterIt() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let url = try XCTUnwrap(try generate(server).first)
        let preview = try RawHTTP.request(port: server.port, "GET", url + "?format=jpeg&width=640")
        XCTAssertEqual(preview.status, 200, preview.text)
        XCTAssertEqual(preview.headers["content-type"], "image/jpeg")
        XCTAssertEqual(preview.headers["cache-control"], "no-store")
        XCTAssertEqual(preview.headers["x-content-type-options"], "nosniff")
        let small = try JPEGCodec.decode(preview.body)
        XCTAssertEqual([small.width, small.height], [640, 480], "1024×768 scaled to 640 wide, aspect kept")
        XCTAssertEqual(small.format, .rgb)
        // Asked again, and at a width over the image's: never scaled up. HEAD looks without a body.
        let full = try RawHTTP.request(port: server.port, "GET", url + "?format=jpeg&width=4096")
        XCTAssertEqual(try JPEGCodec.decode(full.body).width, 1024, "never scaled up")
        XCTAssertEqual(try JPEGCodec.decode(try RawHTTP.request(port: server.port, "GET", url + "?format=jpeg").body).width, 1024)
        let head = try RawHTTP.request(port: server.port, "HEAD", url + "?format=jpeg&width=320")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["content-type"], "image/jpeg")
        XCTAssertTrue(head.body.isEmpty)

        let png = try RawHTTP.request(port: server.port, "GET", url + "?format=png")
        XCTAssertEqual(png.status, 200, "the previews left the download: \(png.text.prefix(200))")
        XCTAssertEqual(png.headers["content-type"], "image/png")
        let document = try PNGCodec.decode(png.body)
        XCTAssertEqual([document.image.width, document.image.height], [1024, 768])
        XCTAssertLessThan(preview.body.count * 3, png.body.count, "the 640-wide preview is a fraction of the PNG: \(preview.body.count) against \(png.body.count) bytes")
        // The colours survive: the preview is close to the PNG scaled the same way.
        let reference = document.image.composited(over: .white).resampled(width: 640, height: 480)
        let error = zip(small.pixels, reference.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        XCTAssertLessThan(Double(error) / Double(small.pixels.count), 6, "mean error per sample against the PNG scaled alike")

        // What a preview saves and costs: the bytes, and the CPU time of the JPEG encode alone
        // (libjpeg-turbo is the system's optimised library in every build of this package).
        var encodes: [Double] = []
        for _ in 0..<7 {
            let before = Self.threadCPUSeconds()
            _ = try JPEGCodec.encode(reference, quality: 82)
            encodes.append(Self.threadCPUSeconds() - before)
        }
        print(String(format: "preview: PNG %d bytes, 640-wide JPEG %d bytes (%.1f%%); JPEG encode of 640×480: %.2f ms CPU (median of 7)",
                     png.body.count, preview.body.count, 100 * Double(preview.body.count) / Double(png.body.count), 1000 * encodes.sorted()[3]))

        // The full PNG carries the generation's recipe, as `inkling render`'s files do.
        let recipe = try Recipe(document: document)
        XCTAssertEqual(recipe.style, .sketch)
        XCTAssertEqual(recipe.seed, 7)
        XCTAssertEqual(recipe.size.width, 1024)
        XCTAssertEqual(recipe.guidance.strength, 0.8)
        XCTAssertTrue(recipe.concepts.contains { $0.text == "a cosy house under a spring sky" }, "\(recipe.concepts)")
        XCTAssertNotNil(recipe.drawing, "the drawing travels with the recipe, so the image can be made again")

        for gone in [url, url + "?format=jpeg&width=640"] {
            let again = try RawHTTP.request(port: server.port, "GET", gone)
            XCTAssertEqual(again.status, 404, "once downloaded, the image and its previews are gone: \(gone)")
            XCTAssertEqual(again.errorCode, "image_not_found")
        }
    }

    /// CPU seconds this thread has used.
    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// An emoji sticker has alpha: its preview is composited over white, not black.
    func testATransparentImagesPreviewIsOnWhite() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let url = try XCTUnwrap(try generate(server, size: "512x512", style: "emoji").first)
        let preview = try JPEGCodec.decode(try RawHTTP.request(port: server.port, "GET", url + "?format=jpeg&width=64").body)
        XCTAssertEqual(preview.width, 64)
        let sticker = try PNGCodec.decode(try RawHTTP.request(port: server.port, "GET", url).body).image
        XCTAssertEqual(sticker.format, .rgba)
        XCTAssertEqual(sticker[0, 0].last, 0, "the sticker's corner is transparent")
        XCTAssertTrue(preview[0, 0].allSatisfy { $0 >= 245 }, "and white in the preview: \(Array(preview[0, 0]))")
    }

    func testHostileQueriesAre400AndNothingIsUsedUp() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let url = try XCTUnwrap(try generate(server, size: "512x512").first)
        let cases: [(String, String)] = [
            ("?format=jpeg&width=15", "width"), ("?format=jpeg&width=4097", "width"), ("?format=jpeg&width=0", "width"),
            ("?format=jpeg&width=-640", "width"), ("?format=jpeg&width=640.5", "width"), ("?format=jpeg&width=1e3", "width"),
            ("?format=jpeg&width=99999999999999999999999", "width"), ("?format=jpeg&width=", "width"), ("?format=jpeg&width=%20640", "width"),
            ("?format=webp&width=640", "format"), ("?format=JPEG", "format"), ("?format=jpg", "format"), ("?format=", "format"),
            ("?width=640", "width"), ("?format=png&width=640", "width"),
            ("?format=jpeg&width=640&quality=100", "quality"), ("?size=640", "size"),
            ("?" + String(repeating: "x", count: 2000) + "=1", "xxxx"),
        ]
        for (query, names) in cases {
            let response = try RawHTTP.request(port: server.port, "GET", url + query)
            XCTAssertEqual(response.status, 400, "\(query.prefix(60)): \(response.text)")
            XCTAssertEqual(response.errorCode, "invalid_request", query)
            let message = try XCTUnwrap((response.json["error"] as? [String: Any])?["message"] as? String)
            XCTAssertTrue(message.hasPrefix("query \(names)"), message)
            XCTAssertFalse(message.contains("\n"))
            XCTAssertLessThan(message.count, 200, "one short line: \(message)")
        }
        // An id that is not one, or no image: 404 whatever the query asks.
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/v1/images/nothex?format=jpeg&width=64").status, 404)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/v1/images/\(String(repeating: "a", count: 32))?format=jpeg&width=64").errorCode, "image_not_found")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "POST", url + "?format=jpeg&width=64").status, 405)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url).status, 200, "the refused queries left the download")
    }

    /// A preview costs its client a token, as a guidance map does: an empty bucket is 429 and
    /// the image stays for its download.
    func testAPreviewIsChargedAToken() throws {
        let server = try ServerFixture.start { $0.tokensPerSecond = 0.001; $0.burst = 4 }
        defer { server.stop() }
        let url = try XCTUnwrap(try generate(server, size: "512x512").first)   // 1 token (one image)
        for _ in 0..<3 {
            XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url + "?format=jpeg&width=64").status, 200)
        }
        let refused = try RawHTTP.request(port: server.port, "GET", url + "?format=jpeg&width=64")
        XCTAssertEqual(refused.status, 429, refused.text)
        XCTAssertNotNil(refused.headers["retry-after"])
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url).status, 200, "downloads are not charged")
    }

    /// With API keys a preview answers only the key that made the image, as the download does.
    func testAnotherKeysPreviewIs404() throws {
        let server = try ServerFixture.start { $0.apiKeys = ["alpha-key-0123456789", "beta-key-0123456789"] }
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": ServerFixture.pointerEvents, "prompt": "a kite", "options": ["size": "512x512"],
        ], headers: ["X-API-Key": "alpha-key-0123456789"])
        let url = try XCTUnwrap((response.json["images"] as? [[String: Any]])?.first?["url"] as? String, response.text)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url + "?format=jpeg&width=64", headers: ["X-API-Key": "beta-key-0123456789"]).status, 404)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url + "?format=jpeg&width=64").status, 404, "nor to a caller without a key")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url + "?format=jpeg&width=64", headers: ["X-API-Key": "alpha-key-0123456789"]).status, 200)
    }
}
