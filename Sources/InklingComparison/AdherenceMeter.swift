import InklingGuidance
import InklingImageIO

/// Scores how closely a generated image follows a guidance map: the one adherence measure of
/// Inkling, used by generation tests, `inkling compare` and regression runs alike.
///
/// ```swift
/// let map = try GuidanceRenderer(options: GuidanceOptions(width: 512, height: 512)).render(drawing)
/// let score = try AdherenceMeter.measure(image: output, guidance: map.image).f1
/// ```
/// Method:
/// 1. Output edges: ``EdgeMap`` (thin Canny-style edges; alpha composited over white).
/// 2. Sketch pixels: guidance intensity ≥ 128 (the scribble encoding's white lines; a colour or
///    alpha map is reduced to luma over black first).
/// 3. Exact Euclidean distance transforms of both sets (Felzenszwalb–Huttenlocher).
/// 4. Precision: output edge pixels within τ of a sketch pixel; recall: sketch pixels within τ
///    of an output edge; F1 their harmonic mean; chamfer: the mean distance in each direction,
///    averaged (distances capped at the image diagonal).
///
/// τ defaults to 1.5% of the shorter side (5.8 px at 384, 15.4 px at 1024), at least 1 px:
/// lines that wobble or thicken a little still count, lines moved elsewhere do not.
public enum AdherenceMeter {
    /// The default tolerance for an image of this size: `max(1, 0.015 × min(width, height))` px.
    static func defaultTolerance(width: Int, height: Int) -> Double {
        max(1, 0.015 * Double(min(width, height)))
    }

    /// Measures `image` (any ``PixelFormat``) against `guidance` (a gray, white-on-black map of
    /// the same size, normally the scribble encoding).
    ///
    /// - Parameter tolerance: match distance in pixels; `nil` for ``defaultTolerance(width:height:)``.
    /// - Throws: ``AdherenceError/sizeMismatch(imageWidth:imageHeight:guidanceWidth:guidanceHeight:)``,
    ///   ``AdherenceError/emptyImage``, ``AdherenceError/emptyGuidance``,
    ///   ``AdherenceError/invalidTolerance(_:)``.
    public static func measure(image: RasterImage, guidance: RasterImage, tolerance: Double? = nil) throws(AdherenceError) -> GuidanceAdherence {
        guard image.width == guidance.width, image.height == guidance.height else {
            throw .sizeMismatch(imageWidth: image.width, imageHeight: image.height,
                                guidanceWidth: guidance.width, guidanceHeight: guidance.height)
        }
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        let tau = tolerance ?? defaultTolerance(width: image.width, height: image.height)
        guard tau.isFinite, tau >= 0 else { throw .invalidTolerance(tau) }
        let sketch = LumaPlane.guidance(guidance).map { $0 >= 128 }
        guard sketch.contains(true) else { throw .emptyGuidance }
        return score(edges: EdgeMap(image: image).edges, sketch: sketch,
                     width: image.width, height: image.height, tolerance: tau)
    }

    /// Measures `image` against a rendered ``GuidanceMap`` (its ``GuidanceMap/image``).
    public static func measure(image: RasterImage, guidance: GuidanceMap, tolerance: Double? = nil) throws(AdherenceError) -> GuidanceAdherence {
        try measure(image: image, guidance: guidance.image, tolerance: tolerance)
    }

    /// Precision, recall, F1 and chamfer distance of an edge set against a sketch set.
    static func score(edges: [Bool], sketch: [Bool], width: Int, height: Int, tolerance tau: Double) -> GuidanceAdherence {
        let diagonal = Double(width * width + height * height).squareRoot()
        let toSketch = EuclideanDistance.squared(mask: sketch, width: width, height: height)
        let toEdges = EuclideanDistance.squared(mask: edges, width: width, height: height)
        let tau2 = tau * tau
        var edgeCount = 0, edgeHits = 0, edgeSum = 0.0
        var sketchCount = 0, sketchHits = 0, sketchSum = 0.0
        for i in 0..<(width * height) {
            if edges[i] {
                edgeCount += 1
                let d2 = toSketch[i]
                if d2 <= tau2 { edgeHits += 1 }
                edgeSum += min(d2.squareRoot(), diagonal)
            }
            if sketch[i] {
                sketchCount += 1
                let d2 = toEdges[i]
                if d2 <= tau2 { sketchHits += 1 }
                sketchSum += min(d2.squareRoot(), diagonal)
            }
        }
        let precision = edgeCount > 0 ? Double(edgeHits) / Double(edgeCount) : 0
        let recall = sketchCount > 0 ? Double(sketchHits) / Double(sketchCount) : 0
        let f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
        let edgeMean = edgeCount > 0 ? edgeSum / Double(edgeCount) : diagonal
        let sketchMean = sketchCount > 0 ? sketchSum / Double(sketchCount) : diagonal
        return GuidanceAdherence(precision: precision, recall: recall, f1: f1,
                                 chamferDistance: (edgeMean + sketchMean) / 2, tolerance: tau)
    }
}
