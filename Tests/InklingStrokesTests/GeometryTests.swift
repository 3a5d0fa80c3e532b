import Foundation
import InklingStrokes
import XCTest

/// Points, rectangles and affine transforms, with Core Graphics' conventions.
final class GeometryTests: XCTestCase {
    private func assertEqual(_ p: Point2D, _ q: Point2D, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, q.x, accuracy: accuracy, "x of \(p) vs \(q)", file: file, line: line)
        XCTAssertEqual(p.y, q.y, accuracy: accuracy, "y of \(p) vs \(q)", file: file, line: line)
    }

    private func assertEqual(_ r: Rect2D, _ s: Rect2D, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.minX, s.minX, accuracy: accuracy, "minX of \(r) vs \(s)", file: file, line: line)
        XCTAssertEqual(r.minY, s.minY, accuracy: accuracy, "minY of \(r) vs \(s)", file: file, line: line)
        XCTAssertEqual(r.maxX, s.maxX, accuracy: accuracy, "maxX of \(r) vs \(s)", file: file, line: line)
        XCTAssertEqual(r.maxY, s.maxY, accuracy: accuracy, "maxY of \(r) vs \(s)", file: file, line: line)
    }

    private func assertEqual(_ t: AffineTransform2D, _ u: AffineTransform2D, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        let lhs = [t.a, t.b, t.c, t.d, t.tx, t.ty], rhs = [u.a, u.b, u.c, u.d, u.tx, u.ty]
        for (x, y) in zip(lhs, rhs) {
            XCTAssertEqual(x, y, accuracy: accuracy, "\(t) vs \(u)", file: file, line: line)
        }
    }

    // MARK: Point2D

    func testPointArithmeticAndDistance() {
        let p = Point2D(x: 1, y: 2), q = Point2D(x: 4, y: 6)
        XCTAssertEqual(p + q, Point2D(x: 5, y: 8))
        XCTAssertEqual(q - p, Point2D(x: 3, y: 4))
        XCTAssertEqual(p * 3, Point2D(x: 3, y: 6))
        XCTAssertEqual(p.distance(to: q), 5)
        XCTAssertEqual((q - p).length, 5)
        XCTAssertEqual(Point2D.zero.length, 0)
    }

    // MARK: Rect2D

    func testRectEdgesAndCornersRunClockwiseFromTopLeft() {
        let r = Rect2D(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual([r.minX, r.minY, r.maxX, r.maxY, r.width, r.height], [10, 20, 40, 60, 30, 40])
        XCTAssertEqual(r.corners, [Point2D(x: 10, y: 20), Point2D(x: 40, y: 20), Point2D(x: 40, y: 60), Point2D(x: 10, y: 60)])
    }

    func testRectEnclosingPointsIsTheirBoundingBox() {
        let r = Rect2D(enclosing: [Point2D(x: 3, y: -1), Point2D(x: -2, y: 5), Point2D(x: 0, y: 0)])
        XCTAssertEqual(r, Rect2D(x: -2, y: -1, width: 5, height: 6))
        XCTAssertEqual(Rect2D(enclosing: [Point2D(x: 7, y: 8)]), Rect2D(x: 7, y: 8, width: 0, height: 0))
        XCTAssertNil(Rect2D(enclosing: [Point2D]()))
    }

    func testRectUnionContainsBoth() {
        let a = Rect2D(x: 0, y: 0, width: 10, height: 10), b = Rect2D(x: 5, y: -5, width: 20, height: 8)
        XCTAssertEqual(a.union(b), Rect2D(x: 0, y: -5, width: 25, height: 15))
        XCTAssertEqual(b.union(a), a.union(b))
        XCTAssertEqual(a.union(a), a)
    }

    func testRectIntersectionIsTheOverlapOrNil() {
        let a = Rect2D(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(a.intersection(Rect2D(x: 5, y: 5, width: 10, height: 10)), Rect2D(x: 5, y: 5, width: 5, height: 5))
        XCTAssertEqual(a.intersection(Rect2D(x: 2, y: 2, width: 3, height: 3)), Rect2D(x: 2, y: 2, width: 3, height: 3))
        XCTAssertNil(a.intersection(Rect2D(x: 11, y: 0, width: 5, height: 5)))
        XCTAssertNil(a.intersection(Rect2D(x: 0, y: -6, width: 5, height: 5)))
        // Rectangles that only touch share a zero-width edge.
        XCTAssertEqual(a.intersection(Rect2D(x: 10, y: 0, width: 5, height: 5)), Rect2D(x: 10, y: 0, width: 0, height: 5))
    }

    func testRectInsetShrinksForPositiveAndGrowsForNegativeAmounts() {
        let r = Rect2D(x: 0, y: 0, width: 10, height: 20)
        XCTAssertEqual(r.insetBy(dx: 2, dy: 3), Rect2D(x: 2, y: 3, width: 6, height: 14))
        XCTAssertEqual(r.insetBy(dx: -2, dy: -3), Rect2D(x: -2, y: -3, width: 14, height: 26))
        let collapsed = r.insetBy(dx: 8, dy: 0)
        XCTAssertEqual(collapsed.width, 0, "an inset past the middle never makes a negative width")
    }

    // MARK: AffineTransform2D

    func testIdentityLeavesPointsAlone() {
        let p = Point2D(x: 3.5, y: -7)
        XCTAssertEqual(AffineTransform2D.identity.apply(to: p), p)
        XCTAssertTrue(AffineTransform2D.identity.isIdentity)
        XCTAssertFalse(AffineTransform2D(translationX: 1, y: 0).isIdentity)
        XCTAssertEqual(AffineTransform2D.identity.determinant, 1)
    }

    func testPointMappingFollowsTheDocumentedFormula() {
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty
        let t = AffineTransform2D(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        XCTAssertEqual(t.apply(to: Point2D(x: 1, y: 10)), Point2D(x: 2 + 50 + 11, y: 3 + 70 + 13))
        XCTAssertEqual(t.applyLinear(to: Point2D(x: 1, y: 10)), Point2D(x: 52, y: 73))
        XCTAssertEqual(t.determinant, 2 * 7 - 3 * 5)
    }

    func testTranslationAndScale() {
        assertEqual(AffineTransform2D(translationX: 5, y: -2).apply(to: Point2D(x: 1, y: 1)), Point2D(x: 6, y: -1))
        assertEqual(AffineTransform2D(scaleX: 2, y: 3).apply(to: Point2D(x: 1, y: 1)), Point2D(x: 2, y: 3))
        XCTAssertEqual(AffineTransform2D(scaleX: 2, y: 8).meanScale, 4, accuracy: 1e-12)
        XCTAssertEqual(AffineTransform2D(scaleX: -2, y: 8).meanScale, 4, accuracy: 1e-12, "a mirror still scales lengths")
    }

    func testRotationIsClockwiseOnAYDownCanvas() {
        // As CGAffineTransform(rotationAngle:): +x turns towards +y.
        let quarter = AffineTransform2D(rotationAngle: .pi / 2)
        assertEqual(quarter.apply(to: Point2D(x: 1, y: 0)), Point2D(x: 0, y: 1))
        assertEqual(quarter.apply(to: Point2D(x: 0, y: 1)), Point2D(x: -1, y: 0))
        let r = AffineTransform2D(rotationAngle: 0.3)
        XCTAssertEqual([r.a, r.b, r.c, r.d], [cos(0.3), sin(0.3), -sin(0.3), cos(0.3)])
        XCTAssertEqual(r.determinant, 1, accuracy: 1e-12)
        // Rotations add up.
        assertEqual(r.concatenating(AffineTransform2D(rotationAngle: 0.5)), AffineTransform2D(rotationAngle: 0.8))
    }

    func testConcatenatingAppliesTheReceiverFirstLikeCoreGraphics() {
        let scale = AffineTransform2D(scaleX: 2, y: 2)
        let move = AffineTransform2D(translationX: 10, y: 0)
        let p = Point2D(x: 1, y: 1)
        // Scale, then move: (2, 2) + (10, 0).
        assertEqual(scale.concatenating(move).apply(to: p), Point2D(x: 12, y: 2))
        // Move, then scale: ((1 + 10) · 2, 1 · 2).
        assertEqual(move.concatenating(scale).apply(to: p), Point2D(x: 22, y: 2))
    }

    func testConcatenationMatchesApplyingInTurnForGeneralTransforms() {
        let t1 = AffineTransform2D(a: 1.5, b: 0.2, c: -0.7, d: 0.9, tx: 3, ty: -4)
        let t2 = AffineTransform2D(a: 0.3, b: -1.1, c: 2, d: 0.5, tx: -6, ty: 8)
        let t3 = AffineTransform2D(rotationAngle: 1.1).concatenating(AffineTransform2D(translationX: 2, y: 3))
        for p in [Point2D(x: 0, y: 0), Point2D(x: 1, y: -2), Point2D(x: 123.5, y: 77)] {
            assertEqual(t1.concatenating(t2).apply(to: p), t2.apply(to: t1.apply(to: p)))
            assertEqual(t2.concatenating(t1).apply(to: p), t1.apply(to: t2.apply(to: p)))
        }
        // Associative, with identity as neutral element.
        assertEqual(t1.concatenating(t2).concatenating(t3), t1.concatenating(t2.concatenating(t3)))
        XCTAssertEqual(t1.concatenating(.identity), t1)
        XCTAssertEqual(AffineTransform2D.identity.concatenating(t1), t1)
        XCTAssertEqual(t1.concatenating(t2).determinant, t1.determinant * t2.determinant, accuracy: 1e-12)
    }

    func testInverseUndoesTheTransform() throws {
        let t = AffineTransform2D(a: 1.5, b: 0.2, c: -0.7, d: 0.9, tx: 3, ty: -4)
        let inv = try XCTUnwrap(t.inverted())
        assertEqual(t.concatenating(inv), .identity)
        assertEqual(inv.concatenating(t), .identity)
        for p in [Point2D(x: 0, y: 0), Point2D(x: 10, y: -20), Point2D(x: -3.25, y: 0.5)] {
            assertEqual(inv.apply(to: t.apply(to: p)), p)
        }
        let rotated = AffineTransform2D(rotationAngle: 0.6)
        assertEqual(try XCTUnwrap(rotated.inverted()), AffineTransform2D(rotationAngle: -0.6))
        assertEqual(try XCTUnwrap(AffineTransform2D(translationX: 4, y: 5).inverted()), AffineTransform2D(translationX: -4, y: -5))
    }

    func testSingularOrNonFiniteTransformsHaveNoInverse() {
        XCTAssertNil(AffineTransform2D(scaleX: 0, y: 1).inverted())
        XCTAssertNil(AffineTransform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted(), "parallel columns")
        XCTAssertNil(AffineTransform2D(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted())
        XCTAssertNil(AffineTransform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted())
    }

    func testRectTransformIsTheBoundingBoxOfTheCorners() {
        let r = Rect2D(x: 0, y: 0, width: 10, height: 20)
        assertEqual(AffineTransform2D(translationX: 5, y: 5).apply(to: r), Rect2D(x: 5, y: 5, width: 10, height: 20))
        assertEqual(AffineTransform2D(scaleX: -1, y: 2).apply(to: r), Rect2D(x: -10, y: 0, width: 10, height: 40))
        assertEqual(AffineTransform2D(rotationAngle: .pi / 2).apply(to: r), Rect2D(x: -20, y: 0, width: 20, height: 10))
        // A 45° turn of a square grows its box by √2.
        let square = Rect2D(x: -1, y: -1, width: 2, height: 2)
        let turned = AffineTransform2D(rotationAngle: .pi / 4).apply(to: square)
        XCTAssertEqual(turned.width, 2 * 2.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(turned.height, 2 * 2.0.squareRoot(), accuracy: 1e-12)
    }

    func testRectTransformWithNonFiniteCoefficientsDoesNotTrap() {
        let r = Rect2D(x: 0, y: 0, width: 10, height: 10)
        let box = AffineTransform2D(a: .nan, b: 0, c: 0, d: .nan, tx: 0, ty: 0).apply(to: r)
        XCTAssertTrue(box.minX.isNaN || box.maxX.isNaN, "NaN in, NaN out: \(box)")
        _ = AffineTransform2D(scaleX: .infinity, y: 1).apply(to: r)
    }

    func testTransformIsCodableAndHashable() throws {
        let t = AffineTransform2D(a: 1.5, b: 0.2, c: -0.7, d: 0.9, tx: 3, ty: -4)
        let data = try JSONEncoder().encode(t)
        XCTAssertEqual(try JSONDecoder().decode(AffineTransform2D.self, from: data), t)
        XCTAssertEqual(Set([t, t, .identity]).count, 2)
    }
}
