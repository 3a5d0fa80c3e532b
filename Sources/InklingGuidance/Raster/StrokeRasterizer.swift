import Foundation
import InklingStrokes

/// Draws every stroke of a drawing into a cairo canvas at the output size, from the vectors.
///
/// Per stroke: compose the stroke transform with the fit transform; skip the stroke when its
/// inflated control-point hull misses the output; outline it in stroke space with a sample
/// spacing of about one output pixel and a minimum width of ``minimumLineWidth`` pixels
/// (both divided by the transform's scale); clip to its mask; then fill its polygons, all
/// pieces of one intensity level in a single path, so a stroke never darkens where it overlaps
/// itself. Intensity (or confidence) is quantized to 1/64 along the stroke so that a stroke
/// with constant opacity is exactly one fill, and consecutive opaque strokes share one fill
/// (see ``PendingFill``): cairo's scan converter then walks the image's rows once instead of
/// once per stroke.
struct StrokeRasterizer {
    /// What the fills encode.
    enum Mode {
        /// Ink intensity with the profile's passes and textures (OVER on A8).
        case scribble
        /// Plain geometry at full intensity (OVER on A8), for the distance transform.
        case coverage
        /// Confidence with max blending (level buckets painted with SOURCE, see ``LevelBuckets``).
        case confidence
    }

    var mode: Mode
    var width: Int
    var height: Int
    /// Minimum line width in output pixels.
    var minimumLineWidth: Double
    /// Row of the full map where this rasterizer's `height` rows start (non-zero when the map is
    /// rendered in bands). Geometry stays in map coordinates; textures stay on the map's grid.
    var originY: Int = 0
    /// Rows in the whole map; strokes are culled against the whole map, not the band, so every
    /// band fills the same sequence of paths and rows come out the same in any band.
    var mapHeight: Int? = nil

    /// Output pixels between outline samples.
    static let pixelSpacing = 1.0
    /// Largest cap flattening error, output pixels.
    static let pixelTolerance = 0.2
    /// Intensity quantization steps along a stroke.
    static let levels = 64.0

    /// Renders `drawing` mapped by `toPixels` and returns one byte per pixel.
    func rasterize(_ drawing: Drawing, toPixels: AffineTransform2D) throws(GuidanceError) -> [UInt8] {
        try paint(drawing.strokes.compactMap { plan($0, toPixels: toPixels) })
    }

    /// Paints outlined strokes, in order, into a fresh canvas and returns its bytes.
    func paint(_ plans: [StrokePlan]) throws(GuidanceError) -> [UInt8] {
        let canvas = try CairoCanvas(width: width, height: height, originY: originY)
        var state = State()
        for plan in plans {
            try paint(plan, canvas: canvas, state: &state)
        }
        state.pending.flush(on: canvas)
        if mode == .confidence { state.buckets.paint(on: canvas, levels: Int(Self.levels)) }
        try canvas.check()
        return canvas.intensities()
    }

    /// Paint state carried from stroke to stroke.
    private struct State {
        var textures: [TextureKey: CairoTexture] = [:]
        var pending = PendingFill()
        var buckets = LevelBuckets()
    }

    /// One fill pass of a stroke: a radius scale, a map from the per-sample value to the
    /// fill intensity, and an optional texture.
    private struct Pass {
        var scale: Double
        var texture: InkTexture?
        var feather: Int
    }

    private struct TextureKey: Hashable {
        var texture: InkTexture
        var seed: UInt32
        var threshold: Int
    }

    private func passes(for profile: InkProfile) -> [Pass] {
        guard mode == .scribble else { return [Pass(scale: 1, texture: nil, feather: 1)] }
        if profile.featherPasses > 0 {
            // Wider and wider passes; each paints 1 − (1 − I)^(1/P) so the core composites to I.
            let count = min(profile.featherPasses, 8)
            return (0..<count).map { Pass(scale: 1 + 0.3 * Double($0), texture: nil, feather: count) }
        }
        if profile.texture == .dry {
            // A solid core and a broken, textured full-width edge.
            return [Pass(scale: 0.55, texture: nil, feather: 1), Pass(scale: 1, texture: .dry, feather: 1)]
        }
        return [Pass(scale: 1, texture: profile.texture, feather: 1)]
    }

    /// Outlines `stroke` for painting, or `nil` when it cannot show (empty, degenerate
    /// transform, outside the whole map, fully masked). Independent of any band, so plans are
    /// made once and painted into every band.
    func plan(_ stroke: Stroke, toPixels: AffineTransform2D) -> StrokePlan? {
        let points = stroke.path.points
        guard !points.isEmpty else { return nil }
        let t = stroke.transform.concatenating(toPixels)
        let (smallScale, largeScale) = t.singularValues
        guard smallScale > 1e-12, largeScale.isFinite else { return nil }
        let profile = InkProfile(stroke.ink)
        let reach = reachInPixels(points, profile: profile, transform: t)
        guard reach.maxX >= 0, reach.maxY >= 0, reach.minX <= Double(width), reach.minY <= Double(mapHeight ?? height) else {
            return nil
        }

        var clip: [[Point2D]]?
        if let mask = stroke.mask {
            let polygons = mask.polygons.filter { $0.count >= 3 }
            guard !polygons.isEmpty else { return nil }
            clip = polygons.map { $0.map(t.apply(to:)) }
        }
        let outliner = StrokeOutliner(
            spacing: Self.pixelSpacing / largeScale, tolerance: Self.pixelTolerance / largeScale, profile: profile)
        let minimumWidth = minimumLineWidth / smallScale
        var workspace = OutlineWorkspace()
        let prepared = outliner.prepare(
            stroke, profile: profile, minimumWidth: minimumWidth, wantsConfidence: mode == .confidence, workspace: &workspace)
        if case .empty = prepared { return nil }
        return StrokePlan(
            prepared: prepared, workspace: workspace, transform: t, profile: profile, minimumWidth: minimumWidth,
            tolerance: outliner.tolerance, clip: clip, reach: reach,
            threshold: points.reduce(0) { $0 + $1.threshold } / Double(points.count), randomSeed: stroke.randomSeed)
    }

    private func paint(_ plan: StrokePlan, canvas: CairoCanvas, state: inout State) throws(GuidanceError) {
        let emitter = OutlineEmitter(tolerance: plan.tolerance)
        let prepared = plan.prepared, t = plan.transform, minimumWidth = plan.minimumWidth
        // A stroke that cannot reach this canvas's rows emits no geometry, but in scribble and
        // coverage modes it still steps the fill state (flushes, merges) exactly as it would if
        // it were drawn, so every band groups fills the same way and rows match across bands.
        let emits = plan.reach.maxY >= Double(originY) && plan.reach.minY <= Double(originY + height)
        if mode == .confidence {
            // Level buckets are unions per level: leaving out geometry that misses the rows
            // changes nothing here.
            guard emits else { return }
            collect(prepared, workspace: plan.workspace, emitter: emitter, minimumRadius: minimumWidth / 2,
                    transform: t, clip: plan.clip, into: &state.buckets)
            return
        }
        if let clip = plan.clip {
            state.pending.flush(on: canvas)
            canvas.pushClip(clip)
        }
        defer {
            if plan.clip != nil {
                state.pending.flush(on: canvas)
                canvas.restore()
            }
        }

        let threshold = plan.threshold, seed = plan.randomSeed
        for pass in passes(for: plan.profile) {
            var texture: CairoTexture?
            if let kind = pass.texture {
                let key = TextureKey(texture: kind, seed: seed, threshold: Int((threshold * 64).rounded()))
                if let cached = state.textures[key] {
                    texture = cached
                } else {
                    let made = try CairoTexture(
                        tile: TextureTile.make(kind, seed: seed, threshold: threshold),
                        size: TextureTile.size,
                        offsetX: Int(seed & 63), offsetY: (Int((seed >> 6) & 63) + originY) % TextureTile.size)
                    state.textures[key] = made
                    texture = made
                }
            }
            fill(prepared, workspace: plan.workspace, pass: pass, texture: texture, emitter: emitter, emits: emits,
                 minimumRadius: minimumWidth / 2, canvas: canvas, transform: t, pending: &state.pending)
        }
    }

    /// Emits one pass of a prepared stroke into the canvas path, painting whenever the level
    /// changes (one fill per run of equal level; see ``PendingFill`` for merging across strokes).
    private func fill(
        _ prepared: PreparedOutline, workspace: OutlineWorkspace, pass: Pass, texture: CairoTexture?,
        emitter: OutlineEmitter, emits: Bool, minimumRadius: Double, canvas: CairoCanvas, transform: AffineTransform2D,
        pending: inout PendingFill
    ) {
        let mode = self.mode
        let featherExponent = 1 / Double(max(pass.feather, 1))
        let mirrored = transform.determinant < 0
        func level(_ value: Double) -> Int { Int(min(max(value, 0), 1) * Self.levels + 0.5) }
        // Starts (or continues) the pending fill for a run of `level`.
        func begin(_ level: Int, firstOfStroke: Bool, alone: Bool = false) {
            // Opaque plain fills give the same pixels merged with the next stroke's (a union).
            // A freehand polygon is filled alone: its own loops may turn either way.
            let mergeable = !alone && texture == nil && pass.feather <= 1 && level == Int(Self.levels)
            if pending.level == level && (!firstOfStroke || (pending.mergeable && mergeable && pending.mirrored == mirrored)) {
                return
            }
            pending.flush(on: canvas)
            var v = Double(level) / Self.levels
            if pass.feather > 1 { v = 1 - pow(1 - v, featherExponent) }
            pending = PendingFill(level: level, intensity: v, texture: texture, mergeable: mergeable, mirrored: mirrored)
        }
        var sink = CairoPathSink(canvas: canvas, transform: transform)
        switch prepared {
        case .empty:
            return
        case .dot(let x, let y, let radius, let intensity, _):
            let value = mode == .scribble ? intensity : 1
            begin(level(value), firstOfStroke: true)
            if emits { emitter.emitDot(centerX: x, centerY: y, radius: max(radius * pass.scale, minimumRadius), into: &sink) }
        case .polygon(let intensity, _):
            let value = mode == .scribble ? intensity : 1
            begin(level(value), firstOfStroke: true, alone: true)
            if emits { emitter.emitPolygon(workspace.polygon, into: &sink) }
        case .samples:
            workspace.samples.withUnsafeBufferPointer { s in
                var first = true
                let full = Int(Self.levels)
                OutlineRuns.forEach(s, corners: workspace.corners, level: { mode == .scribble ? level(s[$0].intensity) : full }) {
                    runLevel, a, b, lo, hi in
                    guard runLevel > 0 else { return }   // nothing to paint
                    begin(runLevel, firstOfStroke: first)
                    first = false
                    guard emits else { return }
                    emitter.emitRun(s, from: a, to: b, pieceLo: lo, pieceHi: hi,
                                    scale: pass.scale, minimumRadius: minimumRadius, into: &sink)
                }
            }
        }
        if !pending.mergeable { pending.flush(on: canvas) }
    }

    /// Confidence mode: files the stroke's runs into level buckets (painted at the end).
    private func collect(
        _ prepared: PreparedOutline, workspace: OutlineWorkspace, emitter: OutlineEmitter, minimumRadius: Double,
        transform: AffineTransform2D, clip: [[Point2D]]?, into buckets: inout LevelBuckets
    ) {
        func level(_ value: Double) -> Int { Int(min(max(value, 0), 1) * Self.levels + 0.5) }
        let group = clip.map { buckets.addGroup(clip: $0) } ?? 0
        let mirrored = transform.determinant < 0
        switch prepared {
        case .empty:
            return
        case .dot(let x, let y, let radius, _, let confidence):
            buckets.add(group: group, level: level(confidence), mirrored: mirrored, transform: transform) { sink in
                emitter.emitDot(centerX: x, centerY: y, radius: max(radius, minimumRadius), into: &sink)
            }
        case .polygon(_, let confidence):
            buckets.add(group: group, level: level(confidence), mirrored: mirrored, transform: transform) { sink in
                emitter.emitPolygon(workspace.polygon, into: &sink)
            }
        case .samples:
            workspace.samples.withUnsafeBufferPointer { s in
                OutlineRuns.forEach(s, corners: workspace.corners, level: { level(s[$0].confidence) }) { runLevel, a, b, lo, hi in
                    guard runLevel > 0 else { return }
                    // Runs overlap their neighbours by a sample: under max blending that hides
                    // the anti-aliasing seam two abutting fills would leave.
                    buckets.add(group: group, level: runLevel, mirrored: mirrored, transform: transform) { sink in
                        emitter.emitRun(s, from: max(lo, a - 1), to: min(hi, b + 1), pieceLo: lo, pieceHi: hi,
                                        scale: 1, minimumRadius: minimumRadius, into: &sink)
                    }
                }
            }
        }
    }

    /// The map-pixel rectangle the stroke can paint: its control points grown by its widest
    /// possible outline, transformed, plus the minimum line width and two pixels of slack.
    private func reachInPixels(_ points: [StrokePoint], profile: InkProfile, transform t: AffineTransform2D) -> Rect2D {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var nib = 0.0
        for p in points {
            minX = min(minX, p.location.x); maxX = max(maxX, p.location.x)
            minY = min(minY, p.location.y); maxY = max(maxY, p.location.y)
            // Pressure saturates at force 2 (OutlineShaper), so larger forces widen nothing.
            nib = max(nib, (profile.size ?? p.size.width) * max(1, min(p.force, 2)))
        }
        // A fixed size is not scaled by the nib scale; a freehand line may also lag one unit
        // beyond its points (a single point gets a neighbour one unit away).
        let nibScale = profile.size == nil ? max(0, profile.nibScale) : 1
        let lag = profile.outline == .freehand ? 1.0 : 0
        // Widest radius: nib × scale × (1 + |thinning|) / 2 (an easing curve stays within 0…1, so
        // with one at most nib × scale), times the widest feather pass (see passes(for:)); use
        // the full width to be safe.
        let feather = 1 + 0.3 * Double(max(min(profile.featherPasses, 8) - 1, 0))
        let spread = profile.easing == .linear ? 1 + abs(profile.thinning) : 2
        let margin = nib * nibScale * spread * feather + lag
        let local = Rect2D(x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
        let pad = minimumLineWidth + 2
        let r = t.apply(to: local)
        return Rect2D(x: r.minX - pad, y: r.minY - pad, width: r.width + 2 * pad, height: r.height + 2 * pad)
    }
}
