import InklingImageIO

/// Thin edges of an image, Canny-style: luminance (alpha composited over white) → Gaussian
/// smoothing → Sobel gradient → non-maximum suppression → hysteresis with fixed contrast thresholds.
///
/// - Luminance is Rec. 709 luma of the 8-bit samples; a transparent pixel reads as white paper,
///   so the silhouette of a subject on a transparent background is an edge.
/// - Smoothing: σ = max(1, shorter side / 512) px unless given (1 at 512, 2 at 1024), so paper
///   grain and pigment texture do not become edges while strokes do.
/// - Gradient magnitude is in luminance per pixel (a sharp black-to-white step peaks at ~0.4
///   after smoothing with σ = 1).
/// - Thresholds are absolute, not adapted to the image (``defaultHighThreshold`` 0.04, about a
///   0.1 luminance step; ``defaultLowThreshold`` 0.02): pixels above the high one seed edges that
///   grow through 8-connected pixels above the low one. Fixed thresholds keep regions
///   independent — an adaptive (Otsu) split lets faint lines in one place raise the threshold and
///   drop edges elsewhere, which made adherence dip when a sketch was added faintly. A blank image
///   has no edges.
///
/// Deterministic, single-threaded, O(pixels × smoothing radius).
public struct EdgeMap: Sendable, Hashable {
    /// Pixels per row.
    public let width: Int
    /// Number of rows.
    public let height: Int
    /// `width × height` flags, rows top to bottom: `true` on an edge pixel.
    public let edges: [Bool]
    /// The smoothing σ used, in pixels.
    public let sigma: Double
    /// The high hysteresis threshold (gradient magnitude, luminance per pixel).
    public let highThreshold: Double
    /// The low hysteresis threshold.
    public let lowThreshold: Double

    /// The default high threshold: a gradient of a ~0.1 luminance step after smoothing.
    public static let defaultHighThreshold = 0.04
    /// The default low threshold, half the high one.
    public static let defaultLowThreshold = 0.02

    /// The default smoothing for an image of this size: `max(1, min(width, height) / 512)`.
    public static func defaultSigma(width: Int, height: Int) -> Double {
        max(1, Double(min(width, height)) / 512)
    }

    /// Detects the edges of `image` (any ``PixelFormat``); `sigma` overrides the default
    /// smoothing, the thresholds (gradient magnitude in luminance per pixel) the defaults.
    public init(image: RasterImage, sigma: Double? = nil,
                highThreshold: Double = EdgeMap.defaultHighThreshold, lowThreshold: Double = EdgeMap.defaultLowThreshold) {
        let w = image.width, h = image.height
        let s = sigma ?? Self.defaultSigma(width: w, height: h)
        width = w
        height = h
        self.sigma = s
        guard w >= 3, h >= 3 else {
            edges = [Bool](repeating: false, count: w * h)
            self.highThreshold = highThreshold
            self.lowThreshold = lowThreshold
            return
        }
        var luma = LumaPlane.overWhite(image)
        GaussianSmoothing.blur(&luma, width: w, height: h, sigma: s)
        let (magnitude, sector) = Self.sobel(luma, width: w, height: h)
        self.highThreshold = highThreshold
        self.lowThreshold = lowThreshold
        let thin = Self.suppressNonMaxima(magnitude, sector, width: w, height: h)
        edges = Self.hysteresis(thin, width: w, height: h, low: Float(lowThreshold), high: Float(highThreshold))
    }

    /// Whether `(x, y)` is an edge pixel.
    public subscript(x: Int, y: Int) -> Bool { edges[y * width + x] }

    /// Number of edge pixels.
    public var edgeCount: Int { edges.reduce(0) { $0 + ($1 ? 1 : 0) } }

    /// The edges as a gray image, white on black, to look at.
    public var image: RasterImage {
        RasterImage(width: width, height: height, format: .gray, pixels: edges.map { $0 ? 255 : 0 })
    }

    /// Sobel magnitude (divided by 8: luminance per pixel) and gradient direction sector
    /// (0: horizontal gradient, 1: vertical, 2: down-right diagonal, 3: up-right diagonal);
    /// the one-pixel border is 0.
    private static func sobel(_ p: [Float], width w: Int, height h: Int) -> ([Float], [UInt8]) {
        var magnitude = [Float](repeating: 0, count: w * h)
        var sector = [UInt8](repeating: 0, count: w * h)
        let tan22: Float = 0.41421356
        p.withUnsafeBufferPointer { p in
            magnitude.withUnsafeMutableBufferPointer { m in
                sector.withUnsafeMutableBufferPointer { d in
                    for y in 1..<(h - 1) {
                        let r = y * w, up = r - w, dn = r + w
                        for x in 1..<(w - 1) {
                            let gx = (p[up + x + 1] + 2 * p[r + x + 1] + p[dn + x + 1]
                                - p[up + x - 1] - 2 * p[r + x - 1] - p[dn + x - 1]) * 0.125
                            let gy = (p[dn + x - 1] + 2 * p[dn + x] + p[dn + x + 1]
                                - p[up + x - 1] - 2 * p[up + x] - p[up + x + 1]) * 0.125
                            m[r + x] = (gx * gx + gy * gy).squareRoot()
                            let ax = abs(gx), ay = abs(gy)
                            d[r + x] = ay <= tan22 * ax ? 0 : ax <= tan22 * ay ? 1 : (gx * gy > 0 ? 2 : 3)
                        }
                    }
                }
            }
        }
        return (magnitude, sector)
    }

    /// Keeps a magnitude only where it is a maximum across the edge (ties go to the earlier pixel).
    private static func suppressNonMaxima(_ magnitude: [Float], _ sector: [UInt8], width w: Int, height h: Int) -> [Float] {
        var out = [Float](repeating: 0, count: w * h)
        magnitude.withUnsafeBufferPointer { m in
            sector.withUnsafeBufferPointer { d in
                out.withUnsafeMutableBufferPointer { o in
                    let offsets = [1, w, w + 1, 1 - w]
                    for y in 1..<(h - 1) {
                        for x in 1..<(w - 1) {
                            let i = y * w + x, v = m[i]
                            guard v > 0 else { continue }
                            let k = offsets[Int(d[i])]
                            if v > m[i + k] && v >= m[i - k] { o[i] = v }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Edges: pixels above `high`, grown through 8-connected pixels above `low`.
    private static func hysteresis(_ thin: [Float], width w: Int, height h: Int, low: Float, high: Float) -> [Bool] {
        var edges = [Bool](repeating: false, count: w * h)
        var stack: [Int] = []
        thin.withUnsafeBufferPointer { t in
            edges.withUnsafeMutableBufferPointer { e in
                for i in 0..<(w * h) where t[i] >= high && !e[i] {
                    e[i] = true
                    stack.append(i)
                    while let j = stack.popLast() {
                        let x = j % w, y = j / w
                        for dy in -1...1 {
                            let yy = y + dy
                            guard yy >= 0, yy < h else { continue }
                            for dx in -1...1 {
                                let xx = x + dx
                                guard xx >= 0, xx < w else { continue }
                                let n = yy * w + xx
                                if !e[n] && t[n] >= low { e[n] = true; stack.append(n) }
                            }
                        }
                    }
                }
            }
        }
        return edges
    }
}
