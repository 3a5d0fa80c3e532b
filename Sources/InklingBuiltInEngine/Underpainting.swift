import InklingConditioning
import InklingGuidance
import InklingImageIO
import InklingStrokes

/// The source image's contribution: colours for the palette and an underpainting layer.
///
/// - Palette: ``ColorPalette/extract(from:count:)`` (median cut, 6 colours); the lightest
///   extracted colour pulls the background, the darkest the ink, the heaviest remaining ones the
///   fills and the ground, each by `0.75 × sourceStrength`.
/// - Placement: registered with the drawing: the source rectangle is mapped onto the drawing's
///   frame (its canvas, else its bounds) and through the guidance map's drawing-to-pixels
///   transform (the same fit policy). Without a drawing, or when the sketch has no influence
///   (strength 0 must not change anything), it covers the output (fill, centred).
/// - Personalization off: the source is never reproduced: it is reduced to a 10 × 10 grid of
///   average colours and stretched back smoothly (bilinear), a heavy blur that keeps only the
///   colour field and the broad composition.
/// - Edges: the placed rectangle fades out over 4% of the shorter side.
/// - Opacity: `sourceStrength` times a per-style factor (see the painters).
struct Underpainting {
    /// Straight RGB at the output size, `0 ... 1`, and coverage.
    var color: Painting
    /// `sourceStrength`, `0 ... 1`.
    var strength: Float

    static func make(_ c: Conditioning, sketchActive: Bool, palette: inout Palette) throws -> Underpainting? {
        guard let source = c.source?.image, source.width > 0, source.height > 0 else { return nil }
        let strength = c.sourceStrength.isFinite ? min(max(c.sourceStrength, 0), 1) : 0
        guard strength > 0 else { return nil }
        blend(&palette, with: ColorPalette.extract(from: source, count: 6), by: Float(0.75 * strength))
        let w = c.size.width, h = c.size.height
        var placement = PixelTransform.fitting(sourceWidth: source.width, sourceHeight: source.height, into: w, height: h, aspectFill: true)
        if sketchActive, let frame = c.drawing?.frame, frame.width > 0, frame.height > 0 {
            let t = c.guidance?.drawingToPixels
                ?? FitPolicy.fit.transform(from: frame, to: w, h, padding: GuidanceOptions(width: w, height: h).padding)
            let toFrame = PixelTransform(scaleX: frame.width / Double(source.width), scaleY: frame.height / Double(source.height),
                                         translateX: frame.minX, translateY: frame.minY)
            placement = PixelTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty).concatenating(after: toFrame)
        }
        var image = source
        if !c.personalization {
            // Only a colour field: 10 × 10 averages, stretched back smoothly.
            let small = source.converted(to: .rgba).resampled(width: 10, height: 10)
            image = small
            placement = placement.concatenating(after: PixelTransform(
                scaleX: Double(source.width) / 10, scaleY: Double(source.height) / 10))
        }
        let placed = image.drawn(into: w, height: h, transform: placement, background: .clear)
        var layer = Painting(width: w, height: h)
        let n = w * h
        // Feather the placed rectangle's edges (4% of the shorter side) so it never shows as a
        // pasted rectangle.
        let corners = [(0.0, 0.0), (Double(image.width), 0.0), (0.0, Double(image.height)), (Double(image.width), Double(image.height))]
            .map { placement.apply(x: $0.0, y: $0.1) }
        let left = Float(corners.map(\.x).min()!), right = Float(corners.map(\.x).max()!)
        let top = Float(corners.map(\.y).min()!), bottom = Float(corners.map(\.y).max()!)
        let feather = max(Float(min(w, h)) * 0.04, 1)
        for i in 0..<n {
            let x = Float(i % w) + 0.5, y = Float(i / w) + 0.5
            let edge = min(x - left, right - x, y - top, bottom - y)
            let fade = PaintContext.smoothstep(0, feather, edge)
            let a = Float(placed.pixels[i * 4 + 3]) / 255 * fade
            layer.px[i * 4] = Float(placed.pixels[i * 4]) / 255 * a
            layer.px[i * 4 + 1] = Float(placed.pixels[i * 4 + 1]) / 255 * a
            layer.px[i * 4 + 2] = Float(placed.pixels[i * 4 + 2]) / 255 * a
            layer.px[i * 4 + 3] = a
        }
        if !c.personalization {
            // Soften the bilinear grid further.
            var planes = (0..<4).map { ch in
                var p = Plane(width: w, height: h)
                for i in 0..<n { p.values[i] = layer.px[i * 4 + ch] }
                return p
            }
            for ch in 0..<4 {
                planes[ch].blur(radius: max(1, min(w, h) / 30), passes: 2)
                for i in 0..<n { layer.px[i * 4 + ch] = planes[ch].values[i] }
            }
        }
        return Underpainting(color: layer, strength: Float(strength))
    }

    /// Composites the underpainting OVER `painting` at `sourceStrength × factor`.
    func apply(to painting: inout Painting, factor: Float) {
        let k = min(max(strength * factor, 0), 1)
        let n = painting.width * painting.height
        for i in 0..<n {
            let a = color.px[i * 4 + 3] * k
            if a == 0 { continue }
            let inv = 1 - a
            for ch in 0..<3 { painting.px[i * 4 + ch] = color.px[i * 4 + ch] * k + painting.px[i * 4 + ch] * inv }
            painting.px[i * 4 + 3] = a + painting.px[i * 4 + 3] * inv
        }
    }

    /// Darkness `0 ... 1` of the underpainting at pixel `i` (1 − luminance), times its coverage.
    @inline(__always)
    func darkness(at i: Int) -> Float {
        let a = color.px[i * 4 + 3]
        guard a > 0 else { return 0 }
        let l = (0.2126 * color.px[i * 4] + 0.7152 * color.px[i * 4 + 1] + 0.0722 * color.px[i * 4 + 2]) / a
        return (1 - l) * a * strength
    }

    /// The straight colour at pixel `i`, and its coverage.
    @inline(__always)
    func color(at i: Int) -> (PaletteColor, Float) {
        let a = color.px[i * 4 + 3]
        guard a > 0 else { return (PaletteColor(0, 0, 0), 0) }
        return (PaletteColor(color.px[i * 4] / a, color.px[i * 4 + 1] / a, color.px[i * 4 + 2] / a), a)
    }

    /// Pulls the palette towards the extracted colours by `t`.
    static func blend(_ palette: inout Palette, with entries: [PaletteEntry], by t: Float) {
        guard !entries.isEmpty, t > 0 else { return }
        let colors = entries.map { PaletteColor(Float($0.color.red) / 255, Float($0.color.green) / 255, Float($0.color.blue) / 255) }
        let byLight = colors.sorted { $0.luminance < $1.luminance }
        palette.background = palette.background.mixed(with: byLight.last!.shaded(1.1), t)
        palette.ink = palette.ink.mixed(with: byLight.first!.shaded(0.5), t * 0.6)
        let heavy = colors  // heaviest first
        palette.primary = palette.primary.mixed(with: heavy[0], t)
        if heavy.count > 1 { palette.secondary = palette.secondary.mixed(with: heavy[1], t) }
        if heavy.count > 2 { palette.accent = palette.accent.mixed(with: heavy[2], t) }
        if heavy.count > 3 { palette.ground = palette.ground.mixed(with: heavy[3], t * 0.8) }
    }
}
