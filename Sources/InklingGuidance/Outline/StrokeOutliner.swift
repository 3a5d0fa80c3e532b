import InklingBase
import InklingStrokes

/// Builds pressure-sensitive outline polygons for strokes (the perfect-freehand family:
/// streamline, thinning, smoothing, tapers, simulated pressure, round caps).
///
/// The stroke's B-spline is densified every ``spacing`` units (see `CurveSampler`), shaped
/// by the stroke's ``InkProfile`` (see `OutlineShaper` for every stage) and written as closed
/// polygons in the stroke's own space (before ``Stroke/transform``). A stroke whose points all
/// lie within a tiny distance (5% of the nib or half the spacing) is a *tap* and becomes a
/// filled dot of the nib's width. Sharp corners (turns over 120°) split the outline into pieces
/// with round ends, so several polygons may come back: fill them together with the non-zero
/// winding rule.
public struct StrokeOutliner: Sendable {
    /// Distance between samples along the stroke, in stroke units (about one output pixel).
    public var spacing: Double
    /// Largest error of a cap's circle, in stroke units.
    public var tolerance: Double
    /// The profile to use; `nil` takes ``InkProfile/init(_:)`` of each stroke's ink type.
    public var profile: InkProfile?

    /// Creates an outliner.
    ///
    /// - Parameters:
    ///   - spacing: Sample spacing in stroke units (clamped to at least 1e-6).
    ///   - tolerance: Cap flattening tolerance in stroke units; `nil` means `spacing / 4`.
    ///   - profile: An explicit profile, or `nil` for each stroke's own.
    public init(spacing: Double = 1, tolerance: Double? = nil, profile: InkProfile? = nil) {
        let spacing = spacing.isFinite ? max(spacing, 1e-6) : 1
        self.spacing = spacing
        self.tolerance = tolerance.map { $0.isFinite && $0 > 0 ? $0 : spacing / 4 } ?? spacing / 4
        self.profile = profile
    }

    /// The closed outline polygons of `stroke` in its own space, no narrower than `minimumWidth`.
    ///
    /// Empty for a stroke without points or with non-finite coordinates. The polygons of one
    /// stroke are meant to be filled together with the non-zero winding rule.
    public func outline(for stroke: Stroke, minimumWidth: Double = 0) -> [[Point2D]] {
        var workspace = OutlineWorkspace()
        var sink = PointArraySink()
        let profile = profile ?? InkProfile(stroke.ink)
        let emitter = OutlineEmitter(tolerance: tolerance)
        switch prepare(stroke, profile: profile, minimumWidth: minimumWidth, workspace: &workspace) {
        case .empty:
            break
        case .dot(let x, let y, let radius, _, _):
            emitter.emitDot(centerX: x, centerY: y, radius: radius, into: &sink)
        case .polygon:
            emitter.emitPolygon(workspace.polygon, into: &sink)
        case .samples:
            workspace.samples.withUnsafeBufferPointer { s in
                var lo = 0
                for hi in workspace.corners + [s.count - 1] {
                    emitter.emitRun(s, from: lo, to: hi, pieceLo: lo, pieceHi: hi, scale: 1, minimumRadius: 0, into: &sink)
                    lo = hi
                }
            }
        }
        return sink.polygons
    }

    /// Densifies and shapes `stroke` into `workspace` (reset first).
    func prepare(
        _ stroke: Stroke, profile: InkProfile, minimumWidth: Double, wantsConfidence: Bool = false,
        workspace ws: inout OutlineWorkspace
    ) -> PreparedOutline {
        ws.reset()
        let points = stroke.path.points
        guard let first = points.first else { return .empty }
        var nibSum = 0.0, farthest = 0.0, polygonLength = 0.0
        var hasPressure = false
        var previous = first.location
        for p in points {
            guard p.location.x.isFinite, p.location.y.isFinite else { return .empty }
            nibSum += max(0, p.size.width)
            farthest = max(farthest, p.location.distance(to: first.location))
            polygonLength += p.location.distance(to: previous)
            previous = p.location
            if p.force != first.force { hasPressure = true }
        }
        // A fixed size replaces every nib: the shaper then sees that nib at scale 1.
        var profile = profile
        let fixedSize = profile.size.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        if fixedSize != nil { profile.nibScale = 1 }
        let nibReference = fixedSize ?? nibSum / Double(points.count) * max(0, profile.nibScale)
        let hasTiming = (points.last?.timeOffset ?? 0) > first.timeOffset + 1e-9
        let minimumWidth = minimumWidth.isFinite ? max(0, minimumWidth) : 0
        let shaper = OutlineShaper(
            profile: profile, colorAlpha: stroke.ink.color.alpha, spacing: spacing, tolerance: tolerance,
            minimumWidth: minimumWidth, hasPressure: hasPressure, hasTiming: hasTiming,
            nibReference: nibReference, wantsConfidence: wantsConfidence)

        if profile.outline == .freehand {
            return freehand(points, profile: profile, size: max(nibReference, minimumWidth),
                            shaper: shaper, fixedSize: fixedSize, workspace: &ws)
        }
        if farthest <= max(0.05 * nibReference, 0.5 * spacing) {
            return tap(points, shaper: shaper, center: first.location, fixedSize: fixedSize)
        }
        ws.samples.reserveCapacity(Int(saturating: min(polygonLength / spacing, 1e7)) + points.count + 2)
        CurveSampler.sample(points, spacing: spacing, hasTiming: hasTiming, into: &ws.samples)
        guard ws.samples.count >= 2 else { return tap(points, shaper: shaper, center: first.location, fixedSize: fixedSize) }
        if let fixedSize {
            for i in ws.samples.indices { ws.samples[i].nib = fixedSize }
        }
        shaper.shape(&ws)
        return .samples
    }

    /// perfect-freehand's outline of the control points taken as a polyline, with the profile's
    /// settings (tapers turned from widths into lengths) and each point's pressure (force / 2,
    /// so an average touch is perfect-freehand's 0.5), painted at the intensity and confidence a
    /// tap of the same points would have.
    ///
    /// perfect-freehand works in screen pixels: it drops input within 3 units of the end as
    /// noise and gives a lone point a neighbour 1 unit away. A line narrower than 1 unit (a
    /// drawing in small or normalised coordinates) is therefore outlined scaled up until it is
    /// 1 unit wide and scaled back, so it keeps its shape instead of becoming a blot; a line 1
    /// unit wide or more is outlined as perfect-freehand would.
    private func freehand(
        _ points: [StrokePoint], profile: InkProfile, size: Double, shaper: OutlineShaper,
        fixedSize: Double?, workspace ws: inout OutlineWorkspace
    ) -> PreparedOutline {
        let scale = size > 0 && size < 1 ? 1 / size : 1
        var options = FreehandOutline.Options()
        options.size = size * scale
        options.thinning = min(max(profile.thinning, -1), 1)
        options.smoothing = max(0, profile.smoothing)
        options.streamline = min(max(profile.streamline, 0), 1)
        options.simulatePressure = profile.simulatePressure
        options.taperStart = max(0, profile.taperStart) * options.size
        options.taperEnd = max(0, profile.taperEnd) * options.size
        options.easing = profile.easing
        options.last = profile.last
        let input = points.map { p in
            FreehandOutline.Input(x: p.location.x * scale, y: p.location.y * scale, pressure: min(max(p.force / 2, 0), 1))
        }
        ws.polygon = FreehandOutline.outline(input, options: options)
        if scale != 1 {
            for i in ws.polygon.indices { ws.polygon[i] = Point2D(x: ws.polygon[i].x / scale, y: ws.polygon[i].y / scale) }
        }
        // Turned the way every other outline turns (negative shoelace area, as a dot's), so fills
        // and confidence unions of several strokes add up instead of cancelling.
        var twiceArea = 0.0
        for (a, b) in zip(ws.polygon, ws.polygon.dropFirst() + ws.polygon.prefix(1)) { twiceArea += a.x * b.y - b.x * a.y }
        if twiceArea > 0 { ws.polygon.reverse() }
        guard ws.polygon.count >= 3,
              case .dot(_, _, _, let intensity, let confidence) = tap(points, shaper: shaper, center: points[0].location, fixedSize: fixedSize)
        else { return .empty }
        return .polygon(intensity: intensity, confidence: confidence)
    }

    /// A dot of the nib's width at mean force and opacity, centred on the first point.
    private func tap(_ points: [StrokePoint], shaper: OutlineShaper, center: Point2D, fixedSize: Double?) -> PreparedOutline {
        var mean = CurveSampler.sample(of: points[0], speed: 0)
        let count = Double(points.count)
        mean.nib = fixedSize ?? points.reduce(0) { $0 + max(0, $1.size.width) } / count
        mean.force = points.reduce(0) { $0 + max(0, $1.force) } / count
        mean.opacity = points.reduce(0) { $0 + min(max($1.opacity, 0), 2) } / count
        shaper.shapeTap(&mean)
        let s = mean
        return .dot(x: center.x, y: center.y, radius: s.radius, intensity: s.intensity, confidence: s.confidence)
    }
}
