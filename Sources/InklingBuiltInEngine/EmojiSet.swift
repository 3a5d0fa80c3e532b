import InklingImageIO

/// Area-averaging downscaling with premultiplied alpha, for emoji image sets.
enum EmojiSet {
    /// `image` resampled to `side × side`: every output pixel averages the exact (fractional)
    /// source area it covers, in premultiplied space, then un-premultiplies. The image is
    /// stretched if it is not square (the painter's emoji always is).
    static func downscale(_ image: RasterImage, to side: Int) -> RasterImage {
        let side = max(side, 1)
        let src = rgba(image)
        let sw = src.width, sh = src.height
        guard sw > 0, sh > 0 else { return RasterImage(width: side, height: side, format: .rgba) }
        let fx = Double(sw) / Double(side), fy = Double(sh) / Double(side)
        // Premultiplied floats.
        var pre = [Float](repeating: 0, count: sw * sh * 4)
        for i in 0..<(sw * sh) {
            let a = Float(src.pixels[i * 4 + 3]) / 255
            pre[i * 4] = Float(src.pixels[i * 4]) * a
            pre[i * 4 + 1] = Float(src.pixels[i * 4 + 1]) * a
            pre[i * 4 + 2] = Float(src.pixels[i * 4 + 2]) * a
            pre[i * 4 + 3] = a
        }
        // Overlap weights of source columns/rows with each output column/row.
        func spans(_ f: Double, _ count: Int) -> [[(Int, Float)]] {
            (0..<side).map { o in
                let lo = Double(o) * f, hi = Double(o + 1) * f
                var list: [(Int, Float)] = []
                var s = Int(lo)
                while Double(s) < hi && s < count {
                    let overlap = min(hi, Double(s + 1)) - max(lo, Double(s))
                    if overlap > 0 { list.append((s, Float(overlap / f))) }
                    s += 1
                }
                return list
            }
        }
        let xs = spans(fx, sw), ys = spans(fy, sh)
        var out = [UInt8](repeating: 0, count: side * side * 4)
        var row = [Float](repeating: 0, count: sw * 4)
        for oy in 0..<side {
            for k in row.indices { row[k] = 0 }
            for (sy, wy) in ys[oy] {
                let base = sy * sw * 4
                for k in 0..<(sw * 4) { row[k] += pre[base + k] * wy }
            }
            for ox in 0..<side {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (sx, wx) in xs[ox] {
                    acc.0 += row[sx * 4] * wx; acc.1 += row[sx * 4 + 1] * wx
                    acc.2 += row[sx * 4 + 2] * wx; acc.3 += row[sx * 4 + 3] * wx
                }
                let o = (oy * side + ox) * 4
                let a = min(max(acc.3, 0), 1)
                let a8 = UInt8((a * 255).rounded())
                guard a8 > 0 else { continue }
                out[o] = UInt8(min(max(acc.0 / a, 0), 255).rounded())
                out[o + 1] = UInt8(min(max(acc.1 / a, 0), 255).rounded())
                out[o + 2] = UInt8(min(max(acc.2 / a, 0), 255).rounded())
                out[o + 3] = a8
            }
        }
        return RasterImage(width: side, height: side, format: .rgba, pixels: out)
    }

    /// The image as RGBA (gray and RGB expanded, alpha 255 where missing).
    static func rgba(_ image: RasterImage) -> RasterImage {
        if image.format == .rgba { return image }
        let n = image.width * image.height, ch = image.format.channels
        var out = [UInt8](repeating: 255, count: n * 4)
        for i in 0..<n {
            let p = i * ch
            switch image.format {
            case .gray: out[i * 4] = image.pixels[p]; out[i * 4 + 1] = image.pixels[p]; out[i * 4 + 2] = image.pixels[p]
            case .grayAlpha:
                out[i * 4] = image.pixels[p]; out[i * 4 + 1] = image.pixels[p]; out[i * 4 + 2] = image.pixels[p]
                out[i * 4 + 3] = image.pixels[p + 1]
            case .rgb: out[i * 4] = image.pixels[p]; out[i * 4 + 1] = image.pixels[p + 1]; out[i * 4 + 2] = image.pixels[p + 2]
            case .rgba: break
            }
        }
        return RasterImage(width: image.width, height: image.height, format: .rgba, pixels: out)
    }
}
