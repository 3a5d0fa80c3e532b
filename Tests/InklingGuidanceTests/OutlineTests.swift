import InklingGuidance
import InklingStrokes
import XCTest

final class OutlineTests: XCTestCase {
    private let outliner = StrokeOutliner(spacing: 0.25)

    /// Largest |y| where the outline's edges cross the vertical lines at `range`'s x values
    /// (edges, not vertices: decimation leaves long straight edges).
    private func halfWidth(_ polygons: [[Point2D]], x range: ClosedRange<Double>) -> Double {
        var best = 0.0
        for x in stride(from: range.lowerBound, through: range.upperBound, by: 0.25) {
            for polygon in polygons {
                for (i, a) in polygon.enumerated() {
                    let b = polygon[(i + 1) % polygon.count]
                    guard (a.x - x) * (b.x - x) <= 0, a.x != b.x else { continue }
                    let y = a.y + (x - a.x) / (b.x - a.x) * (b.y - a.y)
                    best = max(best, abs(y))
                }
            }
        }
        return best
    }

    func testSinglePointIsADotOfTheNibSize() {
        let polygons = outliner.outline(for: Fixtures.stroke([(10, 20)], nib: 6))
        XCTAssertEqual(polygons.count, 1)
        for p in polygons[0] { XCTAssertEqual(p.distance(to: Point2D(x: 10, y: 20)), 3, accuracy: 1e-9) }
        XCTAssertGreaterThan(polygons[0].count, 8)
    }

    func testTapWithJitterIsADot() {
        let polygons = outliner.outline(for: Fixtures.stroke([(10, 20), (10.01, 20), (10, 20.01)], nib: 6))
        XCTAssertEqual(polygons.count, 1)
        for p in polygons[0] { XCTAssertEqual(p.distance(to: Point2D(x: 10, y: 20)), 3, accuracy: 1e-9) }
    }

    func testTaperNarrowsTheEnd() {
        var profile = InkProfile(.monoline)
        profile.taperEnd = 5
        let stroke = Fixtures.stroke(Fixtures.line((0, 0), (100, 0)), ink: .monoline)
        let tapered = StrokeOutliner(spacing: 0.25, profile: profile).outline(for: stroke)
        let middle = halfWidth(tapered, x: 40...60), end = halfWidth(tapered, x: 98...99)
        XCTAssertEqual(middle, 2, accuracy: 0.05)
        XCTAssertLessThan(end, middle * 0.6)
        // Without the taper the end is as wide as the middle.
        XCTAssertEqual(halfWidth(outliner.outline(for: stroke), x: 98...99), 2, accuracy: 0.05)
    }

    func testMonolineIgnoresPressure() {
        let forces = (0..<20).map { 0.1 + Double($0) * 0.1 }
        let stroke = Fixtures.stroke(Fixtures.line((0, 0), (100, 0)), ink: .monoline, forces: forces)
        let polygons = outliner.outline(for: stroke)
        for x in stride(from: 5.0, through: 95, by: 5) {
            XCTAssertEqual(halfWidth(polygons, x: x...x), 2, accuracy: 0.02)
        }
    }

    func testPenWidthFollowsPressure() {
        let forces = (0..<20).map { 0.1 + Double($0) * 0.1 }
        let stroke = Fixtures.stroke(Fixtures.line((0, 0), (100, 0)), ink: .pen, forces: forces)
        let polygons = outliner.outline(for: stroke)
        XCTAssertGreaterThan(halfWidth(polygons, x: 85...90), halfWidth(polygons, x: 10...15) * 1.5)
    }

    func testFountainPenWidthDependsOnDirection() {
        // Nib along +x (azimuth 0): moving along x draws thin, moving along y draws broad.
        let along = outliner.outline(for: Fixtures.stroke(Fixtures.line((0, 0), (100, 0)), ink: .fountainPen))
        let across = outliner.outline(for: Fixtures.stroke(Fixtures.line((0, 0), (0, 100)), ink: .fountainPen))
        let thin = halfWidth(along, x: 30...70)
        let broad = across.joined().filter { (30...70).contains($0.y) }.map { abs($0.x) }.max() ?? 0
        XCTAssertGreaterThan(broad, 3 * thin)
        XCTAssertEqual(broad, 4 * 1.6 / 2, accuracy: 0.1)
    }

    func testSharpCornersStayWithinTheNib() {
        // A V and a hairpin (a cusp): every outline vertex lies within the nib radius of the centreline.
        for points in [[(0.0, 0.0), (50, 60), (100, 0)], [(0, 0), (80, 0), (0, 0.5)], [(0, 0), (60, 0), (60, 60), (0, 60)]] {
            let stroke = Fixtures.stroke(points, ink: .monoline)
            let centreline = stroke.path.densified(spacing: 0.05).map(\.location)
            let polygons = outliner.outline(for: stroke)
            XCTAssertFalse(polygons.isEmpty)
            for p in polygons.joined() {
                let nearest = centreline.map { $0.distance(to: p) }.min()!
                XCTAssertLessThanOrEqual(nearest, 2 + 0.15, "vertex \(p) sticks out of \(points)")
            }
        }
    }

    func testSharpCornerRendersWithoutHoles() throws {
        let stroke = Fixtures.stroke([(0, 0), (50, 80), (100, 0)], nib: 8)
        let image = try Fixtures.render(Drawing(strokes: [stroke], canvas: Size2D(width: 100, height: 100)), 200, 200)
        // Walk the centreline in pixels: every sample is inside the stroke.
        let t = FitPolicy.fit.transform(from: Rect2D(x: 0, y: 0, width: 100, height: 100), to: 200, 200, padding: 0.05)
        for p in stroke.path.densified(spacing: 0.5) {
            let q = t.apply(to: p.location)
            let x = min(max(Int(q.x), 0), 199), y = min(max(Int(q.y), 0), 199)
            XCTAssertGreaterThan(image.gray(x, y), 200, "hole at \(q)")
        }
    }

    func testEmptyAndNonFiniteStrokesHaveNoOutline() {
        XCTAssertTrue(outliner.outline(for: Stroke(ink: Ink(.pen), path: StrokePath(points: []))).isEmpty)
        XCTAssertTrue(outliner.outline(for: Fixtures.stroke([(0, 0), (.nan, 1)])).isEmpty)
    }

    func testMinimumWidthWidensThinStrokes() {
        let stroke = Fixtures.stroke(Fixtures.line((0, 0), (100, 0)), ink: .monoline, nib: 0.5)
        XCTAssertEqual(halfWidth(outliner.outline(for: stroke, minimumWidth: 3), x: 20...80), 1.5, accuracy: 0.02)
    }

    func testEveryInkOutlinesAndRenders() throws {
        for ink in InkType.allCases {
            let stroke = Fixtures.stroke(Fixtures.wave(from: 10, to: 190, y: 100, amplitude: 40), ink: ink, nib: 6)
            XCTAssertFalse(outliner.outline(for: stroke).isEmpty, "\(ink)")
            let image = try Fixtures.render(Drawing(strokes: [stroke], canvas: Size2D(width: 200, height: 200)))
            XCTAssertGreaterThan(image.count(above: 20), 300, "\(ink) draws nothing")
        }
    }
}
