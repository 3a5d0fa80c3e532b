@testable import InklingJobs
import Foundation
import InklingConditioning
import InklingImageIO
import InklingStrokes
@testable import InklingServer
import XCTest

/// A request written as a cluster job and read back on a worker is the same request.
final class JobSpecTests: XCTestCase {
    private func request(_ json: String, drawing: Bool = true) throws -> GenerationRequest {
        var body = Array(json.utf8)
        if drawing {
            body = Array(body.dropLast()) + Array(",\"drawing\":".utf8) + (try ServerFixture.houseBytes) + Array("}".utf8)
        }
        return try GenerationRequest(body: body, base: GenerationOptions(), limits: .default)
    }

    func testEveryFieldSurvivesTheRoundTrip() throws {
        let original = try request("""
        {"prompt": "a cosy house", "concepts": [{"type": "text", "text": "snow"}, {"type": "extracted", "text": "A long note about winter cabins and pine trees.", "title": "Cabins"}],
         "style": "sketch", "limit": 3,
         "options": {"size": "768x512", "seed": 18446744073709551614, "strength": 0.65, "guidanceStart": 0.1, "guidanceEnd": 0.9,
                     "mode": "balanced", "encoding": "soft-inverted", "sourceStrength": 0.2, "personalization": false,
                     "negativePrompt": "blurry", "steps": 12, "cfgScale": 6.5, "sampler": "euler", "scheduler": "karras"}}
        """)
        let spec = try JobSpec(original)
        XCTAssertTrue(spec.images.isEmpty)
        XCTAssertNotNil(spec.drawing)
        XCTAssertEqual(spec.drawingPosition, 3, "after the prompt and the two concepts")
        XCTAssertFalse(String(decoding: spec.json, as: UTF8.self).contains("\"drawing\""), "the drawing travels packed, beside the text")
        let copy = try JobSpec(json: spec.json, drawing: spec.drawing, drawingPosition: spec.drawingPosition, images: spec.images,
                               imagePositions: spec.imagePositions)
            .request(base: GenerationOptions(), limits: .default)
        XCTAssertEqual(copy.concepts, original.concepts)
        XCTAssertEqual(copy.style, original.style)
        XCTAssertEqual(copy.limit, original.limit)
        XCTAssertEqual(copy.options, original.options)
        XCTAssertEqual(try JobSpec(copy), spec, "writing it again gives the same bytes")
    }

    func testImageConceptsTravelBesideTheRequestAndComeBackInPlace() throws {
        var image = RasterImage(width: 4, height: 3, format: .rgb)
        for i in image.pixels.indices { image.pixels[i] = UInt8(i * 7 % 256) }
        let png = try PNGCodec.encode(PNGDocument(image: image))
        let original = try request("""
        {"concepts": [{"type": "image", "data": "\(Data(png).base64EncodedString())"}, {"type": "text", "text": "in spring"}], "limit": 1}
        """)
        let spec = try JobSpec(original)
        XCTAssertEqual(spec.images.count, 1)
        XCTAssertEqual(spec.images.first, png, "the uploaded file travels as it was sent, not encoded again")
        XCTAssertEqual(spec.imagePositions, [0])
        XCTAssertFalse(String(decoding: spec.json, as: UTF8.self).contains("\"image\""), "the pixels are not in the request text")
        let copy = try spec.request(base: GenerationOptions(), limits: .default)
        XCTAssertEqual(copy.concepts.count, 3)
        guard case .image(let source) = copy.concepts[0] else { return XCTFail("\(copy.concepts[0])") }
        XCTAssertEqual(source.image, image)
        XCTAssertEqual(copy.concepts[1], .text("in spring"))
        XCTAssertEqual(copy.concepts[2], original.concepts[2], "the drawing, last, as the front end decoded it")
    }

    func testADrawingAloneTravelsAndComesBack() throws {
        let original = try request("{\"limit\": 1}")
        let spec = try JobSpec(original)
        XCTAssertEqual(spec.drawingPosition, 0)
        let copy = try spec.request(base: GenerationOptions(), limits: .default)
        XCTAssertEqual(copy.concepts, original.concepts)
        XCTAssertEqual(copy.concepts.count, 1)
        // Packed for a worker that reads only version 2, it comes back the same.
        let older = try JobSpec(original, packedDrawingVersion: 2)
        XCTAssertEqual(older.drawing?[4], 2)
        XCTAssertEqual(try older.request(base: GenerationOptions(), limits: .default).concepts, original.concepts)
    }

    func testABrokenSpecIsRefusedWithACode() throws {
        let spec = JobSpec(json: Array("{\"limit\": 1, \"prompt\": \"x\"}".utf8), images: [[1, 2, 3]], imagePositions: [0])
        XCTAssertThrowsError(try spec.request(base: GenerationOptions(), limits: .default)) { error in
            XCTAssertEqual((error as? APIError)?.code, "unsupported_input_image")
        }
        let misplaced = JobSpec(json: Array("{\"limit\": 1, \"prompt\": \"x\"}".utf8), images: [], imagePositions: [3])
        XCTAssertThrowsError(try misplaced.request(base: GenerationOptions(), limits: .default)) { error in
            XCTAssertEqual((error as? APIError)?.code, "invalid_job")
        }
        let good = try JobSpec(request("{\"prompt\": \"x\"}"))
        var cut = good
        cut.drawing = good.drawing.map { Array($0.dropLast()) }
        XCTAssertThrowsError(try cut.request(base: GenerationOptions(), limits: .default)) { error in
            XCTAssertEqual((error as? APIError)?.code, "invalid_drawing")
            XCTAssertTrue((error as? APIError)?.message.contains("ends early") == true, "\(error)")
        }
        var strict = StrokeJSONDecoder.Limits.default
        strict.maxStrokes = 1
        XCTAssertThrowsError(try good.request(base: GenerationOptions(), limits: strict), "the worker's limits hold") { error in
            XCTAssertEqual((error as? APIError)?.code, "invalid_drawing")
        }
        var far = good
        far.drawingPosition = 5
        XCTAssertThrowsError(try far.request(base: GenerationOptions(), limits: .default)) { error in
            XCTAssertEqual((error as? APIError)?.code, "invalid_job")
        }
    }
}
