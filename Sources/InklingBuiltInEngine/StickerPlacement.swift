/// A similarity that moves and shrinks a sticker: a point `p` of the painting it was planned
/// for goes to `target + scale × (p − origin)` (pixel-centre coordinates).
struct StickerPlacement {
    var scale: Float
    var origin: (x: Float, y: Float)
    var target: (x: Float, y: Float)

    /// The source point that lands on pixel `(x, y)`.
    @inline(__always)
    func source(_ x: Int, _ y: Int) -> (x: Float, y: Float) {
        ((Float(x) + 0.5 - target.x) / scale + origin.x - 0.5, (Float(y) + 0.5 - target.y) / scale + origin.y - 0.5)
    }

    /// Whether a source point lies on the image (outside it there is nothing: 0).
    @inline(__always)
    static func inside(_ p: (x: Float, y: Float), _ width: Int, _ height: Int) -> Bool {
        p.x >= -0.5 && p.y >= -0.5 && p.x <= Float(width) - 0.5 && p.y <= Float(height) - 0.5
    }

    /// `plane` moved: bilinear samples, 0 where nothing was.
    func apply(to plane: Plane) -> Plane {
        var out = Plane(width: plane.width, height: plane.height)
        let (w, h) = (plane.width, plane.height)
        plane.values.withUnsafeBufferPointer { src in
            out.values.withUnsafeMutableBufferPointer { dst in
                let dst = dst.baseAddress!
                Bands.forEach(h) { rows in
                    for y in rows {
                        for x in 0..<w {
                            let p = source(x, y)
                            dst[y &* w &+ x] = Self.inside(p, w, h) ? plane.sample(src, p.x, p.y) : 0
                        }
                    }
                }
            }
        }
        return out
    }

    /// `painting` moved (premultiplied RGBA, each channel sampled alike), clear where nothing was.
    func apply(to painting: Painting) -> Painting {
        let (w, h) = (painting.width, painting.height)
        var out = Painting(width: w, height: h)
        var channel = Plane(width: w, height: h)
        for c in 0..<4 {
            channel.values.withUnsafeMutableBufferPointer { v in
                painting.px.withUnsafeBufferPointer { p in
                    for i in 0..<(w * h) { v[i] = p[i &* 4 &+ c] }
                }
            }
            let moved = apply(to: channel)
            out.px.withUnsafeMutableBufferPointer { p in
                moved.values.withUnsafeBufferPointer { v in
                    for i in 0..<(w * h) { p[i &* 4 &+ c] = v[i] }
                }
            }
        }
        return out
    }
}

extension PaintContext {
    /// The context with its sketch moved by `placement`: lines, the regions they enclose (found
    /// again, and coloured again) and the underpainting; everything else as it was.
    func placed(_ placement: StickerPlacement) -> PaintContext {
        let moved = lines.map(placement.apply(to:))
        let movedRegions = moved.map { RegionMap(lines: $0, closeRadius: max(1, min(width, height) / 256)) } ?? regions
        return PaintContext(width: width, height: height, palette: palette, motifs: motifs, influence: influence, lines: moved,
                            regions: movedRegions, seed: seed, variation: variation, light: light,
                            underpainting: underpainting.map { Underpainting(color: placement.apply(to: $0.color), strength: $0.strength) },
                            reading: reading,
                            coloring: moved.map { RegionColoring(regions: movedRegions, lines: $0, reading: reading) } ?? coloring,
                            isSparse: isSparse)
    }
}
