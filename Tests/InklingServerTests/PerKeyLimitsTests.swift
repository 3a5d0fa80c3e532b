import Foundation
@testable import InklingJobs
import InklingBuiltInEngine
@testable import InklingServer
import XCTest

/// Each API key may have its own limits in the key file (rate, burst, generations at once, image
/// store share); the file's hostile lines are refused with their line number and never echo a key.
final class PerKeyLimitsTests: XCTestCase {
    func testTheKeyFileGivesKeysTheirOwnLimits() throws {
        let file = try APIKeyFile.parse("""
        # key            limits
        sk-alice         rate=2 burst=20\tconcurrent=2 store=64MB
        sk-bob\r
           sk-carol   store=512kb
        """)
        XCTAssertEqual(file.keys, ["sk-alice", "sk-bob", "sk-carol"])
        XCTAssertEqual(file.limits["sk-alice"], ClientLimits(rate: 2, burst: 20, concurrent: 2, storeBytes: 64 << 20))
        XCTAssertNil(file.limits["sk-bob"])
        XCTAssertEqual(file.limits["sk-carol"]?.storeBytes, 512 << 10)
    }

    func testHostileKeyFileLinesAreRefusedWithTheirLineAndNeverTheKey() {
        let cases: [(String, String)] = [
            ("secret-1 rate", "line 1: word 1 after the key is not a setting: write name=value"),
            ("secret 1 rate=2", "line 1: word 1 after the key is not a setting"),
            ("secret-1 rate=nan", "line 1: rate must be 0…1000000"),
            ("secret-1 rate=1e400", "line 1: rate must be 0…1000000"),
            ("secret-1 rate=-1", "line 1: rate must be 0…1000000"),
            ("secret-1 burst=0", "line 1: burst must be 1…1000000"),
            ("secret-1 concurrent=99999999999999999999", "line 1: concurrent must be 1…100000"),
            ("secret-1 store=9999999999999TB", "line 1: store must be a size"),
            ("secret-1 store=-5MB", "line 1: store must be a size"),
            ("secret-1 store=", "line 1: store must be a size"),
            ("# c\nsecret-1 rate=1 rate=2", "line 2: rate is set twice"),
            ("secret-1 colour=red", "line 1: unknown setting 'colour'"),
            ("secret-1\nsecret-1", "line 2: this key is listed twice"),
        ]
        for (text, expected) in cases {
            do {
                _ = try APIKeyFile.parse(text)
                XCTFail("accepted: \(text)")
            } catch {
                XCTAssertTrue(error.description.hasPrefix(expected), "\(text): \(error.description)")
                XCTAssertFalse(error.description.contains("secret"), "the key is not repeated: \(error.description)")
                XCTAssertFalse(error.description.contains("\n"), "one line")
            }
        }
        // A line of 100,000 settings stops at the first repeated one; a 1 MiB key is a key.
        let many = "k " + Array(repeating: "burst=1", count: 100_000).joined(separator: " ")
        XCTAssertThrowsError(try APIKeyFile.parse(many)) { XCTAssertEqual("\($0)", "line 1: burst is set twice") }
        XCTAssertEqual(try APIKeyFile.parse(String(repeating: "x", count: 1 << 20)).keys.first?.count, 1 << 20)
    }

    func testTheFuzzersFindsAreReadInOneLine() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions/api-key-file")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            do {
                _ = try APIKeyFile.parse(text)
            } catch {
                XCTAssertFalse(error.description.contains("\n"), file.lastPathComponent)
            }
        }
    }

    func testAKeysRateAndBurstAreItsOwn() throws {
        let server = try ServerFixture.start {
            $0.apiKeys = ["slow", "fast"]
            $0.apiKeyLimits = ["slow": ClientLimits(rate: 0.01, burst: 2)]
        }
        defer { server.stop() }
        func map(_ key: String) throws -> RawResponse {
            try RawHTTP.request(port: server.port, "POST", "/v1/guidance?width=16&height=16", body: try ServerFixture.houseBytes, headers: ["X-API-Key": key])
        }
        XCTAssertEqual(try map("slow").status, 200)
        XCTAssertEqual(try map("slow").status, 200)
        let third = try map("slow")
        XCTAssertEqual(third.status, 429, "its burst of 2 is spent")
        XCTAssertEqual(third.errorCode, "rate_limited")
        XCTAssertEqual(third.headers["retry-after"], "100", "at its own rate: 1 token in 100 s")
        for _ in 0..<5 { XCTAssertEqual(try map("fast").status, 200, "the server's limits for the other key") }
    }

    func testAKeysGenerationsAtOnceAndStoreShareAreItsOwn() async throws {
        let engine = GatedEngine()
        let server = try InklingServer(configuration: ServerFixture.configuration {
            $0.apiKeys = ["one-at-a-time", "other"]
            $0.apiKeyLimits = ["one-at-a-time": ClientLimits(concurrent: 1, storeBytes: 1)]
            $0.maxConcurrentGenerations = 4
        }, engine: engine)
        defer { server.stop() }
        func submit(_ key: String) throws -> RawResponse {
            try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a kite", "style": "sketch", "async": true], headers: ["X-API-Key": key])
        }
        let first = try submit("one-at-a-time")
        XCTAssertEqual(first.status, 202, first.text)
        let second = try submit("one-at-a-time")
        XCTAssertEqual(second.status, 429, second.text)
        XCTAssertEqual(second.errorCode, "too_many_generations")
        XCTAssertEqual(second.headers["retry-after"], "5")
        XCTAssertEqual(try submit("other").status, 202, "another key is not held back")
        engine.open()
        let id = try XCTUnwrap(first.json["id"] as? String)
        var state = ""
        for _ in 0..<500 where state != "succeeded" {
            state = try RawHTTP.request(port: server.port, "GET", "/v1/jobs/\(id)", headers: ["X-API-Key": "one-at-a-time"]).json["state"] as? String ?? ""
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertEqual(state, "succeeded")
        // Its one image fills its 1-byte share (a client holding nothing may store one image);
        // its next generation runs, and its image is refused for that share alone.
        let third = try submit("one-at-a-time")
        XCTAssertEqual(third.status, 202, "its first generation has ended: \(third.text)")
        let thirdID = try XCTUnwrap(third.json["id"] as? String)
        var answer: [String: Any] = [:]
        for _ in 0..<500 {
            answer = try RawHTTP.request(port: server.port, "GET", "/v1/jobs/\(thirdID)", headers: ["X-API-Key": "one-at-a-time"]).json
            if ["succeeded", "failed"].contains(answer["state"] as? String ?? "") { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertEqual(answer["state"] as? String, "failed")
        XCTAssertEqual((answer["error"] as? [String: Any])?["code"] as? String, "storage_share_full")
    }
}
