import Foundation
import InklingImageIO

/// Draws a ``ColorDifferenceMap`` as a heat map a person can read at a glance.
///
/// - Unchanged pixels show the reference as a faint gray ghost (a quarter of its contrast over
///   white, alpha composited over white), so the differences can be placed.
/// - Pixels that changed but stay within the threshold are pale blue.
/// - Pixels over the threshold run yellow (ΔE ≈ threshold) → orange → red (ΔE 10) → dark
///   magenta (ΔE ≥ 50), on a logarithmic scale.
/// - Every pixel within 3 px of an over-threshold pixel that is not itself over gets a pink
///   halo, so a single changed pixel in a large image can still be found. When more than 1% of
///   the pixels are over, the changes are plain to see and the halo would only hide them, so
///   none is drawn.
enum DifferenceImage {
    /// An opaque RGB image of `map`'s size.
    public static func render(_ map: ColorDifferenceMap, reference: RasterImage, threshold: Double) -> RasterImage {
        let w = map.width, h = map.height
        let ghost = reference.composited(over: .white).converted(to: .gray)
        var pixels = [UInt8](repeating: 255, count: w * h * 3)
        var over = [Bool](repeating: false, count: w * h)
        let t = Float(threshold)
        for i in 0..<(w * h) {
            let d = map.values[i]
            let colour: (UInt8, UInt8, UInt8)
            if d > t {
                over[i] = true
                colour = heat(Double(d), threshold: threshold)
            } else if d > 0 {
                colour = (170, 205, 255)
            } else {
                let g = UInt8(191 + Int(ghost.pixels[i]) / 4)
                colour = (g, g, g)
            }
            pixels[3 * i] = colour.0; pixels[3 * i + 1] = colour.1; pixels[3 * i + 2] = colour.2
        }
        let overCount = over.reduce(0) { $0 + ($1 ? 1 : 0) }
        if overCount * 100 <= w * h { halo(&pixels, over: over, width: w, height: h) }
        return RasterImage(width: w, height: h, format: .rgb, pixels: pixels)
    }

    /// The colour of an over-threshold difference `d`.
    static func heat(_ d: Double, threshold: Double) -> (UInt8, UInt8, UInt8) {
        // Position along the ramp: 0 at max(threshold, 0.5), 1 at ΔE 50.
        let low = log(max(threshold, 0.5)), high = log(50.0)
        let s = min(1, max(0, (log(max(d, 1e-6)) - low) / max(high - low, 1e-6)))
        let stops: [(Double, Double, Double)] = [(255, 220, 0), (255, 120, 0), (220, 0, 0), (120, 0, 110)]
        let position = s * Double(stops.count - 1)
        let k = min(stops.count - 2, Int(position)), f = position - Double(k)
        func mix(_ a: Double, _ b: Double) -> UInt8 { UInt8((a + (b - a) * f).rounded()) }
        return (mix(stops[k].0, stops[k + 1].0), mix(stops[k].1, stops[k + 1].1), mix(stops[k].2, stops[k + 1].2))
    }

    /// Tints the neighbourhood (radius 3) of over-threshold pixels pink where it is not over itself.
    private static func halo(_ pixels: inout [UInt8], over: [Bool], width w: Int, height h: Int) {
        let radius = 3
        var ring = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w where over[y * w + x] {
                for yy in max(0, y - radius)...min(h - 1, y + radius) {
                    for xx in max(0, x - radius)...min(w - 1, x + radius) where !over[yy * w + xx] {
                        ring[yy * w + xx] = true
                    }
                }
            }
        }
        for i in 0..<(w * h) where ring[i] {
            pixels[3 * i] = 255
            pixels[3 * i + 1] = UInt8(Int(pixels[3 * i + 1]) * 2 / 5)
            pixels[3 * i + 2] = UInt8(min(255, Int(pixels[3 * i + 2]) * 2 / 5 + 120))
        }
    }
}
