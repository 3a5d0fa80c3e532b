import Foundation
import InklingImageIO
import XCTest
@testable import InklingOutputs

/// A result made from an engine's PNG keeps its compressed pixels and carries only the recipe's
/// text; one that does not qualify is encoded as before.
final class GeneratedPNGEngineBytesTests: XCTestCase {
    /// ComfyUI's own text chunks: the whole graph.
    static let comfyText = [PNGTextChunk(keyword: "prompt", text: #"{"3":{"class_type":"KSampler","inputs":{"seed":1}}}"#),
                            PNGTextChunk(keyword: "workflow", text: #"{"nodes":[{"type":"SaveImage"}]}"#)]

    func testKeepsTheEnginesPixelsAndDropsItsText() throws {
        let image = RecipeFixtures.gradient(width: 64, height: 48)
        let recipe = try RecipeFixtures.recipe()
        let engine = try PNGCodec.encode(PNGDocument(image: image, text: Self.comfyText), compressionLevel: 4)
        let result = try GeneratedPNG(image: image, recipe: recipe, enginePNG: engine)
        let encoded = try GeneratedPNG(image: image, recipe: recipe)
        XCTAssertNotEqual(result.png, encoded.png, "the engine's PNG was kept, not the pixels encoded again")
        let document = try PNGCodec.decode(result.png)
        XCTAssertEqual(document.image, image)
        XCTAssertEqual(document.text, try PNGCodec.decode(encoded.png).text, "the same recipe chunks as an encoded result")
        XCTAssertNil(document.text(for: "prompt"))
        XCTAssertNil(document.text(for: "workflow"))
        XCTAssertFalse(String(decoding: result.png, as: UTF8.self).contains("KSampler"), "nothing of the graph leaks")
        XCTAssertEqual(try Recipe(document: document), recipe)
        let parent = try RecipeFixtures.temporaryDirectory()
        let url = try result.write(to: parent.appendingPathComponent("kept.png"))
        XCTAssertEqual(try Recipe.read(from: url), recipe, "the recipe is read without decoding the pixels")
    }

    func testEncodesWhatDoesNotQualify() throws {
        let recipe = try RecipeFixtures.recipe()
        let image = RecipeFixtures.gradient(width: 64, height: 48)
        let other = RecipeFixtures.gradient(width: 32, height: 24)
        let cases: [(String, RasterImage, [UInt8])] = [
            ("another size", image, try PNGCodec.encode(PNGDocument(image: other, text: Self.comfyText))),
            ("gray", image.converted(to: .gray, background: .black), try PNGCodec.encode(PNGDocument(image: image.converted(to: .gray, background: .black)))),
            ("not a PNG", image, [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]),
            ("truncated", image, Array(try PNGCodec.encode(PNGDocument(image: image, text: Self.comfyText)).dropLast(5))),
        ]
        for (name, pixels, engine) in cases {
            let result = try GeneratedPNG(image: pixels, recipe: recipe, enginePNG: engine)
            XCTAssertEqual(result.png, try GeneratedPNG(image: pixels, recipe: recipe).png, name)
        }
    }
}
