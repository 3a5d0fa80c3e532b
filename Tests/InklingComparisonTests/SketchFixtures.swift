import Foundation
import InklingImageIO

/// Synthetic sketches for adherence tests: discs and bars drawn into white-on-black maps.
enum SketchFixtures {
    /// A 256×256 guidance map: a box outline, a circle and a wavy-free cross, 3 px lines,
    /// white on black, optionally moved by `(dx, dy)`.
    static func map(size: Int = 256, dx: Int = 0, dy: Int = 0) -> RasterImage {
        var pixels = [UInt8](repeating: 0, count: size * size)
        func dot(_ x: Int, _ y: Int) {
            for oy in -1...1 { for ox in -1...1 {
                let xx = x + ox + dx, yy = y + oy + dy
                if xx >= 0, xx < size, yy >= 0, yy < size { pixels[yy * size + xx] = 255 }
            } }
        }
        let s = Double(size) / 256
        // Box.
        let lo = Int(40 * s), hi = Int(140 * s)
        for t in lo...hi { dot(t, lo); dot(t, hi); dot(lo, t); dot(hi, t) }
        // Circle.
        let cx = 180 * s, cy = 170 * s, r = 45 * s
        for k in 0..<720 {
            let a = Double(k) * .pi / 360
            dot(Int((cx + r * cos(a)).rounded()), Int((cy + r * sin(a)).rounded()))
        }
        // Cross.
        for t in Int(170 * s)...Int(230 * s) { dot(t, Int(50 * s)); dot(Int(200 * s), t - Int(150 * s)) }
        return RasterImage(width: size, height: size, format: .gray, pixels: pixels)
    }

    /// The map as a drawing would look: dark lines on white, RGB.
    static func drawing(of map: RasterImage) -> RasterImage {
        var rgb = [UInt8](repeating: 255, count: map.width * map.height * 3)
        for i in 0..<(map.width * map.height) {
            let v = 255 - map.pixels[i]
            rgb[3 * i] = v; rgb[3 * i + 1] = v; rgb[3 * i + 2] = v
        }
        return RasterImage(width: map.width, height: map.height, format: .rgb, pixels: rgb)
    }

    /// Uniform random RGB noise from a fixed-seed generator.
    static func noise(size: Int = 256, seed: UInt64 = 1) -> RasterImage {
        var state = seed
        var pixels = [UInt8](repeating: 0, count: size * size * 3)
        for i in pixels.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        return RasterImage(width: size, height: size, format: .rgb, pixels: pixels)
    }
}
