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
        try render(drawing, toPixels: placement(of: drawing), bandCount: bandCount)
    }

    /// Renders `drawing` mapped into the output by `toPixels` instead of the fit policy (the
    /// options' `fit` and `padding` are ignored), for callers that place the drawing themselves.
    public func render(_ drawing: Drawing, toPixels: AffineTransform2D) throws(GuidanceError) -> GuidanceMap {
        try render(drawing, toPixels: toPixels, bandCount: nil)
    }

    private func render(_ drawing: Drawing, toPixels: AffineTransform2D, bandCount: Int?) throws(GuidanceError) -> GuidanceMap {
        encode(try raster(drawing, toPixels: toPixels, bandCount: bandCount))
    }

    /// Paints `drawing` (placed as ``render(_:)`` places it) without encoding it: keep the
    /// result to add strokes to it later (``raster(adding:onto:)``), and ``encode(_:)`` it for
    /// the map. `encode(raster(d))` is `render(d)`, byte for byte.
    public func raster(_ drawing: Drawing) throws(GuidanceError) -> GuidanceRaster {
        try raster(drawing, toPixels: placement(of: drawing), bandCount: nil)
    }

    /// Where ``render(_:)`` places `drawing` on the map: its frame (canvas, else the strokes'
    /// bounds) fitted by the options' ``FitPolicy``.
    public func placement(of drawing: Drawing) -> AffineTransform2D {
        drawing.frame.map { options.fit.transform(from: $0, to: options.width, options.height, padding: options.padding) } ?? .identity
    }

    /// `raster` with the strokes of `drawing` after its own painted onto it, when `drawing`
    /// begins with exactly the raster's strokes and lands on the map where the raster's did
    /// (same options, same frame: a canvas, not the strokes' bounds); otherwise `drawing`
    /// painted whole. The added strokes are painted alone and laid over the raster as the
    /// rasterizer lays strokes over each other, so the map differs from a whole painting only
    /// where an added stroke's anti-aliased edge crosses an earlier stroke (a test bounds it).
    public func raster(adding drawing: Drawing, onto raster: GuidanceRaster) throws(GuidanceError) -> GuidanceRaster {
        let toPixels = placement(of: drawing)
        let kept = raster.strokes.count
        guard raster.options == options, raster.drawingToPixels == toPixels, drawing.strokes.count >= kept,
              drawing.strokes.prefix(kept).elementsEqual(raster.strokes) else {
            return try self.raster(drawing, toPixels: toPixels, bandCount: nil)
        }
        let added = drawing.strokes.dropFirst(kept)
        guard !added.isEmpty else { return raster }
        let layer = try self.raster(Drawing(strokes: Array(added), canvas: drawing.canvas), toPixels: toPixels, bandCount: nil)
        return raster.adding(layer.pixels, strokes: added)
    }

    /// The map of `raster`: its encoding (blur, distance field) and polarity applied.
    public func encode(_ raster: GuidanceRaster) -> GuidanceMap {
        let options = raster.options
        let w = options.width, h = options.height
        var pixels = raster.pixels
        switch options.encoding {
        case .scribble, .confidence:
            break
        case .soft:
            let scribble = pixels
            BoxBlur.blur(&pixels, width: w, height: h, sigma: options.effectiveSoftness, workers: threads ?? ActiveCores.count)
            BoxBlur.brightenLines(&pixels, scribble: scribble)
        case .distance:
            pixels = DistanceTransform.encode(coverage: pixels, width: w, height: h, radius: options.effectiveDistanceRadius)
        }
        if options.polarity == .blackOnWhite {
            for i in pixels.indices { pixels[i] = 255 - pixels[i] }
        }
        return GuidanceMap(
            image: RasterImage(width: w, height: h, format: .gray, pixels: pixels),
            encoding: options.encoding,
            polarity: options.polarity,
            drawingToPixels: raster.drawingToPixels)
    }

    private func raster(_ drawing: Drawing, toPixels: AffineTransform2D, bandCount: Int?) throws(GuidanceError) -> GuidanceRaster {
        try options.validate()
        try Self.checkFinite(drawing)
        guard [toPixels.a, toPixels.b, toPixels.c, toPixels.d, toPixels.tx, toPixels.ty].allSatisfy(\.isFinite) else {
            throw .invalidPlacement("the drawing-to-pixels transform has a non-finite coefficient")
        }
        let w = options.width, h = options.height
        let pixels: [UInt8]
        if drawing.strokes.isEmpty {
            pixels = [UInt8](repeating: 0, count: w * h)
        } else {
            let bands = bandCount ?? BandedRasterization.defaultBandCount(width: w, height: h, threads: threads)
            pixels = try BandedRasterization(bandCount: bands).rasterize(
                drawing, mode: GuidanceRaster.mode(for: options.encoding), width: w, height: h,
                minimumLineWidth: options.minimumLineWidth, toPixels: toPixels)
        }
        return GuidanceRaster(options: options, drawingToPixels: toPixels, strokes: drawing.strokes, pixels: pixels)
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
