import InklingBase
import InklingImageIO
import InklingStrokes

/// Renders drawings into guidance maps: strokes are outlined and filled with cairo directly
/// at the output size, then encoded.
///
/// ```swift
/// let renderer = GuidanceRenderer(options: GuidanceOptions(width: 512, height: 512, encoding: .soft))
/// let map = try renderer.render(drawing)
/// ```
/// The drawing's ``Drawing/frame`` (canvas, else bounds) is mapped with the options'
/// ``FitPolicy``; an empty drawing gives an all-black map (white when inverted). Rendering is deterministic: the same
/// drawing and options give byte-identical maps.
public struct GuidanceRenderer: Sendable {
    /// What to render.
    public var options: GuidanceOptions

    /// How many threads one render may use; `nil` (the default) lets the map's size decide, up
    /// to one per core, and `1` (or less) renders on the calling thread.
    ///
    /// Splitting a map costs CPU (every part walks every stroke, and threads must be woken), and
    /// pays in waiting time only for big maps on idle cores. A caller that already keeps the
    /// cores busy with many renders, such as a server under load, sets `1`. The pixels are the
    /// same whatever the number of threads.
    public var threads: Int?

    /// Creates a renderer.
    public init(options: GuidanceOptions, threads: Int? = nil) {
        self.options = options
        self.threads = threads.map { max(1, $0) }
    }

    /// Renders `drawing` with ``options``.
    ///
    /// - Throws: ``GuidanceError/invalidSize(width:height:)`` or
    ///   ``GuidanceError/invalidOption(name:value:)`` for bad options,
    ///   ``GuidanceError/nonFiniteGeometry(strokeIndex:)`` for NaN or infinite coordinates,
    ///   ``GuidanceError/cairo(_:)`` when cairo fails (e.g. out of memory).
    public func render(_ drawing: Drawing) throws(GuidanceError) -> GuidanceMap {
        try render(drawing, bandCount: nil)
    }

    /// Renders with a given number of horizontal bands (`nil`: as ``threads`` and the map's size
    /// allow); tests use it to show that banding does not change the pixels.
    func render(_ drawing: Drawing, bandCount: Int?) throws(GuidanceError) -> GuidanceMap {
        let toPixels = drawing.frame.map {
            options.fit.transform(from: $0, to: options.width, options.height, padding: options.padding)
        } ?? .identity
        return try render(drawing, toPixels: toPixels, bandCount: bandCount)
    }

    /// Renders `drawing` mapped into the output by `toPixels` instead of the fit policy (the
    /// options' `fit` and `padding` are ignored), for callers that place the drawing themselves.
    public func render(_ drawing: Drawing, toPixels: AffineTransform2D) throws(GuidanceError) -> GuidanceMap {
        try render(drawing, toPixels: toPixels, bandCount: nil)
    }

    private func render(_ drawing: Drawing, toPixels: AffineTransform2D, bandCount: Int?) throws(GuidanceError) -> GuidanceMap {
        try options.validate()
        try Self.checkFinite(drawing)
        guard [toPixels.a, toPixels.b, toPixels.c, toPixels.d, toPixels.tx, toPixels.ty].allSatisfy(\.isFinite) else {
            throw .invalidPlacement("the drawing-to-pixels transform has a non-finite coefficient")
        }
        let w = options.width, h = options.height

        func rasterize(_ mode: StrokeRasterizer.Mode) throws(GuidanceError) -> [UInt8] {
            if drawing.strokes.isEmpty { return [UInt8](repeating: 0, count: w * h) }
            let bands = bandCount ?? BandedRasterization.defaultBandCount(width: w, height: h, threads: threads)
            return try BandedRasterization(bandCount: bands)
                .rasterize(drawing, mode: mode, width: w, height: h, minimumLineWidth: options.minimumLineWidth, toPixels: toPixels)
        }

        var pixels: [UInt8]
        switch options.encoding {
        case .scribble:
            pixels = try rasterize(.scribble)
        case .soft:
            pixels = try rasterize(.scribble)
            let scribble = pixels
            BoxBlur.blur(&pixels, width: w, height: h, sigma: options.effectiveSoftness, workers: threads ?? ActiveCores.count)
            BoxBlur.brightenLines(&pixels, scribble: scribble)
        case .distance:
            let coverage = try rasterize(.coverage)
            pixels = DistanceTransform.encode(coverage: coverage, width: w, height: h, radius: options.effectiveDistanceRadius)
        case .confidence:
            pixels = try rasterize(.confidence)
        }
        if options.polarity == .blackOnWhite {
            for i in pixels.indices { pixels[i] = 255 - pixels[i] }
        }
        return GuidanceMap(
            image: RasterImage(width: w, height: h, format: .gray, pixels: pixels),
            encoding: options.encoding,
            polarity: options.polarity,
            drawingToPixels: toPixels)
    }

    /// Throws for the first stroke with a non-finite point, transform or mask coordinate.
    private static func checkFinite(_ drawing: Drawing) throws(GuidanceError) {
        for (index, stroke) in drawing.strokes.enumerated() {
            let t = stroke.transform
            var ok = t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite
            for p in stroke.path.points where ok {
                ok = p.location.x.isFinite && p.location.y.isFinite && p.size.width.isFinite
                    && p.force.isFinite && p.opacity.isFinite && p.timeOffset.isFinite && p.azimuth.isFinite
            }
            for polygon in stroke.mask?.polygons ?? [] where ok {
                ok = polygon.allSatisfy { $0.x.isFinite && $0.y.isFinite }
            }
            guard ok else { throw .nonFiniteGeometry(strokeIndex: index) }
        }
    }
}
