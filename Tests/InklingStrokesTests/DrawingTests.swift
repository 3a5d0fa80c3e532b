import Foundation
import InklingStrokes
import XCTest

/// A drawing's bounds, frame, transforms, appending and point count, as PencilKit's `PKDrawing`.
final class DrawingTests: XCTestCase {
    private func stroke(_ xy: [(Double, Double)], nib: Double = 2, ink: InkType = .pen) -> Stroke {
        Stroke(ink: Ink(ink), path: StrokePath(points: xy.map {
            StrokePoint(location: Point2D(x: $0.0, y: $0.1), size: Size2D(width: nib, height: nib))
        }))
    }

    func testEmptyDrawingHasNoBoundsAndNoPoints() {
        let d = Drawing()
        XCTAssertTrue(d.strokes.isEmpty)
        XCTAssertNil(d.canvas)
        XCTAssertNil(d.bounds)
        XCTAssertNil(d.frame)
        XCTAssertEqual(d.pointCount, 0)
    }

    func testBoundsAreTheUnionOfRenderBounds() {
        let d = Drawing(strokes: [stroke([(0, 0), (10, 10)]), stroke([(100, -50), (120, -40)])])
        XCTAssertEqual(d.bounds, Rect2D(x: -1, y: -51, width: 122, height: 62))
        XCTAssertEqual(d.bounds, d.strokes[0].renderBounds!.union(d.strokes[1].renderBounds!))
    }

    func testBoundsSkipStrokesThatRenderNothing() {
        var hidden = stroke([(1000, 1000), (2000, 2000)])
        hidden.mask = StrokeMask(rect: Rect2D(x: 0, y: 0, width: 1, height: 1))
        let empty = Stroke(ink: Ink(.pen), path: StrokePath(points: []))
        let d = Drawing(strokes: [hidden, stroke([(0, 0), (10, 10)]), empty])
        XCTAssertEqual(d.bounds, Rect2D(x: -1, y: -1, width: 12, height: 12))
        XCTAssertNil(Drawing(strokes: [hidden, empty]).bounds)
    }

    func testFramePrefersTheCanvas() {
        let strokes = [stroke([(-50, -50), (2000, 10)])]
        XCTAssertEqual(Drawing(strokes: strokes, canvas: Size2D(width: 1024, height: 768)).frame,
                       Rect2D(x: 0, y: 0, width: 1024, height: 768))
        XCTAssertEqual(Drawing(strokes: strokes).frame, Drawing(strokes: strokes).bounds)
        // A degenerate canvas does not count.
        XCTAssertEqual(Drawing(strokes: strokes, canvas: Size2D(width: 0, height: 768)).frame, Drawing(strokes: strokes).bounds)
        XCTAssertEqual(Drawing(canvas: Size2D(width: 300, height: 200)).frame, Rect2D(x: 0, y: 0, width: 300, height: 200))
    }

    func testTransformedComposesAfterEachStrokesTransform() {
        var a = stroke([(1, 0)])
        a.transform = AffineTransform2D(scaleX: 2, y: 2)
        var b = stroke([(1, 0)])
        b.transform = AffineTransform2D(rotationAngle: .pi / 2)
        let canvas = Size2D(width: 640, height: 480)
        let move = AffineTransform2D(translationX: 10, y: 5)
        let d = Drawing(strokes: [a, b], canvas: canvas).transformed(using: move)
        XCTAssertEqual(d.canvas, canvas, "the canvas is kept")
        XCTAssertEqual(d.strokes.count, 2)
        XCTAssertEqual(d.strokes[0].transform, a.transform.concatenating(move))
        XCTAssertEqual(d.strokes[1].transform, b.transform.concatenating(move))
        let p0 = d.strokes[0].transform.apply(to: Point2D(x: 1, y: 0))
        XCTAssertEqual(p0, Point2D(x: 12, y: 5))
        let p1 = d.strokes[1].transform.apply(to: Point2D(x: 1, y: 0))
        XCTAssertEqual(p1.x, 10, accuracy: 1e-12)
        XCTAssertEqual(p1.y, 6, accuracy: 1e-12)
    }

    func testTransformedBoundsMoveWithTheTransform() throws {
        let d = Drawing(strokes: [stroke([(0, 0), (10, 10)]), stroke([(20, 0), (30, 5)])])
        let moved = d.transformed(using: AffineTransform2D(translationX: 100, y: -100))
        let before = try XCTUnwrap(d.bounds), after = try XCTUnwrap(moved.bounds)
        XCTAssertEqual(after.minX, before.minX + 100, accuracy: 1e-9)
        XCTAssertEqual(after.minY, before.minY - 100, accuracy: 1e-9)
        XCTAssertEqual(after.width, before.width, accuracy: 1e-9)
        XCTAssertEqual(after.height, before.height, accuracy: 1e-9)
        XCTAssertEqual(d.transformed(using: .identity), d)
    }

    func testAppendingKeepsPaintingOrderAndTheFirstCanvas() {
        let a = Drawing(strokes: [stroke([(0, 0)], ink: .pen), stroke([(1, 1)], ink: .marker)],
                        canvas: Size2D(width: 100, height: 100))
        let b = Drawing(strokes: [stroke([(2, 2)], ink: .crayon)], canvas: Size2D(width: 999, height: 999))
        let ab = a.appending(b)
        XCTAssertEqual(ab.strokes.map(\.ink.type), [.pen, .marker, .crayon])
        XCTAssertEqual(ab.canvas, Size2D(width: 100, height: 100))
        XCTAssertEqual(b.appending(a).strokes.map(\.ink.type), [.crayon, .pen, .marker])
        // Without a canvas of its own, the drawing takes the other's.
        XCTAssertEqual(Drawing(strokes: a.strokes).appending(b).canvas, Size2D(width: 999, height: 999))
        XCTAssertNil(Drawing().appending(Drawing()).canvas)
        XCTAssertEqual(a.appending(Drawing()), a)
    }

    func testPointCountSumsEveryStroke() {
        let d = Drawing(strokes: [stroke([(0, 0), (1, 1), (2, 2)]), stroke([(5, 5)]),
                                  Stroke(ink: Ink(.pen), path: StrokePath(points: []))])
        XCTAssertEqual(d.pointCount, 4)
        XCTAssertEqual(d.appending(d).pointCount, 8)
    }

    func testDrawingIsCodableAndHashable() throws {
        let d = Drawing(strokes: [stroke([(0, 0), (1, 1)]), stroke([(5, 5)], ink: .reed)], canvas: Size2D(width: 10, height: 20))
        XCTAssertEqual(try JSONDecoder().decode(Drawing.self, from: JSONEncoder().encode(d)), d)
        XCTAssertEqual(Set([d, d]).count, 1)
        XCTAssertNotEqual(d, Drawing(strokes: d.strokes))
    }
}
