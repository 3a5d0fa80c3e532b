import Foundation
import InklingImageIO

/// The CIEDE2000 difference of every pixel of two images, the basis of the perceptual pass rule
/// and of the difference image.
///
/// Colours are read as sRGB (gray as R = G = B). With alpha, each pixel is composited over white
/// and over black and the larger of the two differences is kept: a change of opacity shows on
/// at least one of them, while colour hidden under full transparency does not count. Identical
/// pixels are 0 without any arithmetic, so comparing nearly identical images is fast.
public struct ColorDifferenceMap: Sendable, Hashable {
    /// Pixels per row.
    public let width: Int
    /// Number of rows.
    public let height: Int
    /// ΔE00 of each pixel, rows top to bottom.
    public let values: [Float]

    /// Computes the map of `a` against `b`.
    ///
    /// - Throws: ``ComparisonError/sizeMismatch(width:height:otherWidth:otherHeight:)``,
    ///   ``ComparisonError/emptyImage``.
    public init(_ a: RasterImage, _ b: RasterImage) throws(ComparisonError) {
        self.init(try ComparablePair(a, b))
    }

    /// Computes the map of a prepared pair, rows in parallel bands (each pixel is independent,
    /// so the result does not depend on the band count).
    init(_ pair: ComparablePair) {
        width = pair.width
        height = pair.height
        let channels = pair.format.channels, w = pair.width, h = pair.height
        var out = [Float](repeating: 0, count: w * h)
        out.withUnsafeMutableBufferPointer { o in
            pair.reference.pixels.withUnsafeBufferPointer { p in
                pair.candidate.pixels.withUnsafeBufferPointer { q in
                    let shared = Rows(p: p, q: q, out: o, width: w, channels: channels)
                    let bands = max(1, min(16, h / 32))
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        for y in (band * h / bands)..<((band + 1) * h / bands) { shared.fill(row: y) }
                    }
                }
            }
        }
        values = out
    }

    /// Number of pixels whose difference is above `threshold`.
    public func count(over threshold: Double) -> Int {
        let t = Float(threshold)
        return values.reduce(0) { $0 + ($1 > t ? 1 : 0) }
    }

    /// The largest difference, 0 for identical images.
    public var maximum: Double { Double(values.max() ?? 0) }

    /// The mean difference over all pixels.
    public var mean: Double {
        values.isEmpty ? 0 : values.reduce(0.0) { $0 + Double($1) } / Double(values.count)
    }

    /// The inputs and output of the per-row work, shared by the bands (each writes its own rows).
    private struct Rows: @unchecked Sendable {
        let p: UnsafeBufferPointer<UInt8>
        let q: UnsafeBufferPointer<UInt8>
        let out: UnsafeMutableBufferPointer<Float>
        let width: Int
        let channels: Int

        func fill(row y: Int) {
            for x in 0..<width {
                let i = y * width + x, s = i * channels
                var same = true
                for c in 0..<channels where p[s + c] != q[s + c] { same = false }
                out[i] = same ? 0 : Float(difference(at: s))
            }
        }

        /// ΔE00 of the pixel whose samples start at `s`.
        private func difference(at s: Int) -> Double {
            switch channels {
            case 1: return Self.delta(p[s], p[s], p[s], q[s], q[s], q[s])
            case 3: return Self.delta(p[s], p[s + 1], p[s + 2], q[s], q[s + 1], q[s + 2])
            case 2:
                return max(Self.composited(p[s], p[s], p[s], p[s + 1], q[s], q[s], q[s], q[s + 1], over: 255),
                           Self.composited(p[s], p[s], p[s], p[s + 1], q[s], q[s], q[s], q[s + 1], over: 0))
            default:
                return max(Self.composited(p[s], p[s + 1], p[s + 2], p[s + 3], q[s], q[s + 1], q[s + 2], q[s + 3], over: 255),
                           Self.composited(p[s], p[s + 1], p[s + 2], p[s + 3], q[s], q[s + 1], q[s + 2], q[s + 3], over: 0))
            }
        }

        private static func delta(_ r1: UInt8, _ g1: UInt8, _ b1: UInt8, _ r2: UInt8, _ g2: UInt8, _ b2: UInt8) -> Double {
            if r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
            return ColorDifference.ciede2000(CIELab(red: r1, green: g1, blue: b1), CIELab(red: r2, green: g2, blue: b2))
        }

        /// ΔE00 of two straight-alpha colours composited over an opaque gray `background` (0 or 255).
        private static func composited(_ r1: UInt8, _ g1: UInt8, _ b1: UInt8, _ a1: UInt8,
                                       _ r2: UInt8, _ g2: UInt8, _ b2: UInt8, _ a2: UInt8, over background: Int) -> Double {
            func over(_ c: UInt8, _ a: UInt8) -> UInt8 {
                let alpha = Int(a)
                let mixed: Int = Int(c) * alpha + background * (255 - alpha) + 127
                return UInt8(mixed / 255)
            }
            return delta(over(r1, a1), over(g1, a1), over(b1, a1), over(r2, a2), over(g2, a2), over(b2, a2))
        }
    }
}
