import InklingImageIO
import InklingStrokes

/// A drawing's strokes painted at a map's size, before the map's encoding (blur, distance
/// field) and polarity: what ``GuidanceRenderer`` keeps so that strokes added later are painted
/// onto it instead of painting the whole drawing again (``GuidanceRenderer/raster(adding:onto:)``).
///
/// The raster is the scribble (ink intensity) for the `scribble` and `soft` encodings, the
/// strokes' coverage for `distance`, and the per-pixel confidence for `confidence`.
public struct GuidanceRaster: Sendable, Hashable {
    /// The options it was painted with (the encoding decides what it holds).
    public let options: GuidanceOptions
    /// Where drawing space lands on it.
    public let drawingToPixels: AffineTransform2D
    /// The strokes painted onto it, in order.
    public let strokes: [Stroke]
    /// One byte per pixel, `options.width × options.height`, white-on-black.
    let pixels: [UInt8]

    init(options: GuidanceOptions, drawingToPixels: AffineTransform2D, strokes: [Stroke], pixels: [UInt8]) {
        self.options = options
        self.drawingToPixels = drawingToPixels
        self.strokes = strokes
        self.pixels = pixels
    }

    /// How strokes are painted for `encoding`.
    static func mode(for encoding: GuidanceEncoding) -> StrokeRasterizer.Mode {
        switch encoding {
        case .scribble, .soft: .scribble
        case .distance: .coverage
        case .confidence: .confidence
        }
    }

    /// `self` with `layer` (the added strokes alone, painted the same way) laid over it:
    /// alpha compositing (OVER) for intensities and coverage, the maximum for confidence, as
    /// the rasterizer itself combines strokes.
    func adding(_ layer: [UInt8], strokes added: some Collection<Stroke>) -> GuidanceRaster {
        var combined = pixels
        if Self.mode(for: options.encoding) == .confidence {
            for i in combined.indices where layer[i] > combined[i] { combined[i] = layer[i] }
        } else {
            for i in combined.indices where layer[i] != 0 {
                let under = Int(combined[i]), over = Int(layer[i])
                combined[i] = UInt8(over + (under * (255 - over) + 127) / 255)
            }
        }
        return GuidanceRaster(options: options, drawingToPixels: drawingToPixels, strokes: strokes + added, pixels: combined)
    }
}
