import Inkling
import InklingComparison
import InklingConditioning
import InklingOutputs
import InklingStrokes
import XCTest

/// Guidance adherence through the API: measured on a generated image against its own drawing.
final class AdherenceAPITests: XCTestCase {
    private func drawing() -> Drawing {
        let square = [(20.0, 20.0), (80, 20), (80, 80), (20, 80), (20, 20)].map {
            StrokePoint(location: Point2D(x: $0.0, y: $0.1), size: Size2D(width: 3, height: 3))
        }
        return Drawing(strokes: [Stroke(ink: Ink(.monoline), path: StrokePath(points: square))],
                       canvas: Size2D(width: 100, height: 100))
    }

    private func firstImage(strength: Double, drawing: Drawing?) async throws -> GeneratedImage {
        var options = GenerationOptions(size: .closest(to: PixelSize(width: 512, height: 512)), seed: 3)
        options.guidance.strength = strength
        let creator = try await InklingImageCreator(options: options)
        var concepts: [Concept] = [.text("a box")]
        if let drawing { concepts.append(.drawing(drawing)) }
        for try await image in creator.images(for: concepts, style: .animation, limit: 1) {
            defer { try? FileManager.default.removeItem(at: image.url) }
            return image
        }
        throw XCTSkip("no image produced")
    }

    func testAdherenceIsHigherAtFullStrengthThanWithoutInfluence() async throws {
        let loose = try await firstImage(strength: 0, drawing: drawing())
        let tight = try await firstImage(strength: 1, drawing: drawing())
        let a0 = try XCTUnwrap(try loose.guidanceAdherence())
        let a1 = try XCTUnwrap(try tight.guidanceAdherence())
        XCTAssertGreaterThan(a1.f1, a0.f1 + 0.2, "strength 1: \(a1), strength 0: \(a0)")
    }

    func testNoDrawingMeansNoAdherence() async throws {
        let image = try await firstImage(strength: 1, drawing: nil)
        XCTAssertNil(try image.guidanceAdherence())
    }
}
