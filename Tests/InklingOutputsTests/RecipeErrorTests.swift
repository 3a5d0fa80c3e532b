import Foundation
import InklingImageIO
import XCTest
@testable import InklingOutputs

/// Malformed recipe chunks give clear, specific errors.
final class RecipeErrorTests: XCTestCase {
    private func document(_ json: String, extra: [PNGTextChunk] = []) -> PNGDocument {
        PNGDocument(image: RecipeFixtures.gradient(), text: [PNGTextChunk(keyword: Recipe.recipeKeyword, text: json)] + extra)
    }

    private func error(_ document: PNGDocument) -> RecipeError? {
        do { _ = try Recipe(document: document); return nil } catch { return error }
    }

    /// The recipe JSON with `old` replaced by `new` (which must occur).
    private func edited(_ old: String, _ new: String) throws -> String {
        let json = try RecipeFixtures.recipe(source: false).jsonText()
        XCTAssertTrue(json.contains(old), old)
        return json.replacingOccurrences(of: old, with: new)
    }

    func testMissingChunk() {
        XCTAssertEqual(error(PNGDocument(image: RecipeFixtures.gradient())), .missingRecipe)
        XCTAssertTrue(RecipeError.missingRecipe.description.contains("inkling:recipe"))
    }

    func testNotJSON() {
        guard case .malformedJSON(let why) = error(document("{not json")) else { return XCTFail("not JSON accepted") }
        XCTAssertTrue(why.hasPrefix("invalid JSON: ") && why.contains("at byte 1 (line 1, column 2)"), why)
        XCTAssertEqual(error(document("[1,2]")), .malformedJSON("expected an object, got [1,2]"))
        XCTAssertEqual(error(document(#"{"format":"other"}"#)), .malformedJSON("format is not \"inkling.recipe\""))
    }

    func testNewerVersion() throws {
        XCTAssertEqual(error(document(try edited(#""version":1"#, #""version":9"#))), .unsupportedVersion(9))
    }

    func testMissingAndInvalidFields() throws {
        XCTAssertEqual(error(document(try edited(#""engine":"builtin","#, ""))), .missingField("engine"))
        XCTAssertEqual(error(document(try edited(#""strength":0.30000000000000004"#, #""strength":2"#))),
                       .invalidField("guidance.strength", reason: "expected a number within 0…1, got 2"))
        XCTAssertEqual(error(document(try edited(#""style":"illustration""#, #""style":"oil""#))),
                       .invalidField("style", reason: #"expected one of animation, illustration, sketch, emoji, externalProvider, got "oil""#))
        XCTAssertEqual(error(document(try edited(#""personalization":false"#, #""personalization":0"#))),
                       .invalidField("personalization", reason: "expected true or false, got 0"))
        XCTAssertEqual(error(document(try edited(#""kind":"drawing""#, #""kind":"video""#))),
                       .invalidField("concepts[3].kind", reason: #"expected text, extracted, image or drawing, got "video""#))
        let seed = try XCTUnwrap(error(document(try edited(#""seed":"18446744073709551612""#, #""seed":"-1""#))))
        XCTAssertTrue(seed.description.contains("seed"), seed.description)
    }

    func testEditedDrawingIsDetected() throws {
        XCTAssertEqual(error(document(try edited(#"\"x\":90"#, #"\"x\":91"#))), .drawingHashMismatch)
    }

    func testDamagedSourceChunk() throws {
        let recipe = try RecipeFixtures.recipe()
        let json = recipe.jsonText()
        XCTAssertEqual(error(document(json, extra: [PNGTextChunk(keyword: Recipe.sourceKeyword, text: "@@@")])), .sourceInvalid("not base64"))
        let other = try PNGCodec.encode(PNGDocument(image: RecipeFixtures.gradient(width: 32, height: 24, format: .rgb).withFirstSample(9)))
        let swapped = PNGTextChunk(keyword: Recipe.sourceKeyword, text: Data(other).base64EncodedString())
        XCTAssertEqual(error(document(json, extra: [swapped])), .sourceHashMismatch)
        let small = try PNGCodec.encode(PNGDocument(image: RecipeFixtures.gradient(width: 8, height: 8)))
        let wrongSize = PNGTextChunk(keyword: Recipe.sourceKeyword, text: Data(small).base64EncodedString())
        guard case .sourceInvalid = error(document(json, extra: [wrongSize])) else { return XCTFail("size mismatch not reported") }
    }

    func testEveryDescriptionIsOneLine() {
        let errors: [RecipeError] = [.unreadable("x"), .missingRecipe, .malformedJSON("x"), .unsupportedVersion(2), .missingField("a"),
                                     .invalidField("a", reason: "b"), .drawingInvalid("x"), .drawingHashMismatch,
                                     .sourceInvalid("x"), .sourceHashMismatch, .sourceNotEmbedded]
        for e in errors { XCTAssertFalse(e.description.contains("\n")); XCTAssertFalse(e.description.isEmpty) }
    }

    func testReadingAFileThatIsNotAPNG() throws {
        let dir = try RecipeFixtures.temporaryDirectory()
        let url = dir.appendingPathComponent("x.png")
        try Data("hello".utf8).write(to: url)
        guard case .unreadable(let why) = Result(catching: { try Recipe.read(from: url) }).failureError as? RecipeError else {
            return XCTFail("expected unreadable")
        }
        XCTAssertTrue(why.contains("not a PNG"), why)
    }
}

extension RasterImage {
    func withFirstSample(_ value: UInt8) -> RasterImage {
        var copy = self
        copy.pixels[0] = value
        return copy
    }
}

extension Result {
    var failureError: Failure? { if case .failure(let e) = self { e } else { nil } }
}
