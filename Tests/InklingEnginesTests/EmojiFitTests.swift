import Foundation
import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingImageIO
import InklingStrokes
import XCTest

/// The emoji sticker (its die-cut shape, border and rim) always lies inside the image with a
/// margin: for every drawing in `Strokes/`, and for open, edge-touching and single-stroke ones.
final class EmojiFitTests: XCTestCase {
    /// Every example drawing (the columnar twins are the same drawings).
    private func examples() throws -> [(String, Drawing)] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Strokes").standardized
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") && !$0.contains(".columnar.") }.sorted()
            .map { ($0, try StrokeJSONDecoder().decode(Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    private func stroke(_ points: [(Double, Double)], nib: Double = 6) -> Stroke {
        Stroke(ink: Ink(.pen), path: StrokePath(points: points.enumerated().map { i, p in
            StrokePoint(location: Point2D(x: p.0, y: p.1), timeOffset: Double(i) * 0.01, size: Size2D(width: nib, height: nib))
        }))
    }

    /// Drawings that pull a silhouette outwards.
    private var awkward: [(String, Drawing)] {
        let canvas = Size2D(width: 400, height: 400)
        let arc = (0..<60).map { i -> (Double, Double) in
            let a = Double(i) / 59 * 1.7 * Double.pi
            return (200 + 195 * cos(a), 200 + 195 * sin(a))
        }
        let frame = [(1.0, 1.0), (399, 1), (399, 399), (1, 399), (1, 3)]
        let diagonal: [(Double, Double)] = (0...20).map { i in (Double(i) * 20, Double(i) * 20) }
        var hook: [(Double, Double)] = []
        for i in 0...30 {
            let x = Double(i) * 13
            hook.append((x, 390 - 8 * sin(Double(i) / 5)))
        }
        hook += [(395, 200), (390, 5)]
        return [
            ("open arc", Drawing(strokes: [stroke(arc)], canvas: canvas)),
            ("frame touching the edges", Drawing(strokes: [stroke(frame, nib: 10)], canvas: canvas)),
            ("one diagonal stroke", Drawing(strokes: [stroke(diagonal)])),
            ("a scene and an open hook", Drawing(strokes: [stroke([(150, 150), (250, 150), (250, 250), (150, 250), (150, 150)]), stroke(hook)], canvas: canvas)),
        ]
    }

    func testTheStickerKeepsAMarginForEveryDrawing() async throws {
        let engine = BuiltInEngine()
        let size = PixelSize(width: 256, height: 256)
        let margin = 5  // 2% of the side; the painter keeps 3%
        for (name, drawing) in try examples() + awkward {
            for strength in [0.3, 0.8, 1.0] {
                let c = EngineFixtures.conditioning(style: .emoji, size: size, drawing: drawing,
                                                    phrases: [ConceptPhrase("a happy cat", weight: 1)], strength: strength)
                let image = try await engine.generate(c, variation: 0).converted(to: .rgba)
                var touching = 0
                for y in 0..<image.height {
                    for x in 0..<image.width where x < margin || y < margin || x >= image.width - margin || y >= image.height - margin {
                        if image.pixels[(y * image.width + x) * 4 + 3] > 2 { touching += 1 }
                    }
                }
                XCTAssertEqual(touching, 0, "\(name) at strength \(strength): \(touching) opaque pixels within \(margin) px of the edge")
                var inside = 0
                for i in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[i] > 128 { inside += 1 }
                XCTAssertGreaterThan(inside, image.width * image.height / 10, "\(name): the sticker is still there, not shrunk away")
                EngineFixtures.dump(image, "emoji-fit-\(name)-\(strength)")
            }
        }
    }
}
