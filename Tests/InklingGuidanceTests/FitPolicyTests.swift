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
