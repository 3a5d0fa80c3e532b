import Foundation
import InklingStrokes

/// Densifies a stroke path into ``OutlineSample``s, fast.
///
/// It evaluates the same uniform cubic B-spline as ``StrokePath/interpolatedPoint(at:)`` (with
/// the same reflected phantom endpoints and channel clamps) but steps the parameter uniformly
/// inside each segment, `⌈chord / spacing⌉` steps for a segment whose control points are
/// `chord` apart, instead of inverting an arc-length table. Each segment is converted once to
/// power-basis cubics for all channels at once (SIMD), so a sample costs two Horner
/// evaluations. Samples closer than 5% of `spacing` to the previous one are dropped (the last
/// point is always kept), so every kept segment has a direction.
enum CurveSampler {
    /// The most samples one segment may produce (guards against absurd coordinates).
    static let maximumStepsPerSegment = 4096

    /// Appends the samples of `points` to `samples`.
    ///
    /// - Parameters:
    ///   - hasTiming: whether time advances along the stroke; without it, speed is a proxy of
    ///     control-point spacing at 60 events per second.
    static func sample(_ points: [StrokePoint], spacing: Double, hasTiming: Bool, into samples: inout [OutlineSample]) {
        let n = points.count
        guard n > 0 else { return }
        if n == 1 {
            samples.append(sample(of: points[0], speed: 0))
            return
        }
        let minStepSquared = (spacing * 0.05) * (spacing * 0.05)
        let inverseSpacing = 1 / spacing
        var prevX = Double.nan, prevY = Double.nan   // the last appended sample
        points.withUnsafeBufferPointer { p in
            // Channels packed as (x, y, nib, force) and (opacity, azimuth, 0, 0).
            @inline(__always) func channels(_ i: Int) -> (SIMD4<Double>, SIMD4<Double>) {
                let q = p[i]
                return (SIMD4(q.location.x, q.location.y, q.size.width, q.force), SIMD4(q.opacity, q.azimuth, 0, 0))
            }
            var (a1, b1) = channels(0)
            var (a2, b2) = channels(1)
            b2.y = unwrap(b2.y, near: b1.y)
            var (a0, b0) = (2 * a1 - a2, 2 * b1 - b2)
            for k in 0..<(n - 1) {
                var (a3, b3): (SIMD4<Double>, SIMD4<Double>)
                if k + 2 < n {
                    (a3, b3) = channels(k + 2)
                    b3.y = unwrap(b3.y, near: b2.y)
                } else {
                    (a3, b3) = (2 * a2 - a1, 2 * b2 - b1)
                }
                // Power-basis coefficients of the segment's cubic, every channel at once.
                let ca = coefficients(a0, a1, a2, a3), cb = coefficients(b0, b1, b2, b3)

                let p1 = p[k].location, p2 = p[k + 1].location
                let chord = ((p2.x - p1.x) * (p2.x - p1.x) + (p2.y - p1.y) * (p2.y - p1.y)).squareRoot()
                let dt = p[k + 1].timeOffset - p[k].timeOffset
                // Coalesced events (no time step) are capped at a 240 Hz interval.
                let speed = hasTiming ? chord / max(dt, 1.0 / 240) : chord * 60
                // ⌈chord / spacing⌉ without a libm call.
                let exact = min(chord * inverseSpacing, 1e9)
                let whole = exact.isFinite ? Int(exact) : 0
                let steps = max(1, min(maximumStepsPerSegment, Double(whole) < exact ? whole + 1 : whole))
                let last = k == n - 2
                let count = last ? steps + 1 : steps
                let du = 1 / Double(steps)
                for j in 0..<count {
                    let u = Double(j) * du
                    let va = ((ca.3 * u + ca.2) * u + ca.1) * u + ca.0
                    let isFinal = last && j == count - 1
                    let ddx = va.x - prevX, ddy = va.y - prevY
                    if ddx * ddx + ddy * ddy < minStepSquared {
                        // Too close: skip it, unless it is the final point, which replaces its neighbour.
                        if !isFinal { continue }
                        if samples.count > 1 { samples.removeLast() }
                    }
                    prevX = va.x; prevY = va.y
                    let vb = ((cb.3 * u + cb.2) * u + cb.1) * u + cb.0
                    samples.append(OutlineSample(
                        x: va.x, y: va.y,
                        nib: max(0, va.z), force: max(0, va.w),
                        opacity: min(max(vb.x, 0), 2), azimuth: vb.y, speed: speed))
                }
                (a0, b0) = (a1, b1)
                (a1, b1) = (a2, b2)
                (a2, b2) = (a3, b3)
            }
        }
    }

    /// The cubic `c0 + c1·u + c2·u² + c3·u³` of a uniform B-spline segment over `v0 … v3`.
    @inline(__always)
    private static func coefficients(
        _ v0: SIMD4<Double>, _ v1: SIMD4<Double>, _ v2: SIMD4<Double>, _ v3: SIMD4<Double>
    ) -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        ((v0 + 4 * v1 + v2) / 6, (v2 - v0) / 2, (v0 - 2 * v1 + v2) / 2, (3 * (v1 - v2) + v3 - v0) / 6)
    }

    /// `a` moved by whole turns to lie within π of `reference` (azimuth turns the short way).
    @inline(__always)
    private static func unwrap(_ a: Double, near reference: Double) -> Double {
        let d = a - reference
        guard abs(d) > .pi else { return a }
        return a - (d / (2 * .pi)).rounded() * 2 * .pi
    }

    /// A sample at a control point (one-point paths and taps).
    static func sample(of p: StrokePoint, speed: Double) -> OutlineSample {
        OutlineSample(
            x: p.location.x, y: p.location.y, nib: max(0, p.size.width),
            force: max(0, p.force), opacity: min(max(p.opacity, 0), 2), azimuth: p.azimuth, speed: speed)
    }
}
