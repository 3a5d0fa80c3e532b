import Foundation
@testable import InklingHTTP
import XCTest

/// Bodies sent with `Content-Encoding: gzip` are inflated under a budget of 4 × --max-body,
/// checked as they inflate: a gzip bomb costs the budget, not its claim. Compressed with the
/// system's own gzip, so the inflater is checked against the real format.
final class GzipBodyTests: XCTestCase {
    /// `bytes` compressed by `gzip -c` (`level` 1…9).
    private func gzip(_ bytes: [UInt8], level: Int = 6) throws -> [UInt8] { try SystemGzip.compress(bytes, level: level) }

    func testAGzipBodyIsReadAsTheSameDrawing() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let plain = try ServerFixture.houseBytes
        let path = "/v1/guidance?width=64&height=48"
        let expected = try RawHTTP.request(port: server.port, "POST", path, body: plain)
        let compressed = try RawHTTP.request(port: server.port, "POST", path, body: try gzip(plain), headers: ["Content-Encoding": "gzip"])
        XCTAssertEqual(compressed.status, 200, compressed.text)
        XCTAssertEqual(compressed.body, expected.body, "the same map")
        // Two members, concatenated (gzip allows it), read as one body.
        let half = plain.count / 2
        let members = try gzip(Array(plain[..<half])) + (try gzip(Array(plain[half...])))
        XCTAssertEqual(try RawHTTP.request(port: server.port, "POST", path, body: members, headers: ["Content-Encoding": "x-gzip"]).body, expected.body)
        // And a generation.
        let generation = try gzip(Array(#"{"prompt":"a house","limit":1,"options":{"size":"256x256"}}"#.utf8))
        let answer = try RawHTTP.request(port: server.port, "POST", "/v1/generations", body: generation,
                                         headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"])
        XCTAssertEqual(answer.status, 200, answer.text)
    }

    func testAGzipBombCostsTheBudgetNotItsClaim() throws {
        // --max-body 1 MiB: bodies inflate to 4 MiB at most. 1 GiB of zeros is about 1 MB gzipped;
        // 64 MiB of them, 64 KB.
        let server = try ServerFixture.start()
        defer { server.stop() }
        let bomb = try gzip([UInt8](repeating: 0x20, count: 64 << 20), level: 9)
        XCTAssertLessThan(bomb.count, 1 << 20)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let before = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let answer = try RawHTTP.request(port: server.port, "POST", "/v1/guidance?width=16&height=16", body: bomb, headers: ["Content-Encoding": "gzip"])
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 - before
        XCTAssertEqual(answer.status, 413, answer.text)
        XCTAssertEqual(answer.errorCode, "body_too_large")
        XCTAssertTrue(answer.text.contains("inflates to more than 4 MiB (4 × --max-body)"), answer.text)
        print("gzip bomb: \(bomb.count) bytes claiming 64 MiB refused after 4 MiB, \(String(format: "%.3f", cpu)) s of CPU in the test process")
        // Straight to the inflater: 64 MiB asked of a 1 MiB budget stops there.
        XCTAssertThrowsError(try GzipBody.inflate(bomb, maxBytes: 1 << 20)) { XCTAssertEqual($0 as? GzipBody.Failure, .tooLarge(budget: 1 << 20)) }
        XCTAssertEqual(try GzipBody.inflate(bomb, maxBytes: 64 << 20).count, 64 << 20, "exactly at the budget is fine")
    }

    func testBrokenOrUnknownEncodingsAreRefusedInOneLine() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let good = try gzip(try ServerFixture.houseBytes)
        let cases: [([UInt8], String, Int, String)] = [
            (Array(good.prefix(good.count / 2)), "gzip", 400, "invalid_encoding"),
            (good + [1, 2, 3], "gzip", 400, "invalid_encoding"),
            (Array("not gzip at all".utf8), "gzip", 400, "invalid_encoding"),
            ([], "gzip", 400, "invalid_encoding"),
            (good, "br", 415, "unsupported_encoding"),
            (good, "gzip, gzip", 415, "unsupported_encoding"),
        ]
        for (body, encoding, status, code) in cases {
            let answer = try RawHTTP.request(port: server.port, "POST", "/v1/guidance?width=16&height=16", body: body, headers: ["Content-Encoding": encoding])
            XCTAssertEqual(answer.status, status, "\(encoding), \(body.count) bytes: \(answer.text)")
            XCTAssertEqual(answer.errorCode, code)
            XCTAssertFalse(answer.text.contains("\n"), "one line")
        }
        var flipped = good
        flipped[flipped.count / 2] ^= 0xff
        let corrupt = try RawHTTP.request(port: server.port, "POST", "/v1/guidance?width=16&height=16", body: flipped, headers: ["Content-Encoding": "gzip"])
        XCTAssertEqual(corrupt.status, 400, corrupt.text)
    }
}
