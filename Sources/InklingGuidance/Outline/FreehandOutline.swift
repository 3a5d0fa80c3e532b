import Foundation
import InklingStrokes

/// The outline perfect-freehand's `getStroke` draws for a list of input points: the shape that
/// apps built on it (Excalidraw, tldraw, many web canvases) show, as a closed polygon.
///
/// The steps, as perfect-freehand takes them:
/// 1. **Streamline**: each point moves towards the input by `t = 0.15 + 0.85 × (1 − streamline)`
///    of the way from the previous kept point; points closer together than nothing are dropped,
///    and until the line is `size` long only the last input point may end the run. Two input
///    points are first spread into five, one point gets a neighbour one unit down-right.
/// 2. **Pressure**: given (0…1; 0.5 when missing), or, with `simulatePressure`, eased towards
///    `1 − min(1, distance / size)` at a rate of 0.275 × that speed term, starting from an average
///    over the first ten points so lines do not start fat.
/// 3. **Radius**: `size × easing(0.5 − thinning × (0.5 − pressure))` (`size / 2` without thinning),
///    times the start and end tapers (`t(2 − t)` and `(t − 1)³ + 1` over their lengths), at
///    least 0.01.
/// 4. **Sides**: left and right points at that radius, perpendicular to the direction blended
///    with the next one; a point is kept when it is more than `size × smoothing` from the last
///    kept one on its side. A turn of more than 90° draws a half-turn cap at the point.
/// 5. **Caps**: a round start cap (13 steps) and a one-and-a-half-turn end cap (29 steps), or a
///    dot of 13 steps for a single point.
///
/// Written for Inkling from perfect-freehand's description and behaviour (MIT); outlines match
/// its own test snapshots (see `FreehandOutlineTests`).
public enum FreehandOutline {
    /// perfect-freehand's options, with its defaults.
    public struct Options: Sendable, Hashable {
        /// Diameter of the stroke at pressure 0.5 (16).
        public var size = 16.0
        /// How much pressure changes the width, −1…1 (0.5).
        public var thinning = 0.5
        /// How far apart outline points must be, as a fraction of `size` (0.5).
        public var smoothing = 0.5
        /// How much the line lags behind the input, 0…1 (0.5).
        public var streamline = 0.5
        /// Whether pressure comes from speed rather than the input (true).
        public var simulatePressure = true
        /// Length of the start and end tapers, in the input's units (0: none).
        public var taperStart = 0.0, taperEnd = 0.0
        /// The curve from pressure to radius (perfect-freehand's `easing`; linear).
        public var easing = StrokeEasing.linear
        /// Whether the last input point is the line's end, taken as it is rather than
        /// streamlined towards (perfect-freehand's `last`, for a finished stroke; false).
        public var last = false
        /// Whether untapered ends are round (true) or flat.
        var capStart = true, capEnd = true

        /// The defaults of `getStroke`.
        public init() {}
    }

    /// One input point: location and pressure (0…1, or nil when not given).
    public struct Input: Sendable, Hashable {
        public var x: Double, y: Double
        public var pressure: Double?

        public init(x: Double, y: Double, pressure: Double? = nil) {
            self.x = x
            self.y = y
            self.pressure = pressure
        }
    }

    /// The closed outline (left side, end cap, right side back, start cap), or empty for no
    /// points or a size of 0 or less.
    public static func outline(_ input: [Input], options o: Options = Options()) -> [Point2D] {
        guard !input.isEmpty, o.size > 0 else { return [] }
        return outline(points(input, o), o)
    }

    // MARK: Step 1: the streamlined points

    struct Sample {
        var point: Point2D
        var pressure: Double
        var vector: Point2D
        var distance: Double
        var runningLength: Double
    }

    static func points(_ input: [Input], _ o: Options) -> [Sample] {
        let t = 0.15 + (1 - o.streamline) * 0.85
        var pts = input.map { (p: Point2D(x: $0.x, y: $0.y), pressure: $0.pressure) }
        if pts.count == 2 {
            let last = pts[1]
            pts = [pts[0]]
            // The points in between have no pressure of their own (perfect-freehand interpolates x and y only).
            for i in 1..<5 { pts.append((lerp(pts[0].p, last.p, Double(i) / 4), nil)) }
        }
        if pts.count == 1 { pts.append((Point2D(x: pts[0].p.x + 1, y: pts[0].p.y + 1), pts[0].pressure)) }
        // A first point without pressure starts light (0.25); later ones are 0.5.
        var samples = [Sample(point: pts[0].p, pressure: pts[0].pressure.flatMap { $0 >= 0 ? $0 : nil } ?? 0.25,
                              vector: Point2D(x: 1, y: 1), distance: 0, runningLength: 0)]
        var reachedMinimum = false
        var running = 0.0
        var previous = samples[0]
        let last = pts.count - 1
        for i in 1..<pts.count {
            let point = o.last && i == last ? pts[i].p : lerp(previous.point, pts[i].p, t)
            if point == previous.point { continue }
            let distance = point.distance(to: previous.point)
            running += distance
            if i < last, !reachedMinimum {
                if running < o.size { continue }
                reachedMinimum = true
            }
            previous = Sample(point: point, pressure: pts[i].pressure.map { $0 >= 0 ? $0 : 0.5 } ?? 0.5,
                              vector: unit(previous.point - point), distance: distance, runningLength: running)
            samples.append(previous)
        }
        samples[0].vector = samples.count > 1 ? samples[1].vector : Point2D(x: 0, y: 0)
        return samples
    }

    // MARK: Steps 2 to 5: the outline

    private static let rate = 0.275
    private static let halfTurn = Double.pi + 0.0001

    static func radius(_ o: Options, _ pressure: Double) -> Double {
        let t = 0.5 - o.thinning * (0.5 - pressure)
        return o.size * (o.easing == .linear ? t : o.easing(t))
    }

    static func outline(_ points: [Sample], _ o: Options) -> [Point2D] {
        let total = points[points.count - 1].runningLength
        let taperStart = o.taperStart, taperEnd = o.taperEnd
        let minDistance = (o.size * o.smoothing) * (o.size * o.smoothing)
        var left: [Point2D] = [], right: [Point2D] = []
        func simulated(_ previous: Double, _ distance: Double) -> Double {
            let speed = min(1, distance / o.size)
            return min(1, previous + (min(1, 1 - speed) - previous) * (speed * rate))
        }
        var previousPressure = points.prefix(10).reduce(points[0].pressure) { acc, p in
            (acc + (o.simulatePressure ? simulated(acc, p.distance) : p.pressure)) / 2
        }
        var r = radius(o, points[points.count - 1].pressure)
        var firstRadius: Double?
        var previousVector = points[0].vector
        var pl = points[0].point, pr = pl, tl = pl, tr = pr
        var previousSharp = false
        for i in points.indices {
            var pressure = points[i].pressure
            let (point, vector, distance, running) = (points[i].point, points[i].vector, points[i].distance, points[i].runningLength)
            // Noise at the very end of the line is dropped.
            if i < points.count - 1, total - running < 3 { continue }
            if o.thinning != 0 {
                if o.simulatePressure { pressure = simulated(previousPressure, distance) }
                r = radius(o, pressure)
            } else {
                r = o.size / 2
            }
            if firstRadius == nil { firstRadius = r }
            let ts = running < taperStart ? easeOut(running / taperStart) : 1
            let te = total - running < taperEnd ? easeCubic((total - running) / taperEnd) : 1
            r = max(0.01, r * min(ts, te))
            let nextVector = i < points.count - 1 ? points[i + 1].vector : vector
            let nextDot = i < points.count - 1 ? dot(vector, nextVector) : 1
            let previousDot = dot(vector, previousVector)
            let sharp = previousDot < 0 && !previousSharp
            let nextSharp = nextDot < 0
            if sharp || nextSharp {
                // A sharp turn: a half-turn cap around the point.
                let offset = perpendicular(previousVector) * r
                var step = 0.0
                while step <= 1 {
                    tl = rotate(point - offset, around: point, by: halfTurn * step)
                    left.append(tl)
                    tr = rotate(point + offset, around: point, by: -halfTurn * step)
                    right.append(tr)
                    step += 1.0 / 13
                }
                pl = tl
                pr = tr
                if nextSharp { previousSharp = true }
                continue
            }
            previousSharp = false
            if i == points.count - 1 {
                let offset = perpendicular(vector) * r
                left.append(point - offset)
                right.append(point + offset)
                continue
            }
            let offset = perpendicular(lerp(nextVector, vector, nextDot)) * r
            tl = point - offset
            if i <= 1 || squaredDistance(pl, tl) > minDistance {
                left.append(tl)
                pl = tl
            }
            tr = point + offset
            if i <= 1 || squaredDistance(pr, tr) > minDistance {
                right.append(tr)
                pr = tr
            }
            previousPressure = pressure
            previousVector = vector
        }
        let first = points[0].point
        let last = points.count > 1 ? points[points.count - 1].point : first + Point2D(x: 1, y: 1)
        var startCap: [Point2D] = [], endCap: [Point2D] = []
        if points.count == 1 {
            if taperStart == 0 && taperEnd == 0 || o.last {
                let start = first + unit(perpendicular(first - last)) * -(firstRadius ?? r)
                var dot: [Point2D] = []
                var step = 1.0 / 13
                while step <= 1 {
                    dot.append(rotate(start, around: first, by: halfTurn * 2 * step))
                    step += 1.0 / 13
                }
                return dot
            }
        } else {
            if taperStart > 0 || (taperEnd > 0 && points.count == 1) {
                // A tapered start has no cap.
            } else if o.capStart, let firstRight = right.first {
                var step = 1.0 / 13
                while step <= 1 {
                    startCap.append(rotate(firstRight, around: first, by: halfTurn * step))
                    step += 1.0 / 13
                }
            } else if let firstLeft = left.first, let firstRight = right.first {
                let corners = firstLeft - firstRight
                startCap += [first - corners * 0.5, first - corners * 0.51, first + corners * 0.51, first + corners * 0.5]
            }
            let direction = perpendicular(points[points.count - 1].vector * -1)
            if taperEnd > 0 || (taperStart > 0 && points.count == 1) {
                endCap.append(last)
            } else if o.capEnd {
                let start = last + direction * r
                var step = 1.0 / 29
                while step < 1 {
                    endCap.append(rotate(start, around: last, by: halfTurn * 3 * step))
                    step += 1.0 / 29
                }
            } else {
                endCap += [last + direction * r, last + direction * (r * 0.99), last - direction * (r * 0.99), last - direction * r]
            }
        }
        return left + endCap + right.reversed() + startCap
    }

    // MARK: Vector helpers

    private static func lerp(_ a: Point2D, _ b: Point2D, _ t: Double) -> Point2D { a + (b - a) * t }
    private static func unit(_ v: Point2D) -> Point2D {
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        return Point2D(x: v.x / length, y: v.y / length)
    }
    private static func perpendicular(_ v: Point2D) -> Point2D { Point2D(x: v.y, y: -v.x) }
    private static func dot(_ a: Point2D, _ b: Point2D) -> Double { a.x * b.x + a.y * b.y }
    private static func squaredDistance(_ a: Point2D, _ b: Point2D) -> Double { (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) }
    private static func rotate(_ p: Point2D, around c: Point2D, by angle: Double) -> Point2D {
        let s = sin(angle), k = cos(angle)
        let dx = p.x - c.x, dy = p.y - c.y
        return Point2D(x: dx * k - dy * s + c.x, y: dx * s + dy * k + c.y)
    }
    private static func easeOut(_ t: Double) -> Double { t * (2 - t) }
    private static func easeCubic(_ t: Double) -> Double { (t - 1) * (t - 1) * (t - 1) + 1 }
}
