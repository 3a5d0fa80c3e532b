import Foundation
import InklingStrokes
import XCTest

/// The uniform cubic B-spline of a stroke path: endpoints, interpolation of every channel, strides.
final class StrokePathTests: XCTestCase {
    // MARK: Helpers

    /// A path through the given locations, one point every `dt` seconds.
    private func path(_ xy: [(Double, Double)], dt: Double = 0.01) -> StrokePath {
        StrokePath(points: xy.enumerated().map { i, p in
            StrokePoint(location: Point2D(x: p.0, y: p.1), timeOffset: Double(i) * dt)
        })
    }

    /// `n` collinear, equally spaced points from `start` in steps of `step`.
    private func line(_ n: Int, from start: Point2D = .zero, step: Point2D = Point2D(x: 3, y: 4)) -> StrokePath {
        path((0..<n).map { (start.x + Double($0) * step.x, start.y + Double($0) * step.y) })
    }

    /// Control points on a circle of radius `r` (closed: the last equals the first).
    private func circle(radius r: Double, points n: Int) -> StrokePath {
        path((0...n).map { i in
            let a = 2 * Double.pi * Double(i) / Double(n)
            return (r * cos(a), r * sin(a))
        })
    }

    private func assertEqual(_ p: Point2D, _ q: Point2D, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, q.x, accuracy: accuracy, "x of \(p) vs \(q)", file: file, line: line)
        XCTAssertEqual(p.y, q.y, accuracy: accuracy, "y of \(p) vs \(q)", file: file, line: line)
    }

    private func gaps(_ points: [StrokePoint]) -> [Double] {
        zip(points, points.dropFirst()).map { $0.location.distance(to: $1.location) }
    }

    // MARK: Basics

    func testCountRangeAndDuration() {
        let p = line(5)
        XCTAssertEqual(p.count, 5)
        XCTAssertFalse(p.isEmpty)
        XCTAssertEqual(p.parameterRange, 0...4)
        XCTAssertEqual(p.duration, 0.04, accuracy: 1e-12)
        let empty = StrokePath(points: [])
        XCTAssertTrue(empty.isEmpty)
        XCTAssertEqual(empty.parameterRange, 0...0)
        XCTAssertEqual(empty.duration, 0)
        XCTAssertEqual(line(1).parameterRange, 0...0)
    }

    func testDefaultCreationDateIsTheEpoch() {
        XCTAssertEqual(StrokePath(points: []).creationDate, Date(timeIntervalSince1970: 0))
    }

    // MARK: interpolatedPoint(at:)

    func testCurvePassesThroughFirstAndLastControlPoints() {
        let p = path([(0, 0), (10, 30), (40, -5), (50, 20), (80, 80)])
        assertEqual(p.interpolatedPoint(at: 0).location, Point2D(x: 0, y: 0))
        assertEqual(p.interpolatedPoint(at: 4).location, Point2D(x: 80, y: 80))
        XCTAssertEqual(p.interpolatedPoint(at: 0).timeOffset, 0, accuracy: 1e-12)
        XCTAssertEqual(p.interpolatedPoint(at: 4).timeOffset, 0.04, accuracy: 1e-12)
    }

    func testInteriorParametersFollowTheUniformCubicBSplineBasis() {
        // At an interior knot the curve is (P[i-1] + 4·P[i] + P[i+1]) / 6, not P[i] itself.
        let p = path([(0, 0), (10, 30), (40, -5), (50, 20), (80, 80)])
        assertEqual(p.interpolatedPoint(at: 2).location, Point2D(x: (10 + 4 * 40 + 50) / 6.0, y: (30 - 4 * 5 + 20) / 6.0))
        // Halfway through segment 1: weights 1/48, 23/48, 23/48, 1/48.
        let mid = p.interpolatedPoint(at: 1.5).location
        assertEqual(mid, Point2D(x: (0 + 23 * 10 + 23 * 40 + 50) / 48.0, y: (0 + 23 * 30 - 23 * 5 + 20) / 48.0))
    }

    func testCurveIsContinuousAcrossSegments() {
        let p = path([(0, 0), (10, 30), (40, -5), (50, 20), (80, 80), (90, 0)])
        for knot in 1...4 {
            let before = p.interpolatedPoint(at: Double(knot) - 1e-9).location
            let after = p.interpolatedPoint(at: Double(knot) + 1e-9).location
            XCTAssertLessThan(before.distance(to: after), 1e-6, "jump at knot \(knot)")
        }
    }

    func testCollinearEquallySpacedPointsReproduceTheLineAtUniformSpeed() {
        let p = line(6, from: Point2D(x: 2, y: 1), step: Point2D(x: 3, y: 4))
        for k in 0...50 {
            let t = Double(k) / 10
            let q = p.interpolatedPoint(at: t)
            assertEqual(q.location, Point2D(x: 2 + 3 * t, y: 1 + 4 * t))
            XCTAssertEqual(q.timeOffset, 0.01 * t, accuracy: 1e-12)
        }
        // Two points: still the straight segment.
        let two = line(2)
        assertEqual(two.interpolatedPoint(at: 0.25).location, Point2D(x: 0.75, y: 1))
    }

    func testSinglePointPathIsThatPointEverywhere() {
        let only = StrokePoint(location: Point2D(x: 5, y: 6), timeOffset: 0.5, force: 1.7)
        let p = StrokePath(points: [only])
        for t in [-1, 0, 0.5, 1, 100, .nan, .infinity] as [Double] {
            XCTAssertEqual(p.interpolatedPoint(at: t), only, "t = \(t)")
        }
        XCTAssertEqual(p.interpolatedPoints(by: .distance(1)), [only])
        XCTAssertEqual(p.interpolatedPoints(by: .time(0.01)), [only])
        XCTAssertEqual(p.interpolatedPoints(by: .parametricStep(0.1)), [only])
        XCTAssertEqual(p.densified(spacing: 1), [only])
        XCTAssertEqual(p.length, 0)
    }

    func testEmptyPathYieldsNothing() {
        let p = StrokePath(points: [])
        XCTAssertEqual(p.interpolatedPoints(by: .distance(1)), [])
        XCTAssertEqual(p.parameters(by: .parametricStep(1)), [])
        XCTAssertEqual(p.densified(spacing: 1), [])
        XCTAssertEqual(p.length, 0)
    }

    func testOutOfRangeAndNaNParametersAreClamped() {
        let p = path([(0, 0), (10, 30), (40, -5), (50, 20)])
        XCTAssertEqual(p.interpolatedPoint(at: -5), p.interpolatedPoint(at: 0))
        XCTAssertEqual(p.interpolatedPoint(at: -.infinity), p.interpolatedPoint(at: 0))
        XCTAssertEqual(p.interpolatedPoint(at: .nan), p.interpolatedPoint(at: 0))
        XCTAssertEqual(p.interpolatedPoint(at: 3.0001), p.interpolatedPoint(at: 3))
        XCTAssertEqual(p.interpolatedPoint(at: .infinity), p.interpolatedPoint(at: 3))
        XCTAssertEqual(p.interpolatedPoint(at: 1e300), p.interpolatedPoint(at: 3))
    }

    func testTimeOffsetStaysNonDecreasingForIrregularTiming() {
        let times = [0, 0, 0, 0.3, 0.31, 0.31, 0.9, 2.0]
        let p = StrokePath(points: times.enumerated().map { i, t in
            StrokePoint(location: Point2D(x: Double(i) * 10, y: 0), timeOffset: t)
        })
        var last = -1.0
        for k in 0...700 {
            let t = p.interpolatedPoint(at: Double(k) / 100).timeOffset
            XCTAssertGreaterThanOrEqual(t, last, "at parameter \(Double(k) / 100)")
            last = t
        }
        XCTAssertEqual(p.interpolatedPoint(at: 7).timeOffset, 2.0, accuracy: 1e-12)
    }

    func testEveryChannelIsInterpolated() {
        let a = StrokePoint(location: .zero, timeOffset: 0, size: Size2D(width: 2, height: 4), opacity: 0.5, force: 0.2,
                            azimuth: 1, altitude: 0.4, secondaryScale: 1, threshold: 0.1)
        let b = StrokePoint(location: Point2D(x: 10, y: 0), timeOffset: 1, size: Size2D(width: 6, height: 8), opacity: 1.5, force: 1.2,
                            azimuth: 2, altitude: 1.2, secondaryScale: 3, threshold: 0.5)
        // Two points: every channel is linear in the parameter.
        let m = StrokePath(points: [a, b]).interpolatedPoint(at: 0.5)
        XCTAssertEqual(m.timeOffset, 0.5, accuracy: 1e-12)
        XCTAssertEqual(m.size.width, 4, accuracy: 1e-12)
        XCTAssertEqual(m.size.height, 6, accuracy: 1e-12)
        XCTAssertEqual(m.opacity, 1, accuracy: 1e-12)
        XCTAssertEqual(m.force, 0.7, accuracy: 1e-12)
        XCTAssertEqual(m.azimuth, 1.5, accuracy: 1e-12)
        XCTAssertEqual(m.altitude, 0.8, accuracy: 1e-12)
        XCTAssertEqual(m.secondaryScale, 2, accuracy: 1e-12)
        XCTAssertEqual(m.threshold, 0.3, accuracy: 1e-12)
    }

    func testAzimuthTurnsTheShortWayAcrossZero() {
        let a = StrokePoint(location: .zero, azimuth: 6.2)
        let b = StrokePoint(location: Point2D(x: 10, y: 0), azimuth: 0.1)
        let p = StrokePath(points: [a, b])
        // The short way from 6.2 to 0.1 (= 2π + 0.1) crosses 2π ≡ 0.
        let expectedMid = (6.2 + 2 * Double.pi + 0.1) / 2 - 2 * Double.pi
        XCTAssertEqual(p.interpolatedPoint(at: 0.5).azimuth, expectedMid, accuracy: 1e-9)
        for k in 0...20 {
            let az = p.interpolatedPoint(at: Double(k) / 20).azimuth
            XCTAssertTrue(az >= 6.2 - 1e-9 || az <= 0.1 + 1e-9, "azimuth \(az) went the long way")
            XCTAssertTrue((0...(2 * Double.pi)).contains(az), "azimuth \(az) outside 0…2π")
        }
        // And back the other way, with more points.
        let q = StrokePath(points: [0.1, 6.2, 6.0, 0.3].enumerated().map { i, az in
            StrokePoint(location: Point2D(x: Double(i), y: 0), azimuth: az)
        })
        for k in 0...30 {
            let az = q.interpolatedPoint(at: Double(k) / 10).azimuth
            XCTAssertTrue(az >= 5.9 || az <= 0.4, "azimuth \(az) at \(Double(k) / 10) went the long way")
        }
    }

    func testChannelsAreClampedToTheirValidRanges() {
        // Values jumping between the ends of each range: the reflected phantoms extrapolate them
        // past the range, and the blend must be clamped back.
        let values: [(force: Double, opacity: Double, altitude: Double, threshold: Double, size: Double)] = [
            (0, 2, Double.pi / 2, 1, 0), (3, 2, Double.pi / 2, 1, 0), (0, 0, 0, 0, 9), (0, 0, 0, 0, 0),
        ]
        let p = StrokePath(points: values.enumerated().map { i, v in
            StrokePoint(location: Point2D(x: Double(i), y: 0), size: Size2D(width: v.size, height: v.size),
                        opacity: v.opacity, force: v.force, altitude: v.altitude, secondaryScale: v.size, threshold: v.threshold)
        })
        for k in 0...300 {
            let q = p.interpolatedPoint(at: Double(k) / 100)
            XCTAssertGreaterThanOrEqual(q.force, 0)
            XCTAssertTrue((0...2).contains(q.opacity), "opacity \(q.opacity)")
            XCTAssertTrue((0...(Double.pi / 2)).contains(q.altitude), "altitude \(q.altitude)")
            XCTAssertTrue((0...1).contains(q.threshold), "threshold \(q.threshold)")
            XCTAssertGreaterThanOrEqual(q.size.width, 0)
            XCTAssertGreaterThanOrEqual(q.size.height, 0)
            XCTAssertGreaterThanOrEqual(q.secondaryScale, 0)
        }
        // Control values at the edges of the ranges survive exactly at the ends.
        XCTAssertEqual(p.interpolatedPoint(at: 0).opacity, 2, accuracy: 1e-12)
        XCTAssertEqual(p.interpolatedPoint(at: 0).altitude, .pi / 2, accuracy: 1e-12)
    }

    func testClampingCatchesPhantomOvershootAtTheEnds() {
        // A spike in opacity: the reflected phantoms sit at −2, so the blend near the ends must be clamped.
        let p = StrokePath(points: [
            StrokePoint(location: .zero, opacity: 0), StrokePoint(location: Point2D(x: 1, y: 0), opacity: 2),
            StrokePoint(location: Point2D(x: 2, y: 0), opacity: 0),
        ])
        for k in 0...200 {
            let o = p.interpolatedPoint(at: Double(k) / 100).opacity
            XCTAssertTrue((0...2).contains(o), "opacity \(o)")
        }
    }

    // MARK: Strides

    func testParametricStepStrideCounts() {
        let p = line(5)
        XCTAssertEqual(p.parameters(by: .parametricStep(1)), [0, 1, 2, 3, 4])
        XCTAssertEqual(p.parameters(by: .parametricStep(0.5)).count, 9)
        XCTAssertEqual(p.parameters(by: .parametricStep(1.5)), [0, 1.5, 3], "the upper bound only when a step lands on it")
        XCTAssertEqual(p.parameters(by: .parametricStep(10)), [0])
        let tenths = line(2).parameters(by: .parametricStep(0.1))
        XCTAssertEqual(tenths.count, 11, "rounding must not lose the last step: \(tenths)")
        XCTAssertEqual(p.interpolatedPoints(by: .parametricStep(0.25)).count, 17)
    }

    func testParametricStepRespectsTheRange() {
        let p = line(5)
        XCTAssertEqual(p.parameters(in: 1...3, by: .parametricStep(0.5)), [1, 1.5, 2, 2.5, 3])
        XCTAssertEqual(p.parameters(in: 2.5...2.5, by: .parametricStep(0.5)), [2.5])
        // Clamped into 0…count−1.
        XCTAssertEqual(p.parameters(in: -2...1, by: .parametricStep(0.5)), [0, 0.5, 1])
        XCTAssertEqual(p.parameters(in: 3...99, by: .parametricStep(0.5)), [3, 3.5, 4])
        XCTAssertEqual(p.parameters(in: 7...9, by: .parametricStep(0.5)), [4])
    }

    func testInvalidStridesYieldJustTheStart() {
        let p = line(5)
        for stride in [StrokePath.Stride.distance(0), .distance(-1), .distance(.nan), .distance(.infinity),
                       .time(0), .time(-0.5), .time(.nan), .time(.infinity),
                       .parametricStep(0), .parametricStep(-1), .parametricStep(.nan), .parametricStep(.infinity)] {
            XCTAssertEqual(p.parameters(by: stride), [0], "\(stride)")
            XCTAssertEqual(p.parameters(in: 1.5...3, by: stride), [1.5], "\(stride) in a range")
        }
        XCTAssertEqual(p.interpolatedPoints(by: .distance(.nan)).count, 1)
    }

    func testDistanceStrideAlongAStraightLineIsEvenlySpaced() {
        let p = line(6) // steps of length 5, total 25
        let pts = p.interpolatedPoints(by: .distance(2))
        XCTAssertEqual(pts.count, 13) // 0, 2, …, 24
        assertEqual(pts[0].location, .zero)
        for g in gaps(pts) { XCTAssertEqual(g, 2, accuracy: 1e-6) }
        let exact = p.interpolatedPoints(by: .distance(5))
        XCTAssertEqual(exact.count, 6, "a step landing on the end includes it")
        assertEqual(exact.last!.location, Point2D(x: 15, y: 20), accuracy: 1e-6)
    }

    func testDistanceStrideAlongACircleIsEvenlySpaced() {
        let p = circle(radius: 100, points: 64)
        let spacing = 5.0
        let pts = p.interpolatedPoints(by: .distance(spacing))
        let length = p.length
        XCTAssertEqual(length, 2 * Double.pi * 100, accuracy: 2, "the spline hugs the circle")
        XCTAssertEqual(Double(pts.count), (length / spacing).rounded(.down) + 1, accuracy: 1)
        let chord = 2 * 100 * sin(spacing / 200) // chord of a 5-unit arc
        for g in gaps(pts) { XCTAssertEqual(g, chord, accuracy: 0.02) }
    }

    func testDistanceStrideRespectsTheRange() {
        let p = line(6) // parameter 1 at distance 5, parameter 3 at distance 15
        let pts = p.interpolatedPoints(in: 1...3, by: .distance(2.5))
        XCTAssertEqual(pts.count, 5)
        assertEqual(pts.first!.location, Point2D(x: 3, y: 4), accuracy: 1e-6)
        assertEqual(pts.last!.location, Point2D(x: 9, y: 12), accuracy: 1e-6)
        for g in gaps(pts) { XCTAssertEqual(g, 2.5, accuracy: 1e-6) }
    }

    func testTimeStrideStepsEvenlyInTime() {
        let p = path([(0, 0), (10, 30), (40, -5), (50, 20), (80, 80)], dt: 0.05) // 0.2 s
        let pts = p.interpolatedPoints(by: .time(0.03))
        XCTAssertEqual(pts.count, 7) // 0, 0.03, …, 0.18
        for (k, q) in pts.enumerated() {
            XCTAssertEqual(q.timeOffset, 0.03 * Double(k), accuracy: 1e-6)
        }
    }

    func testTimeStrideRespectsTheRange() {
        let p = path([(0, 0), (10, 30), (40, -5), (50, 20), (80, 80)], dt: 0.05)
        let pts = p.interpolatedPoints(in: 2...4, by: .time(0.02))
        XCTAssertEqual(pts.count, 6)
        XCTAssertEqual(pts.first!.timeOffset, 0.1, accuracy: 1e-9)
        for (a, b) in zip(pts, pts.dropFirst()) { XCTAssertEqual(b.timeOffset - a.timeOffset, 0.02, accuracy: 1e-6) }
    }

    func testTimeStrideOnAPathWithoutTimingYieldsItsStart() {
        let p = path([(0, 0), (10, 0), (20, 0)], dt: 0)
        XCTAssertEqual(p.parameters(by: .time(0.01)), [0])
    }

    // MARK: Densify and length

    func testDensifiedIncludesBothEndsAndLeavesNoGapLargerThanTheSpacing() {
        let shapes: [(String, StrokePath)] = [
            ("line", line(6)),
            ("circle", circle(radius: 100, points: 64)),
            ("zig-zag", path([(0, 0), (10, 30), (40, -5), (50, 20), (80, 80), (81, 80), (120, 0)])),
            ("two points", line(2)),
        ]
        for (name, p) in shapes {
            for spacing in [0.7, 2, 5, 13] {
                let pts = p.densified(spacing: spacing)
                XCTAssertEqual(pts.first, p.interpolatedPoint(at: 0), "\(name) @ \(spacing): first")
                XCTAssertEqual(pts.last, p.interpolatedPoint(at: p.parameterRange.upperBound), "\(name) @ \(spacing): last")
                let widest = gaps(pts).max() ?? 0
                XCTAssertLessThanOrEqual(widest, spacing * (1 + 1e-6), "\(name) @ \(spacing): a gap of \(widest)")
            }
        }
    }

    func testDensifiedKeepsTheLastPointWhenThePenRestsAtTheEnd() {
        // The pen stops at (25, 0) and rests there while time and pressure go on: the curve reaches
        // the end location before its last parameter, but the last point still carries the lift.
        var pts = (0...5).map { StrokePoint(location: Point2D(x: Double($0) * 5, y: 0), timeOffset: Double($0) * 0.01) }
        for k in 1...4 {
            pts.append(StrokePoint(location: Point2D(x: 25, y: 0), timeOffset: 0.05 + Double(k) * 0.01, force: 1 - 0.2 * Double(k)))
        }
        let p = StrokePath(points: pts)
        for spacing in [1, 2.5, 5, 6.25, 12.5, 25] {
            let dense = p.densified(spacing: spacing)
            XCTAssertEqual(dense.last?.timeOffset ?? -1, 0.09, accuracy: 1e-12, "spacing \(spacing)")
            XCTAssertEqual(dense.last?.force ?? -1, 0.2, accuracy: 1e-12, "spacing \(spacing)")
            XCTAssertLessThanOrEqual(gaps(dense).max() ?? 0, spacing * (1 + 1e-6), "spacing \(spacing)")
        }
    }

    func testDensifiedOfAPathThatNeverMovesHasBothEnds() {
        let p = StrokePath(points: [
            StrokePoint(location: Point2D(x: 3, y: 3), timeOffset: 0, force: 0.2),
            StrokePoint(location: Point2D(x: 3, y: 3), timeOffset: 0.1, force: 1.5),
        ])
        let dense = p.densified(spacing: 1)
        XCTAssertEqual(dense.count, 2)
        XCTAssertEqual(dense.first?.force ?? -1, 0.2, accuracy: 1e-12)
        XCTAssertEqual(dense.last?.force ?? -1, 1.5, accuracy: 1e-12)
    }

    func testDensifiedWithInfiniteOrNaNSpacingYieldsTheEnds() {
        let p = line(6)
        for spacing in [Double.infinity, .nan] {
            let dense = p.densified(spacing: spacing)
            XCTAssertEqual(dense, [p.interpolatedPoint(at: 0), p.interpolatedPoint(at: 5)], "spacing \(spacing)")
        }
    }

    func testNonFiniteCoordinatesNeitherTrapNorHang() {
        let p = path([(0, 0), (.infinity, 0), (5, .nan)])
        XCTAssertEqual(p.parameters(by: .distance(1)), [0])
        XCTAssertFalse(p.densified(spacing: 1).isEmpty)
        _ = p.length
    }

    func testDensifiedWithNonPositiveSpacingStillTerminates() {
        let p = line(2, step: Point2D(x: 0.001, y: 0))
        XCTAssertGreaterThan(p.densified(spacing: 0).count, 2)
        XCTAssertGreaterThan(p.densified(spacing: -1).count, 2)
    }

    func testLengthOfAStraightPath() {
        XCTAssertEqual(line(6).length, 25, accuracy: 1e-9)
        XCTAssertEqual(line(2, step: Point2D(x: -6, y: 8)).length, 10, accuracy: 1e-9)
        XCTAssertEqual(path([(0, 0), (0, 0), (0, 0)]).length, 0)
    }

    func testPathIsCodable() throws {
        let p = path([(0, 0), (10, 30), (40, -5)])
        let data = try JSONEncoder().encode(p)
        XCTAssertEqual(try JSONDecoder().decode(StrokePath.self, from: data), p)
    }
}

/// Strides too small for the path are widened to a bounded number of points, never a crash.
final class StrokePathStrideBoundTests: XCTestCase {
    private let path = StrokePath(points: (0..<4).map {
        StrokePoint(location: Point2D(x: Double($0) * 10, y: 0), timeOffset: Double($0) * 0.1)
    })

    func testAbsurdlySmallStridesAreBounded() {
        for stride in [StrokePath.Stride.parametricStep(1e-20), .distance(1e-300), .time(1e-300)] {
            let ts = path.parameters(by: stride)
            XCTAssertLessThanOrEqual(ts.count, StrokePath.maximumInterpolatedPoints, "\(stride)")
            XCTAssertGreaterThan(ts.count, StrokePath.maximumInterpolatedPoints / 2, "\(stride)")
            XCTAssertEqual(ts.first, 0)
        }
    }
}
