import Foundation
import InklingBase
import InklingStrokes

/// Writes shaped samples out as closed polygons: the left side forward, a round cap, the right
/// side backward, a round cap. Every polygon turns the same way (clockwise on a y-down canvas
/// seen as on screen), so overlapping pieces of one stroke add up under the non-zero rule.
///
/// A *piece* is the span between two corners (or the stroke's ends); its ends get round caps.
/// A piece may be emitted as several *runs* (to change intensity along the stroke); runs share
/// exactly the same edge where they meet and have no cap there. Samples the shaper did not mark
/// `keep` are skipped (except a run's ends), which is what makes long smooth strokes cheap.
struct OutlineEmitter {
    /// Largest allowed distance between a cap's true circle and its polygon, in stroke units.
    var tolerance: Double

    /// Unit left normal `(−dy, dx)` of the centreline at `i` inside the piece `lo ... hi`:
    /// the outgoing direction at `lo`, the incoming one at `hi`, their bisector elsewhere.
    @inline(__always)
    func normal(_ s: UnsafeBufferPointer<OutlineSample>, _ i: Int, lo: Int, hi: Int) -> (Double, Double) {
        var dx: Double, dy: Double
        if i == lo {
            dx = s[i].dx; dy = s[i].dy
        } else if i == hi {
            dx = s[i - 1].dx; dy = s[i - 1].dy
        } else {
            dx = s[i - 1].dx + s[i].dx; dy = s[i - 1].dy + s[i].dy
            let len = (dx * dx + dy * dy).squareRoot()
            if len > 1e-9 { dx /= len; dy /= len } else { dx = s[i].dx; dy = s[i].dy }
        }
        return (-dy, dx)
    }

    /// Number of chords for a half circle of radius `r` within ``tolerance``, 2…64.
    @inline(__always)
    func halfCircleSteps(radius r: Double) -> Int {
        guard r > tolerance else { return 2 }
        // A radius so large that `tolerance / r` vanishes makes the angle 0 and `steps` infinite.
        let steps = Double.pi / (2 * acos(1 - tolerance / r))
        return min(64, max(2, Int(saturating: steps.rounded(.up), nan: 64)))
    }

    /// Emits samples `a ... b` of the piece `lo ... hi` as one closed polygon, radii scaled by
    /// `scale` and never below `minimumRadius`; caps where the run touches the piece's ends.
    func emitRun<S: PolygonSink>(
        _ s: UnsafeBufferPointer<OutlineSample>, from a: Int, to b: Int, pieceLo lo: Int, pieceHi hi: Int,
        scale: Double, minimumRadius: Double, into sink: inout S
    ) {
        @inline(__always) func radius(_ i: Int) -> Double { max(s[i].radius * scale, minimumRadius) }
        // Left side, forward.
        var (nx, ny) = normal(s, a, lo: lo, hi: hi)
        var r = radius(a)
        sink.moveTo(s[a].x + nx * r, s[a].y + ny * r)
        if a + 1 <= b {
            for i in (a + 1)...b where s[i].keep || i == b {
                (nx, ny) = normal(s, i, lo: lo, hi: hi)
                r = radius(i)
                sink.lineTo(s[i].x + nx * r, s[i].y + ny * r)
            }
        }
        // End cap from +n to −n through the forward direction.
        if b == hi { arc(centerX: s[b].x, centerY: s[b].y, fromX: nx * r, fromY: ny * r, into: &sink) }
        // Right side, backward.
        for i in stride(from: b, through: a, by: -1) where s[i].keep || i == a || i == b {
            (nx, ny) = normal(s, i, lo: lo, hi: hi)
            r = radius(i)
            sink.lineTo(s[i].x - nx * r, s[i].y - ny * r)
        }
        // Start cap from −n to +n through the backward direction.
        if a == lo { arc(centerX: s[a].x, centerY: s[a].y, fromX: -nx * r, fromY: -ny * r, into: &sink) }
        sink.closePolygon()
    }

    /// The interior vertices of a half circle that starts at `center + from` and turns by −π
    /// (the same turning sense as the outline), without its two end vertices.
    @inline(__always)
    func arc<S: PolygonSink>(centerX: Double, centerY: Double, fromX: Double, fromY: Double, into sink: inout S) {
        let r = (fromX * fromX + fromY * fromY).squareRoot()
        let steps = halfCircleSteps(radius: r)
        let delta = Double.pi / Double(steps)
        let c = cos(delta), sn = sin(delta)
        var vx = fromX, vy = fromY
        for _ in 1..<steps {
            (vx, vy) = (vx * c + vy * sn, vy * c - vx * sn)
            sink.lineTo(centerX + vx, centerY + vy)
        }
    }

    /// Emits a filled circle (a tap) turning the same way as outlines.
    func emitDot<S: PolygonSink>(centerX: Double, centerY: Double, radius r: Double, into sink: inout S) {
        sink.moveTo(centerX + r, centerY)
        arc(centerX: centerX, centerY: centerY, fromX: r, fromY: 0, into: &sink)
        sink.lineTo(centerX - r, centerY)
        arc(centerX: centerX, centerY: centerY, fromX: -r, fromY: 0, into: &sink)
        sink.closePolygon()
    }

    /// Emits one closed polygon as it is (the `freehand` outline model's).
    func emitPolygon<S: PolygonSink>(_ polygon: [Point2D], into sink: inout S) {
        guard let first = polygon.first else { return }
        sink.moveTo(first.x, first.y)
        for p in polygon.dropFirst() { sink.lineTo(p.x, p.y) }
        sink.closePolygon()
    }
}
