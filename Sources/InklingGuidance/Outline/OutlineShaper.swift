import Foundation
import InklingStrokes

/// Turns densified samples into outline-ready ones: smoothed positions, directions, pressure,
/// radius, intensity and confidence; finds the sharp corners that split the outline and the
/// samples the polygon must keep.
///
/// Stages (lengths are in nib widths of the profile, so they do not depend on the sampling
/// density or the output resolution); they run as five fused sweeps over the samples:
/// 1. **Streamline**: a zero-phase (forward + backward) exponential smoothing of positions over
///    `streamline` nib widths, blended back to the raw positions within that length of both
///    ends so the stroke still starts and ends where it was drawn.
/// 2. **Directions and arc length** of the smoothed polyline; the per-control-segment speed
///    steps are smoothed (zero-phase) over four nib widths.
/// 3. **Pressure** 0…1: `force / 2` (PencilKit's average force 1.0 is perfect-freehand's 0.5)
///    when the input has real pressure or simulation is off; otherwise simulated from the
///    smoothed speed, `0.25 + 0.5 / (1 + speed / (150 nib widths per s))`.
/// 4. **Width**: `nib × nibScale × max(0.05, 2·easing(0.5 − thinning·(0.5 − p)))` (linear
///    easing: `1 − thinning·(1 − 2p)`), times the flat-nib
///    direction factor, smoothed (zero-phase) over `smoothing` nib widths, times the tapers
///    (`t·(2 − t)` ease over `taperStart`/`taperEnd` nib widths, scaled down when they overlap),
///    never below `minimumWidth`.
/// 5. **Intensity** `colour alpha × opacity × profile alpha × pressure-opacity factor`, and
///    **confidence** from ``ConfidenceModel`` (only when asked for).
/// 6. **Corners**: a sample where the direction turns by more than 120° between consecutive
///    segments (a cusp) splits the outline; each piece gets round caps there, which act as a
///    round join and avoid the spikes and inverted bow-ties a single polygon would have.
///    Gentler bends are left to the non-zero fill, which covers an inner-side fold correctly.
/// 7. **Decimation**: a sample is marked `keep` only when skipping it would move the outline by
///    more than `tolerance` (estimated from the turn and length since the last kept sample and
///    the spread of radii), so straight and gently curving parts become a few long edges.
struct OutlineShaper {
    var profile: InkProfile
    /// Colour alpha of the ink.
    var colorAlpha: Double
    /// Sample spacing the sampler used, in stroke units.
    var spacing: Double
    /// Largest allowed outline error when dropping samples, in stroke units.
    var tolerance: Double
    /// Minimum full width, in stroke units.
    var minimumWidth: Double
    /// Whether the forces vary (real pressure).
    var hasPressure: Bool
    /// Whether time advances along the stroke.
    var hasTiming: Bool
    /// The reference nib width (mean control-point nib × nibScale), in stroke units.
    var nibReference: Double
    /// Whether to compute confidence.
    var wantsConfidence: Bool

    /// Cosine of the turn angle above which a sample is a corner (120°).
    static let cornerCosine = -0.5
    /// Longest edge decimation may produce, in units of `spacing` (about output pixels).
    static let maximumEdge = 24.0

    /// Fills the derived fields of `ws.samples` and `ws.corners`. Needs at least two samples.
    func shape(_ ws: inout OutlineWorkspace) {
        let n = ws.samples.count
        guard n >= 2 else { return }
        let unit = max(nibReference, 1e-9)
        let streamLength = profile.streamline * unit
        if streamLength > spacing * 0.5, n > 2 {
            ws.samples.withUnsafeMutableBufferPointer { s in
                streamline(s, length: streamLength, scratch: &ws.scratch)
            }
        }
        ws.samples.withUnsafeMutableBufferPointer { s in
            measure(s, unit: unit)
            pressureAndWidth(s, unit: unit)
        }
        finish(&ws)
    }

    /// Shapes the single sample of a tap: pressure without simulation, width without direction
    /// or tapers, intensity and confidence without speed.
    func shapeTap(_ s: inout OutlineSample) {
        s.pressure = hasPressure || !profile.simulatePressure ? min(max(s.force / 2, 0), 1) : 0.5
        let w = s.nib * profile.nibScale * Self.widthFactor(profile, pressure: s.pressure)
        s.radius = max(w, minimumWidth) / 2
        shade(&s, speed: nil)
    }

    /// The width at `pressure` as a multiple of the nib: `2·easing(0.5 − thinning·(0.5 − p))`,
    /// perfect-freehand's radius doubled, at least 0.05.
    static func widthFactor(_ profile: InkProfile, pressure: Double) -> Double {
        guard profile.easing != .linear else { return max(0.05, 1 - profile.thinning * (1 - 2 * pressure)) }
        return max(0.05, 2 * profile.easing(0.5 - profile.thinning * (0.5 - pressure)))
    }

    /// Smoothing factor for an exponential filter of length `length` at this spacing.
    private func alpha(forLength length: Double) -> Double {
        1 - exp(-spacing / length)
    }

    // MARK: Sweeps

    /// Stage 1: forward filter (remembering raw positions and arc length), then backward
    /// filter blended back to the raw positions near the ends.
    private func streamline(_ s: UnsafeMutableBufferPointer<OutlineSample>, length: Double, scratch: inout [Double]) {
        let n = s.count
        let a = alpha(forLength: length)
        if scratch.count < 3 * n { scratch = [Double](repeating: 0, count: 3 * n) }
        scratch.withUnsafeMutableBufferPointer { raw in
            var arc = 0.0
            var px = s[0].x, py = s[0].y
            raw[0] = px; raw[1] = py; raw[2] = 0
            for i in 1..<n {
                let rx = s[i].x, ry = s[i].y
                arc += ((rx - px) * (rx - px) + (ry - py) * (ry - py)).squareRoot()
                raw[3 * i] = rx; raw[3 * i + 1] = ry; raw[3 * i + 2] = arc
                px = rx; py = ry
                s[i].x = s[i - 1].x + a * (rx - s[i - 1].x)
                s[i].y = s[i - 1].y + a * (ry - s[i - 1].y)
            }
            let total = arc
            let inverseLength = 1 / length
            var zx = s[n - 1].x, zy = s[n - 1].y
            for i in stride(from: n - 1, through: 0, by: -1) {
                if i < n - 1 {
                    zx += a * (s[i].x - zx)
                    zy += a * (s[i].y - zy)
                }
                let rx = raw[3 * i], ry = raw[3 * i + 1], arcI = raw[3 * i + 2]
                let b = min(1, min(arcI, total - arcI) * inverseLength)
                s[i].x = rx + b * (zx - rx)
                s[i].y = ry + b * (zy - ry)
            }
        }
    }

    /// Stage 2: directions, arc length and the forward half of the speed filter.
    private func measure(_ s: UnsafeMutableBufferPointer<OutlineSample>, unit: Double) {
        let n = s.count
        // Start from the first non-degenerate direction so leading duplicates get it too.
        var dx = 1.0, dy = 0.0
        for i in 0..<(n - 1) {
            let ex = s[i + 1].x - s[i].x, ey = s[i + 1].y - s[i].y
            let len = (ex * ex + ey * ey).squareRoot()
            if len > 1e-12 { dx = ex / len; dy = ey / len; break }
        }
        let a = alpha(forLength: 4 * unit)
        var arc = 0.0
        for i in 0..<n {
            if i < n - 1 {
                let ex = s[i + 1].x - s[i].x, ey = s[i + 1].y - s[i].y
                let len = (ex * ex + ey * ey).squareRoot()
                if len > 1e-12 { dx = ex / len; dy = ey / len }
                s[i].arc = arc
                arc += len
            } else {
                s[i].arc = arc
            }
            s[i].dx = dx; s[i].dy = dy
            if i > 0 { s[i].speed = s[i - 1].speed + a * (s[i].speed - s[i - 1].speed) }
        }
    }

    /// Stages 2–4, backward sweep: the backward half of the speed filter, pressure, the base
    /// width and the backward half of the width filter.
    private func pressureAndWidth(_ s: UnsafeMutableBufferPointer<OutlineSample>, unit: Double) {
        let n = s.count
        let p = profile
        let speedAlpha = alpha(forLength: 4 * unit)
        let smoothLength = p.smoothing * unit
        let widthAlpha = smoothLength > spacing * 0.5 ? alpha(forLength: smoothLength) : 1
        let simulate = !hasPressure && p.simulatePressure
        let reference = 150 * unit
        let flat = p.nib.isFlat
        let base = p.nibScale
        for i in stride(from: n - 1, through: 0, by: -1) {
            if i < n - 1 { s[i].speed = s[i + 1].speed + speedAlpha * (s[i].speed - s[i + 1].speed) }
            let pressure = simulate
                ? 0.25 + 0.5 / (1 + s[i].speed / reference)
                : min(max(s[i].force / 2, 0), 1)
            s[i].pressure = pressure
            var w = s[i].nib * base * Self.widthFactor(p, pressure: pressure)
            if flat {
                var tx = s[i].dx, ty = s[i].dy
                if i > 0 { tx += s[i - 1].dx; ty += s[i - 1].dy }
                let len = (tx * tx + ty * ty).squareRoot()
                if len > 1e-9 { tx /= len; ty /= len } else { tx = s[i].dx; ty = s[i].dy }
                w *= p.nib.widthFactor(dx: tx, dy: ty, azimuth: s[i].azimuth)
            }
            s[i].radius = i < n - 1 ? s[i + 1].radius + widthAlpha * (w - s[i + 1].radius) : w
        }
    }

    /// Stages 4–7, forward sweep: the forward half of the width filter, tapers, minimum width,
    /// intensity and confidence, corners and decimation.
    private func finish(_ ws: inout OutlineWorkspace) {
        let p = profile
        let unit = max(nibReference, 1e-9)
        let smoothLength = p.smoothing * unit
        let widthAlpha = smoothLength > spacing * 0.5 ? alpha(forLength: smoothLength) : 1
        let n = ws.samples.count
        let total = ws.samples[n - 1].arc
        var taperStart = max(0, p.taperStart) * unit, taperEnd = max(0, p.taperEnd) * unit
        if taperStart + taperEnd > total, total > 0 {
            let k = total / (taperStart + taperEnd)
            taperStart *= k; taperEnd *= k
        }
        let maxEdge = Self.maximumEdge * spacing
        let tolerance = self.tolerance
        ws.samples.withUnsafeMutableBufferPointer { s in
            var smoothed = s[0].radius
            // Decimation state since the last kept sample.
            var keptArc = 0.0, keptDx = s[0].dx, keptDy = s[0].dy
            var maxTurn = 0.0, minR = Double.infinity, maxR = 0.0
            for i in 0..<n {
                smoothed = i == 0 ? s[0].radius : smoothed + widthAlpha * (s[i].radius - smoothed)
                var w = smoothed
                if taperStart > 0 { let t = min(1, s[i].arc / taperStart); w *= t * (2 - t) }
                if taperEnd > 0 { let t = min(1, (total - s[i].arc) / taperEnd); w *= t * (2 - t) }
                let r = max(w, minimumWidth) / 2
                s[i].radius = r
                shade(&s[i], speed: hasTiming ? s[i].speed : nil)

                // Corners and decimation look at the turn into segment i.
                var keep = i == 0 || i == n - 1
                if i > 0 && i < n - 1 {
                    let turn = s[i - 1].dx * s[i].dx + s[i - 1].dy * s[i].dy
                    if turn < Self.cornerCosine {
                        ws.corners.append(i)
                        keep = true
                    } else {
                        // Would an edge from the last kept sample to i + 1 stay within tolerance?
                        let c = keptDx * s[i].dx + keptDy * s[i].dy
                        maxTurn = max(maxTurn, 2 * (1 - c))   // ≈ θ²
                        minR = min(minR, r); maxR = max(maxR, r)
                        // Sagitta ≈ θ·length/8 + θ²·r/8; keep when either half exceeds tolerance/2.
                        let length = s[i + 1].arc - keptArc
                        keep = maxTurn * length * length > 16 * tolerance * tolerance
                            || maxTurn * maxR > 4 * tolerance
                            || maxR - minR > tolerance || length > maxEdge || c < 0.5
                    }
                }
                s[i].keep = keep
                if keep {
                    keptArc = s[i].arc; keptDx = s[i].dx; keptDy = s[i].dy
                    maxTurn = 0; minR = r; maxR = r
                }
            }
        }
    }

    /// Stage 5 for one sample.
    @inline(__always)
    private func shade(_ s: inout OutlineSample, speed: Double?) {
        let k = min(max(profile.pressureOpacity, 0), 1)
        let alpha = min(max(colorAlpha, 0), 1)
        let pressureFactor = k > 0 ? (1 - k) + k * min(1, 2 * s.pressure) : 1
        s.intensity = min(1, alpha * min(max(profile.alpha, 0), 1) * s.opacity * pressureFactor)
        if wantsConfidence {
            s.confidence = ConfidenceModel.confidence(force: s.force, speed: speed, opacity: alpha * s.opacity)
        }
    }
}
