import Foundation
import InklingConditioning
import InklingImageIO
import InklingOutputs

/// Recipes and images shared by the outputs tests.
enum RecipeFixtures {
    static let drawingJSON = #"{"format":"inkling.drawing","version":1,"canvas":{"width":100,"height":80},"strokes":[{"points":[{"x":10,"y":10},{"x":90,"y":70}]}]}"#

    static func drawing() throws -> RecipeDrawing {
        let stored = RecipeDrawing(json: drawingJSON, sha256: "")
        return RecipeDrawing(try stored.drawing())
    }

    static func gradient(width: Int = 32, height: Int = 24, format: PixelFormat = .rgb) -> RasterImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<format.channels { pixels.append(UInt8((x * 7 + y * 13 + c * 50) & 255)) }
            }
        }
        return RasterImage(width: width, height: height, format: format, pixels: pixels)
    }

    static func recipe(source: Bool = true) throws -> Recipe {
        Recipe(
            inklingVersion: "0.1.0", engine: "builtin", style: .illustration, size: PixelSize(width: 64, height: 48),
            seed: UInt64.max - 3, variation: 2,
            guidance: GuidanceControls(strength: 0.30000000000000004, start: 0.1, end: 0.7000000000000001, mode: .sketchFirst),
            sourceStrength: 1.0 / 3.0, personalization: false,
            concepts: [.text("a cosy house \"under\" a\nspring sky"), .extracted("Long notes about 桜 and tea.", title: "Notes"),
                       .image(origin: "photo.jpg"), .drawing],
            phrases: [ConceptPhrase("cosy house", weight: 0.6), ConceptPhrase("桜", weight: 0.4)],
            title: "Notes", language: "en", drawing: try drawing(),
            source: source ? RecipeSource(image: gradient(), origin: "photo.jpg") : nil)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
