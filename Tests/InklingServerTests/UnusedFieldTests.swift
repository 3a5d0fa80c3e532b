import InklingJobs
import Foundation
import InklingServer
import XCTest

/// Fields a request does not use are still checked against the API's description: a `format`
/// without a drawing, a concept's field that only another kind of concept reads.
final class UnusedFieldTests: XCTestCase {
    func testUnusedFieldsMustStillBeValid() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let cases: [(Any, String)] = [
            (["prompt": "a cat", "format": "__not_in_enum__"], "format: unknown ink format '__not_in_enum__'"),
            (["prompt": "a cat", "format": 7], "format"),
            (["concepts": [["type": "text", "text": "a cat", "data": -3843545120]]], "concepts[0].data"),
            (["concepts": [["type": "text", "text": "a cat", "title": ["a"]]]], "concepts[0].title"),
            (["concepts": [["type": "image", "data": "aGVsbG8=", "text": false]]], "concepts[0].text"),
        ]
        for (body, field) in cases {
            let response = try RawHTTP.post(port: server.port, "/v1/generations", json: body)
            XCTAssertEqual(response.status, 400, "\(body): \(response.text)")
            XCTAssertEqual(response.errorCode, "invalid_request", "\(body)")
            XCTAssertTrue(response.errorMessage?.hasPrefix(field) == true, "\(body): \(response.text)")
        }
        let fine = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "prompt": "a cat", "format": "pointer-events", "concepts": [["type": "text", "text": "a hat", "title": "unused"]], "options": ["size": "256x256"],
        ])
        XCTAssertEqual(fine.status, 200, "well-typed unused fields are still ignored: \(fine.text)")
    }
}
