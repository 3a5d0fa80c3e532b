@testable import InklingJobs
import Foundation
import InklingConditioning
@testable import InklingServer
import InklingStrokes
import XCTest

/// Issue 14's decoding once: a drawing inside `POST /v1/generations` is the drawing sent alone
/// to `POST /v1/guidance`. Its cost target is checked in release (scripts/release-checks).
final class RequestDecodeOnceTests: XCTestCase {
    static func strokes(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Strokes/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    /// A drawing inside a generation request decodes to what it decodes to alone. How long it
    /// takes (at most 1.2 × the drawing alone) means something only in a release build: that
    /// ratio is measured by `InklingBench request-decode` in the release step of `make test`
    /// (scripts/release-checks), not here.
    func testADrawingInsideAGenerationRequestDecodesAsItDoesAlone() throws {
        var limits = StrokeJSONDecoder.Limits.default
        limits.maxBytes = 8 << 20
        for name in ["tablet-pen-house.json", "calligraphy-long.json"] {
            let raw = try Self.strokes(name)
            let wrapped = Array(#"{"drawing": "#.utf8) + raw + Array(#", "prompt": "x"}"#.utf8)
            let alone = try DrawingDecoding.decode(raw, format: nil, limits: limits, field: "body")
            let request = try GenerationRequest(body: wrapped, base: GenerationOptions(), limits: limits)
            XCTAssertEqual(request.concepts.last, .drawing(alone), name)
        }
    }
}
