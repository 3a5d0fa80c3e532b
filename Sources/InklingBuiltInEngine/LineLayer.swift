import InklingConditioning
import InklingGuidance
import InklingStrokes

/// The sketch's lines at the output size, as the painters use them: coverage `0 ... 1`,
/// warped by the displacement field for lower guidance strength.
enum LineLayer {
    /// The scribble (white lines) for the conditioning: the guidance map itself when it is a
    /// white-on-black scribble of the right size, else the drawing rendered with the guidance map's placement
    /// (or the default fit). `nil` without a drawing.
    static func scribble(for c: Conditioning) throws -> Plane? {
        let w = c.size.width, h = c.size.height
        if let map = c.guidance, map.encoding == .scribble, map.polarity == .whiteOnBlack, map.image.width == w, map.image.height == h, map.image.format == .gray {
            let plane = Plane(width: w, height: h, bytes: map.image.pixels)
            return plane.isZero ? nil : plane
        }
        guard let drawing = c.drawing, !drawing.strokes.isEmpty else { return nil }
        let renderer = GuidanceRenderer(options: GuidanceOptions(width: w, height: h))
        let map = try c.guidance.map { try renderer.render(drawing, toPixels: $0.drawingToPixels) } ?? renderer.render(drawing)
        let plane = Plane(width: w, height: h, bytes: map.image.pixels)
        return plane.isZero ? nil : plane
    }

    /// The lines displaced by `(1 − placement) × 7%` of the shorter side.
    static func loosened(_ lines: Plane, influence: GuidanceInfluence, seed: UInt64) -> Plane {
        let amplitude = (1 - influence.placement) * 0.07 * Double(min(lines.width, lines.height))
        guard amplitude >= 0.25 else { return lines }
        return DisplacementField(width: lines.width, height: lines.height, amplitude: amplitude, seed: seed).warp(lines)
    }

    /// Combined `randomSeed` of the drawing's strokes (only used for sketch-dependent stages).
    static func strokeSeed(_ drawing: Drawing?) -> UInt64 {
        var h: UInt64 = 0xA076_1D64_78BD_642F
        for stroke in drawing?.strokes ?? [] { h = (h ^ UInt64(stroke.randomSeed)) &* 0x1000_0000_01B3 }
        return h
    }

    /// A sparse drawing's lines as marks that read at a glance (`body`, painted in
    /// ``PaintContext/markColor``, over `edge`, an ink rim a third wider): the lines grown by
    /// 1.2% of the shorter side with round ends; a dot or a scrap (lines on under 0.1% of the
    /// image) by 3%, a disc you can see. Growing: a square dilation by 60% of the radius, a blur
    /// by half of it (three passes), a soft threshold.
    static func marks(_ lines: Plane, _ ctx: PaintContext) -> (edge: Plane, body: Plane) {
        var core = lines
        var count = 0
        core.values.withUnsafeMutableBufferPointer { v in
            for i in v.indices { if v[i] > 0.05 { v[i] = 1; count += 1 } else { v[i] = 0 } }
        }
        let radius = count * 1000 < lines.width * lines.height ? 0.03 : 0.012
        func grown(_ radius: Int) -> Plane {
            var p = core
            p.dilate(radius: max(1, radius * 3 / 5))
            p.blur(radius: max(1, radius / 2), passes: 3)
            p.values.withUnsafeMutableBufferPointer { v in
                for i in v.indices { v[i] = PaintContext.smoothstep(0.2, 0.45, v[i]) }
            }
            return p
        }
        return (grown(ctx.px(radius * 4 / 3)), grown(ctx.px(radius)))
    }
}
