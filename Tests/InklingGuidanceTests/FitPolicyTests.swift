import InklingGuidance
import InklingStrokes
import XCTest

final class FitPolicyTests: XCTestCase {
    private let frame = Rect2D(x: 100, y: 50, width: 200, height: 100)

    func testFitLetterboxesAndKeepsAspect() {
        let t = FitPolicy.fit.transform(from: frame, to: 512, 512, padding: 0.05)
        XCTAssertEqual(t.a, t.d)
        XCTAssertEqual(t.a, (512 - 2 * 25.6) / 200, accuracy: 1e-12)
        let mapped = t.apply(to: frame)
        XCTAssertEqual(mapped.minX, 25.6, accuracy: 1e-9)
        XCTAssertEqual(mapped.maxX, 512 - 25.6, accuracy: 1e-9)
        XCTAssertEqual(mapped.midY, 256, accuracy: 1e-9)
        XCTAssertGreaterThan(mapped.minY, 25.6)
    }

    func testFillCoversAndCrops() {
        let t = FitPolicy.fill.transform(from: frame, to: 512, 512, padding: 0.05)
        XCTAssertEqual(t.a, t.d)
        let mapped = t.apply(to: frame)
        XCTAssertEqual(mapped.minY, 25.6, accuracy: 1e-9)
        XCTAssertEqual(mapped.maxY, 512 - 25.6, accuracy: 1e-9)
        XCTAssertLessThan(mapped.minX, 0)
        XCTAssertGreaterThan(mapped.maxX, 512)
        XCTAssertEqual(mapped.midX, 256, accuracy: 1e-9)
    }

    func testStretchFillsTheInnerRectangle() {
        let t = FitPolicy.stretch.transform(from: frame, to: 400, 300, padding: 0.1)
        let mapped = t.apply(to: frame)
        XCTAssertEqual(mapped.minX, 30, accuracy: 1e-9)
        XCTAssertEqual(mapped.maxX, 370, accuracy: 1e-9)
        XCTAssertEqual(mapped.minY, 30, accuracy: 1e-9)
        XCTAssertEqual(mapped.maxY, 270, accuracy: 1e-9)
        XCTAssertNotEqual(t.a, t.d)
    }

    func testNoPaddingReachesTheEdges() {
        let t = FitPolicy.fit.transform(from: Rect2D(x: 0, y: 0, width: 10, height: 10), to: 100, 100, padding: 0)
        XCTAssertEqual(t, AffineTransform2D(a: 10, b: 0, c: 0, d: 10, tx: 0, ty: 0))
    }

    func testDegenerateFramesAreCentred() {
        let line = FitPolicy.fit.transform(from: Rect2D(x: 0, y: 5, width: 10, height: 0), to: 100, 100, padding: 0)
        XCTAssertEqual(line.apply(to: Point2D(x: 5, y: 5)), Point2D(x: 50, y: 50))
        XCTAssertEqual(line.a, 10)
        let point = FitPolicy.stretch.transform(from: Rect2D(x: 3, y: 4, width: 0, height: 0), to: 64, 32, padding: 0.05)
        XCTAssertEqual(point.apply(to: Point2D(x: 3, y: 4)), Point2D(x: 32, y: 16))
    }

    /// A drawing under one unit wide whose points carry the default 4-unit nib, with a shape of
    /// size 0.05: the frame is the strokes grown by half the size (not by half the nib), so the
    /// drawing fills the map and its lines are 0.05 units wide scaled with the fit, in both the
    /// ink and the freehand outline (which outlines lines under a unit wide scaled up, instead
    /// of letting perfect-freehand's pixel-sized constants blot them).
    func testShapeSizeSetsTheFrameAndTheLineWidthOfAFineDrawing() throws {
        // An "x" and a "+", 0.8 units across, as a CROHME formula would be.
        let strokes = [
            Fixtures.line((0, 0), (0.3, 0.4)), Fixtures.line((0.3, 0), (0, 0.4)),
            Fixtures.line((0.45, 0.2), (0.8, 0.2)), Fixtures.line((0.625, 0.05), (0.625, 0.35)),
        ].map { Fixtures.stroke($0, speed: 2) }
        XCTAssertEqual(strokes[0].path.points[0].size.width, 4, "the points keep the default nib")
        let length = 2 * 0.5 + 0.35 + 0.3
        for preset in [StrokeShape.Preset.ink, .freehand] {
            let drawing = Drawing(strokes: strokes).reshaped(by: StrokeShape(preset: preset, size: 0.05))
            let frame = try XCTUnwrap(drawing.frame)
            XCTAssertEqual(frame.width, 0.85, accuracy: 1e-9, "\(preset): the strokes and half the size on each side")
            let map = try GuidanceRenderer(options: GuidanceOptions(width: 256, height: 256)).render(drawing)
            let scale = map.drawingToPixels.a
            XCTAssertEqual(scale, 256 * 0.9 / 0.85, accuracy: 1e-9)
            var minX = Int.max, maxX = Int.min, inked = 0
            for y in 0..<256 { for x in 0..<256 where map.image.gray(x, y) > 127 { inked += 1; minX = min(minX, x); maxX = max(maxX, x) } }
            XCTAssertGreaterThan(maxX - minX, 200, "\(preset): the drawing fills the map")
            // Inked area over the lines' length in pixels: their mean width, about 0.05 × scale (13.6 px).
            let width = Double(inked) / (length * scale)
            XCTAssertTrue((0.6 * 0.05 * scale...1.6 * 0.05 * scale).contains(width), "\(preset): lines \(width) px wide, expected about \(0.05 * scale)")
        }
    }

    func testRenderReportsTheFitTransform() throws {
        let drawing = Drawing(strokes: [Fixtures.stroke(Fixtures.line((0, 0), (10, 10)))], canvas: Size2D(width: 300, height: 100))
        for fit in FitPolicy.allCases {
            let map = try GuidanceRenderer(options: GuidanceOptions(width: 128, height: 96, fit: fit, padding: 0.1)).render(drawing)
            XCTAssertEqual(map.drawingToPixels, fit.transform(from: drawing.frame!, to: 128, 96, padding: 0.1))
        }
    }
}

extension Rect2D {
    var midX: Double { minX + width / 2 }
    var midY: Double { minY + height / 2 }
}
