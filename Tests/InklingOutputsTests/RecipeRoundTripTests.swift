import Foundation
import InklingConditioning
import InklingImageIO
import XCTest
@testable import InklingOutputs

/// Recipes survive a trip through PNG text chunks exactly, source pixels included.
final class RecipeRoundTripTests: XCTestCase {
    func testRecipeRoundTripsThroughAPNG() throws {
        let recipe = try RecipeFixtures.recipe()
        let bytes = try PNGCodec.encode(PNGDocument(image: RecipeFixtures.gradient(width: 64, height: 48), text: recipe.textChunks()))
        let document = try PNGCodec.decode(bytes)
        let back = try Recipe(document: document)
        XCTAssertEqual(back, recipe)
        XCTAssertEqual(back.seed, UInt64.max - 3, "64-bit seeds survive JSON")
        XCTAssertEqual(back.guidance.strength, 0.30000000000000004, "doubles read back bit for bit")
        XCTAssertEqual(back.source?.image, RecipeFixtures.gradient())
        XCTAssertEqual(document.text(for: "Software"), "Inkling 0.1.0 (builtin engine)")
        XCTAssertTrue(document.text(for: "Description")?.contains("illustration, 64×48, seed") == true)
    }

    func testWithoutEmbeddedSourceTheRecipeStillReads() throws {
        var recipe = try RecipeFixtures.recipe()
        recipe.source?.image = nil
        let chunks = recipe.textChunks()
        XCTAssertNil(chunks.first { $0.keyword == Recipe.sourceKeyword })
        let back = try Recipe(document: PNGDocument(image: RecipeFixtures.gradient(), text: chunks))
        XCTAssertEqual(back.source?.sha256, recipe.source?.sha256)
        XCTAssertNil(back.source?.image)
        XCTAssertTrue(back.jsonText().contains(#""embedded":false"#))
    }

    func testNoSourceNoDrawing() throws {
        var recipe = try RecipeFixtures.recipe(source: false)
        recipe.drawing = nil
        recipe.title = nil
        recipe.language = nil
        let back = try Recipe(json: recipe.jsonText())
        XCTAssertEqual(back, recipe)
    }

    func testStoredDrawingDecodesToTheCanonicalDrawing() throws {
        let recipe = try RecipeFixtures.recipe()
        let drawing = try XCTUnwrap(recipe.drawing).drawing()
        XCTAssertEqual(drawing.strokes.count, 1)
        XCTAssertEqual(RecipeDrawing(drawing), recipe.drawing)
    }

    func testJSONIsDeterministic() throws {
        XCTAssertEqual(try RecipeFixtures.recipe().jsonText(), try RecipeFixtures.recipe().jsonText())
    }
}
