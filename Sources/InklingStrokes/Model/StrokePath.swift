import Foundation

/// The control points of one stroke and the curve through them, like PencilKit's `PKStrokePath`.
///
/// The points are the control points of a **uniform cubic B-spline**, parameterised over
/// `0 ... count - 1`: parameter `i` lies near control point `i`.
///
/// ## Endpoints
/// A plain uniform B-spline starts and ends short of its first and last control points. Inkling
/// adds one *reflected phantom* control point at each end (`P₋₁ = 2P₀ − P₁`,
/// `Pₙ = 2Pₙ₋₁ − Pₙ₋₂`), which makes the curve pass exactly through the first and last points at
/// parameters `0` and `count − 1` while keeping the end tangents along the first and last
/// segments. Every channel (time, size, force, opacity, angles …) is interpolated with the same
/// basis and then clamped to its valid range; azimuth is unwrapped first so it turns the short way.
/// A path with one point is that point for every parameter.
public struct StrokePath: Sendable, Hashable, Codable {
    /// The control points, in drawing order.
    public var points: [StrokePoint]
    /// When the stroke began; `timeOffset`s count from here.
    public var creationDate: Date

    /// Creates a path from control points.
    public init(points: [StrokePoint], creationDate: Date = Date(timeIntervalSince1970: 0)) {
        self.points = points
        self.creationDate = creationDate
    }

    /// How to step along a path when interpolating, as PencilKit's `PKStrokePath.InterpolatedSlice.Stride`.
    public enum Stride: Sendable, Hashable {
        /// Equal arc length in drawing units (must be > 0).
        case distance(Double)
        /// Equal time in seconds (must be > 0). A path whose time does not advance yields its start only.
        case time(Double)
        /// Equal steps of the curve parameter (must be > 0).
        case parametricStep(Double)
    }

    /// The most points one interpolation returns (4,194,304). A stride so small that it would
    /// give more is widened until it gives this many, so absurd strides cannot exhaust memory.
    public static let maximumInterpolatedPoints = 1 << 22

    /// The number of control points.
    public var count: Int { points.count }

    /// Whether there are no control points.
    public var isEmpty: Bool { points.isEmpty }

    /// The valid parameter range, `0 ... count − 1` (`0...0` for an empty or one-point path).
    public var parameterRange: ClosedRange<Double> { 0...Double(max(points.count - 1, 0)) }

    /// The total duration in seconds (the last point's `timeOffset`).
    public var duration: Double { points.last?.timeOffset ?? 0 }

    /// The point on the curve at parameter `t`, clamped into ``parameterRange``.
    ///
    /// - Precondition: the path is not empty.
    public func interpolatedPoint(at t: Double) -> StrokePoint {
        precondition(!points.isEmpty, "interpolatedPoint(at:) on an empty StrokePath")
        let n = points.count
        if n == 1 { return points[0] }
        let tc = min(max(t.isNaN ? 0 : t, 0), Double(n - 1))
        let segment = min(Int(tc), n - 2)
        let u = tc - Double(segment)
        let u2 = u * u, u3 = u2 * u
        let w = (
            (1 - 3 * u + 3 * u2 - u3) / 6,
            (3 * u3 - 6 * u2 + 4) / 6,
            (-3 * u3 + 3 * u2 + 3 * u + 1) / 6,
            u3 / 6)
        // Control points segment-1 ... segment+2, with reflected phantoms past either end.
        let p1 = points[segment], p2 = points[segment + 1]
        let p0 = segment > 0 ? points[segment - 1] : nil
        let p3 = segment + 2 < n ? points[segment + 2] : nil

        func blend(_ f: (StrokePoint) -> Double) -> Double {
            let v1 = f(p1), v2 = f(p2)
            let v0 = p0.map(f) ?? (2 * v1 - v2)
            let v3 = p3.map(f) ?? (2 * v2 - v1)
            return w.0 * v0 + w.1 * v1 + w.2 * v2 + w.3 * v3
        }
        // Azimuth turns the short way: unwrap neighbours relative to p1.
        func blendAngle() -> Double {
            let a1 = p1.azimuth
            func near(_ a: Double, _ ref: Double) -> Double {
                var d = (a - ref).truncatingRemainder(dividingBy: 2 * .pi)
                if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
                return ref + d
            }
            let a2 = near(p2.azimuth, a1)
            let a0 = p0.map { near($0.azimuth, a1) } ?? (2 * a1 - a2)
            let a3 = p3.map { near($0.azimuth, a2) } ?? (2 * a2 - a1)
            var a = w.0 * a0 + w.1 * a1 + w.2 * a2 + w.3 * a3
            a = a.truncatingRemainder(dividingBy: 2 * .pi)
            return a < 0 ? a + 2 * .pi : a
        }

        let lo = min(p1.timeOffset, p2.timeOffset), hi = max(p1.timeOffset, p2.timeOffset)
        return StrokePoint(
            location: Point2D(x: blend { $0.location.x }, y: blend { $0.location.y }),
            timeOffset: min(max(blend { $0.timeOffset }, lo), hi),
            size: Size2D(width: max(0, blend { $0.size.width }), height: max(0, blend { $0.size.height })),
            opacity: min(max(blend { $0.opacity }, 0), 2),
            force: max(0, blend { $0.force }),
            azimuth: blendAngle(),
            altitude: min(max(blend { $0.altitude }, 0), .pi / 2),
            secondaryScale: max(0, blend { $0.secondaryScale }),
            threshold: min(max(blend { $0.threshold }, 0), 1))
    }

    /// Points along the curve from the start of `range`, spaced by `stride`.
    ///
    /// The first point is always at `range.lowerBound`; later points follow every `stride`;
    /// the upper bound is included only when a step lands on it (as in PencilKit). Use
    /// ``densified(spacing:)`` when both ends are needed. `range` defaults to the whole path
    /// and is clamped into ``parameterRange``. A non-positive or non-finite stride yields the
    /// start point only. An empty path yields nothing.
    public func interpolatedPoints(in range: ClosedRange<Double>? = nil, by stride: Stride) -> [StrokePoint] {
        parameters(in: range, by: stride).map(interpolatedPoint(at:))
    }

    /// The curve parameters that ``interpolatedPoints(in:by:)`` samples at.
    public func parameters(in range: ClosedRange<Double>? = nil, by stride: Stride) -> [Double] {
        guard !points.isEmpty else { return [] }
        let full = parameterRange
        let r = range.map { min(max($0.lowerBound, 0), full.upperBound)...min(max($0.upperBound, 0), full.upperBound) } ?? full
        switch stride {
        case .parametricStep(let step):
            guard step > 0, step.isFinite else { return [r.lowerBound] }
            let span = r.upperBound - r.lowerBound
            let step = max(step, span / Double(Self.maximumInterpolatedPoints - 1))
            let count = Int((span / step + 1e-9).rounded(.down))
            return (0...count).map { r.lowerBound + Double($0) * step }
        case .distance(let step):
            guard step > 0, step.isFinite else { return [r.lowerBound] }
            return invert(table: cumulative(in: r) { $0.location.distance(to: $1.location) }, step: step)
        case .time(let step):
            guard step > 0, step.isFinite else { return [r.lowerBound] }
            return invert(table: cumulative(in: r) { max(0, $1.timeOffset - $0.timeOffset) }, step: step)
        }
    }

    /// Points along the whole curve no further apart than `spacing` (arc length), always
    /// including both the first and the last point. Rendering uses this.
    ///
    /// Samples are spaced by arc length; where the arc-length table cuts a tight corner and two
    /// neighbours land further apart than `spacing`, the parameter interval between them is
    /// halved until they do not. A spacing below 10⁻⁶ counts as 10⁻⁶; an infinite or NaN spacing
    /// yields the two ends only.
    public func densified(spacing: Double) -> [StrokePoint] {
        guard let first = points.first else { return [] }
        guard points.count > 1 else { return [first] }
        let step = max(spacing, 1e-6)
        let upper = parameterRange.upperBound
        var ts = parameters(by: .distance(step))
        // The arc length can run out before the last parameter (a pen resting at the end of a
        // stroke while time and pressure go on): a final sample on the end's location is replaced
        // by the true last point rather than duplicated, so that point's channels are never lost.
        let endLocation = interpolatedPoint(at: upper).location
        if ts.count > 1, let t = ts.last, interpolatedPoint(at: t).location.distance(to: endLocation) <= step * 1e-3 {
            ts[ts.count - 1] = upper
        } else {
            ts.append(upper)
        }
        var result = [interpolatedPoint(at: ts[0])]
        result.reserveCapacity(ts.count)
        func fill(_ t0: Double, _ p0: StrokePoint, _ t1: Double, _ p1: StrokePoint, depth: Int) {
            if depth < 8, p0.location.distance(to: p1.location) > step {
                let tm = (t0 + t1) / 2
                let pm = interpolatedPoint(at: tm)
                fill(t0, p0, tm, pm, depth: depth + 1)
                fill(tm, pm, t1, p1, depth: depth + 1)
            } else {
                result.append(p1)
            }
        }
        for i in 1..<ts.count {
            fill(ts[i - 1], result[result.count - 1], ts[i], interpolatedPoint(at: ts[i]), depth: 0)
        }
        return result
    }

    /// The arc length of the curve, in drawing units.
    public var length: Double {
        guard points.count > 1 else { return 0 }
        return cumulative(in: parameterRange) { $0.location.distance(to: $1.location) }.last?.value ?? 0
    }

    // MARK: Arc-length and time tables

    private struct Sample { var t: Double; var value: Double }

    /// Samples the curve densely over `range`, accumulating `measure` between samples.
    private func cumulative(in range: ClosedRange<Double>, _ measure: (StrokePoint, StrokePoint) -> Double) -> [Sample] {
        let span = range.upperBound - range.lowerBound
        let steps = max(1, Int((span * 16).rounded(.up)))
        var table = [Sample(t: range.lowerBound, value: 0)]
        table.reserveCapacity(steps + 1)
        var previous = interpolatedPoint(at: range.lowerBound)
        var total = 0.0
        for i in 1...steps {
            let t = range.lowerBound + span * Double(i) / Double(steps)
            let p = interpolatedPoint(at: t)
            total += measure(previous, p)
            table.append(Sample(t: t, value: total))
            previous = p
        }
        return table
    }

    /// Parameters at which the accumulated value reaches 0, step, 2·step, …
    private func invert(table: [Sample], step: Double) -> [Double] {
        guard let total = table.last?.value, total > 0, total.isFinite else { return [table[0].t] }
        let step = max(step, total / Double(Self.maximumInterpolatedPoints - 1))
        var result: [Double] = []
        result.reserveCapacity(Int(total / step) + 1)
        var k = 0
        var target = 0.0
        for i in 0..<table.count {
            while target <= table[i].value + 1e-12 {
                if i == 0 || table[i].value == table[i - 1].value {
                    result.append(table[i].t)
                } else {
                    let f = (target - table[i - 1].value) / (table[i].value - table[i - 1].value)
                    result.append(table[i - 1].t + f * (table[i].t - table[i - 1].t))
                }
                k += 1
                target = Double(k) * step
            }
        }
        return result
    }
}
