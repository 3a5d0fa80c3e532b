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

    /// A drawing of `strokes` × `points` pen samples, as canonical JSON (the page's long drawing
    /// in scripts/browser_test.py: 50 × 2,000 makes a recipe of about 9 MB).
    static func largeDrawing(strokes: Int, points: Int) throws -> RecipeDrawing {
        var json = #"{"format":"inkling.drawing","version":1,"canvas":{"width":1024,"height":768},"strokes":["#
        for s in 0..<strokes {
            json += s == 0 ? "" : ","
            json += ##"{"ink":{"type":"pen","color":"#1d1d1fff"},"points":["##
            for i in 0..<points {
                let t = Double(i) / Double(points - 1)
                json += i == 0 ? "" : ","
                json += #"{"x":\#(((40 + 940 * t) * 100).rounded() / 100),"y":\#(((20 + Double(s) * 14 + 6 * sin(t * 40 + Double(s))) * 100).rounded() / 100),"#
                json += #""timeOffset":\#(Double(i) * 0.0042),"force":\#(((0.3 + 0.4 * abs(sin(t * 9))) * 1000).rounded() / 1000),"#
                json += #""azimuth":\#(((0.6 + 0.5 * sin(t * 5)) * 1000).rounded() / 1000),"altitude":1.2}"#
            }
            json += "]}"
        }
        json += "]}"
        return RecipeDrawing(try RecipeDrawing(json: json, sha256: "").drawing())
    }

    /// A 100,000-point drawing's recipe is written compressed (zTXt when ASCII, compressed iTXt
    /// otherwise; `Description` is iTXt for its "×"), reads back equal through the whole decoder, the text-only reader and a file,
    /// and makes a PNG a fraction of its JSON's size.
    func testALargeDrawingsRecipeIsWrittenCompressedAndReadsBack() throws {
        let drawing = try Self.largeDrawing(strokes: 50, points: 2000)
        let dir = try RecipeFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for ascii in [true, false] {
            var recipe = try RecipeFixtures.recipe(source: false)
            recipe.drawing = drawing
            if ascii {
                recipe.concepts = [.text("a page of handwriting"), .drawing]
                recipe.phrases = [ConceptPhrase("page of handwriting", weight: 1)]
                recipe.title = nil
            }
            let json = recipe.jsonText()
            XCTAssertGreaterThan(json.utf8.count, 8_000_000, "the recipe is over libpng's old 8 MB chunk cap")
            XCTAssertEqual(json.utf8.allSatisfy { $0 < 0x80 }, ascii)
            let png = try OutputEncoding.current.encode(PNGDocument(image: RecipeFixtures.gradient(width: 64, height: 48),
                                                                    text: recipe.textChunks()))
            XCTAssertLessThan(png.count, json.utf8.count / 4, "\(png.count) bytes for \(json.utf8.count) of JSON")
            var types: [String] = [], offset = 8
            while offset + 8 <= png.count {
                let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
                types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
                offset += 12 + length
            }
            XCTAssertEqual(types, ["IHDR", "tEXt", "iTXt", ascii ? "zTXt" : "iTXt", "IDAT", "IEND"])
            XCTAssertEqual(try Recipe(document: PNGCodec.decode(png)), recipe)
            XCTAssertEqual(try Recipe(textChunks: PNGCodec.decodeText(png)), recipe)
            let file = dir.appendingPathComponent("large-\(ascii).png")
            try Data(png).write(to: file)
            XCTAssertEqual(try Recipe.read(from: file), recipe)
            XCTAssertEqual(OutputEncoding.of(png: png), .current)
        }
    }

    /// A replay writes text the way the file it replays did: uncompressed for a file written
    /// before long text was compressed, so that it comes back byte for byte.
    func testReplayEncodingFollowsTheFilesText() throws {
        let document = PNGDocument(image: RecipeFixtures.gradient(width: 64, height: 48), text: try RecipeFixtures.recipe().textChunks())
        for encoding in [OutputEncoding.current, .level2Adaptive, .level1SubPlainText] {
            let png = try encoding.encode(document)
            XCTAssertEqual(OutputEncoding.of(png: png), encoding)
            XCTAssertEqual(try OutputEncoding.of(png: png).encode(document), png)
        }
        XCTAssertNotEqual(try OutputEncoding.current.encode(document), try OutputEncoding.level1SubPlainText.encode(document))
    }
}
