import Foundation
import InklingStrokes
import XCTest

/// A stroke's render bounds (nib, transform, mask), transforms and defaults.
final class StrokeTests: XCTestCase {
    /// A stroke through the given locations with a `nib`×`nib` size.
    private func stroke(_ xy: [(Double, Double)], nib: Double = 4, ink: InkType = .pen) -> Stroke {
        Stroke(ink: Ink(ink), path: StrokePath(points: xy.map {
            StrokePoint(location: Point2D(x: $0.0, y: $0.1), size: Size2D(width: nib, height: nib))
        }))
    }

    private func assertEqual(_ r: Rect2D?, _ s: Rect2D, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        guard let r else { return XCTFail("no bounds, expected \(s)", file: file, line: line) }
        XCTAssertEqual(r.minX, s.minX, accuracy: accuracy, "minX of \(r) vs \(s)", file: file, line: line)
        XCTAssertEqual(r.minY, s.minY, accuracy: accuracy, "minY of \(r) vs \(s)", file: file, line: line)
        XCTAssertEqual(r.maxX, s.maxX, accuracy: accuracy, "maxX of \(r) vs \(s)", file: file, line: line)
        XCTAssertEqual(r.maxY, s.maxY, accuracy: accuracy, "maxY of \(r) vs \(s)", file: file, line: line)
    }

    func testDefaultsAreIdentityNoMaskSeedZero() {
        let s = stroke([(0, 0)])
        XCTAssertEqual(s.transform, .identity)
        XCTAssertNil(s.mask)
        XCTAssertEqual(s.randomSeed, 0)
        XCTAssertEqual(Ink(.pen).color, .black)
    }

    func testPointDefaultsMatchTheDocumentedFormat() {
        let p = StrokePoint(location: .zero)
        XCTAssertEqual(p.timeOffset, 0)
        XCTAssertEqual(p.size, Size2D(width: 4, height: 4))
        XCTAssertEqual(p.opacity, 1)
        XCTAssertEqual(p.force, 1)
        XCTAssertEqual(p.azimuth, 0)
        XCTAssertEqual(p.altitude, .pi / 2)
        XCTAssertEqual(p.secondaryScale, 1)
        XCTAssertEqual(p.threshold, 0)
    }

    func testRenderBoundsGrowByHalfTheNib() {
        assertEqual(stroke([(10, 20), (50, 80)], nib: 6).renderBounds, Rect2D(x: 7, y: 17, width: 46, height: 66))
        // A tap covers its nib.
        assertEqual(stroke([(10, 20)], nib: 8).renderBounds, Rect2D(x: 6, y: 16, width: 8, height: 8))
        // The larger of width and height counts, scaled by a secondary scale above 1.
        var s = stroke([(0, 0)])
        s.path.points[0].size = Size2D(width: 2, height: 10)
        assertEqual(s.renderBounds, Rect2D(x: -5, y: -5, width: 10, height: 10))
        s.path.points[0].secondaryScale = 2
        assertEqual(s.renderBounds, Rect2D(x: -10, y: -10, width: 20, height: 20))
        // Each point's own nib: a wide end widens only that end.
        var t = stroke([(0, 0), (100, 0)], nib: 2)
        t.path.points[1].size = Size2D(width: 20, height: 20)
        assertEqual(t.renderBounds, Rect2D(x: -1, y: -10, width: 111, height: 20))
    }

    func testRenderBoundsContainEveryInterpolatedPoint() throws {
        let s = stroke([(0, 0), (10, 30), (40, -5), (50, 20), (80, 80), (90, 0)], nib: 0)
        let box = try XCTUnwrap(s.renderBounds)
        for q in s.path.interpolatedPoints(by: .parametricStep(0.05)) {
            XCTAssertTrue(q.location.x >= box.minX - 1e-9 && q.location.x <= box.maxX + 1e-9, "\(q.location) outside \(box)")
            XCTAssertTrue(q.location.y >= box.minY - 1e-9 && q.location.y <= box.maxY + 1e-9, "\(q.location) outside \(box)")
        }
    }

    func testRenderBoundsOfAnEmptyStrokeIsNil() {
        XCTAssertNil(Stroke(ink: Ink(.pen), path: StrokePath(points: [])).renderBounds)
    }

    func testRenderBoundsHonourTheTransform() {
        var s = stroke([(0, 0), (10, 0)], nib: 2) // local bounds (-1, -1) … (11, 1)
        s.transform = AffineTransform2D(translationX: 100, y: 50)
        assertEqual(s.renderBounds, Rect2D(x: 99, y: 49, width: 12, height: 2))
        s.transform = AffineTransform2D(scaleX: 2, y: 3)
        assertEqual(s.renderBounds, Rect2D(x: -2, y: -3, width: 24, height: 6))
        s.transform = AffineTransform2D(rotationAngle: .pi / 2) // +x turns to +y
        assertEqual(s.renderBounds, Rect2D(x: -1, y: -1, width: 2, height: 12))
    }

    func testRenderBoundsAreClippedToTheMaskBeforeTheTransform() {
        var s = stroke([(0, 0), (100, 0)], nib: 10) // local bounds (-5, -5) … (105, 5)
        s.mask = StrokeMask(rect: Rect2D(x: 20, y: -50, width: 30, height: 100))
        assertEqual(s.renderBounds, Rect2D(x: 20, y: -5, width: 30, height: 10))
        s.transform = AffineTransform2D(translationX: 1000, y: 0)
        assertEqual(s.renderBounds, Rect2D(x: 1020, y: -5, width: 30, height: 10))
        // A polygon mask clips to its bounding box.
        s.transform = .identity
        s.mask = StrokeMask(polygons: [[Point2D(x: 60, y: 0), Point2D(x: 80, y: -40), Point2D(x: 70, y: 40)]])
        assertEqual(s.renderBounds, Rect2D(x: 60, y: -5, width: 20, height: 10))
    }

    func testRenderBoundsAreNilWhenTheMaskMissesTheStroke() {
        var s = stroke([(0, 0), (100, 0)], nib: 10)
        s.mask = StrokeMask(rect: Rect2D(x: 0, y: 500, width: 10, height: 10))
        XCTAssertNil(s.renderBounds)
        s.mask = StrokeMask(polygons: [])
        XCTAssertNil(s.renderBounds, "an empty mask hides everything")
    }

    func testMaskWithAHoleHasTheOuterPolygonsBounds() {
        let outer = Rect2D(x: -10, y: -10, width: 20, height: 20).corners
        let hole = Array(Rect2D(x: -5, y: -5, width: 10, height: 10).corners.reversed())
        let mask = StrokeMask(polygons: [outer, hole])
        XCTAssertEqual(mask.bounds, Rect2D(x: -10, y: -10, width: 20, height: 20))
        XCTAssertEqual(StrokeMask(rect: Rect2D(x: 1, y: 2, width: 3, height: 4)).polygons.count, 1)
        XCTAssertNil(StrokeMask(polygons: []).bounds)
    }

    func testTransformedAppliesTheNewTransformAfterTheStrokesOwn() {
        var s = stroke([(1, 0)])
        s.transform = AffineTransform2D(scaleX: 2, y: 2)
        let moved = s.transformed(using: AffineTransform2D(translationX: 10, y: 0))
        // Scale first (1 → 2), then move (→ 12); the other way round would give 22.
        XCTAssertEqual(moved.transform.apply(to: Point2D(x: 1, y: 0)), Point2D(x: 12, y: 0))
        XCTAssertEqual(moved.path, s.path, "the control points stay in stroke space")
        XCTAssertEqual(moved.mask, s.mask)
        XCTAssertEqual(moved.ink, s.ink)
        XCTAssertEqual(moved.randomSeed, s.randomSeed)
    }

    func testStrokeIsCodable() throws {
        var s = stroke([(0, 0), (3, 4)], ink: .watercolor)
        s.mask = StrokeMask(rect: Rect2D(x: 0, y: 0, width: 1, height: 1))
        s.randomSeed = .max
        s.transform = AffineTransform2D(rotationAngle: 0.5)
        let data = try JSONEncoder().encode(s)
        XCTAssertEqual(try JSONDecoder().decode(Stroke.self, from: data), s)
    }
}
