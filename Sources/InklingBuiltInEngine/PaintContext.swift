import Foundation
import InklingConditioning

/// Everything a style painter needs, resolved once per generation: size, palette, motifs, the
/// sketch's influence, the (loosened) line layer and the regions it encloses, seeds and the
/// light direction.
///
/// Seeds: `seed` = mix(conditioning seed, variation) drives palette rotation, motif placement,
/// textures and the light; the displacement field additionally mixes in the strokes'
/// `randomSeed`s. Nothing here depends on the drawing when the influence is 0, so strength 0
/// paints exactly the no-drawing picture.
struct PaintContext {
    let width: Int
    let height: Int
    let palette: Palette
    let motifs: [Motif]
    let influence: GuidanceInfluence
    /// The sketch's lines after loosening, coverage `0 ... 1`; `nil` when the sketch has no influence.
    let lines: Plane?
    /// Regions enclosed by ``lines`` (empty without a sketch).
    let regions: RegionMap
    let seed: UInt64
    let variation: Int
    /// Direction light comes from (unit vector, image coordinates, y down).
    let light: (x: Float, y: Float)
    /// The underpainting from the source image, if any.
    let underpainting: Underpainting?
    /// What the prompt says about colours and things.
    let reading: PromptReading
    /// The regions' colours from the prompt (``RegionColoring``).
    let coloring: RegionColoring
    /// Whether the drawing is *sparse* (``sparse(lines:regions:)``): its lines are then drawn as
    /// bold marks in ``markColor``, and unless the prompt sets the sky its sky is pulled halfway
    /// to a clear day sky.
    let isSparse: Bool
    /// The colour a sparse drawing's lines take: the heaviest colour word's, else the expected
    /// colour of the first thing named that has one (not the sky or the ground), else the
    /// palette's primary.
    var markColor: PaletteColor {
        reading.colors.first?.color
            ?? reading.things.first { $0.color != nil && $0.entry.cue != .sky && $0.entry.cue != .ground }?.color
            ?? palette.primary
    }

    /// A dot or a few open lines: the enclosed regions cover under 1% of the image and the lines
    /// (coverage above 0.3) under 3%.
    static func sparse(lines: Plane?, regions: RegionMap) -> Bool {
        guard let lines else { return false }
        let n = lines.width * lines.height
        guard regions.regions.reduce(0, { $0 + $1.area }) * 100 < n else { return false }
        var covered = 0
        for v in lines.values where v > 0.3 { covered += 1 }
        return covered * 100 < 3 * n
    }

    var minSide: Int { min(width, height) }
    /// A length as a fraction of the shorter side, in whole pixels (at least `minimum`).
    func px(_ fraction: Double, minimum: Int = 1) -> Int { max(minimum, Int((Double(minSide) * fraction).rounded())) }

    /// Fill opacity of enclosed regions: 0 below detail 0.1, 1 from 0.55.
    var fillAlpha: Float { Self.smoothstep(0.1, 0.55, Float(influence.detail)) }
    /// Blur radius that lets fills bleed past their lines: (1 − strength) × 2.5% of the shorter side.
    var bleedRadius: Int { Int(((1 - influence.strength) * 0.025 * Double(minSide)).rounded()) }
    /// How much the motifs take over the composition, `0.4 ... 1`.
    var motifAmount: Double { 1 - 0.6 * influence.strength }

    static func smoothstep(_ a: Float, _ b: Float, _ x: Float) -> Float {
        let t = min(max((x - a) / (b - a), 0), 1)
        return t * t * (3 - 2 * t)
    }

    static func make(_ c: Conditioning, variation: Int) throws -> PaintContext {
        let w = c.size.width, h = c.size.height
        let seed = PaintRandom.mix(c.seed, UInt64(bitPattern: Int64(variation)), 0x1B_0B_E7)
        var rng = PaintRandom(seed: PaintRandom.mix(seed, 7))
        let reading = PromptReading(phrases: c.phrases, title: c.title, language: c.language)
        let concept = ConceptPalette(phrases: c.phrases, title: c.title, reading: reading)
        var palette = concept.palette.rotated(variation)
        let influence = GuidanceInfluence(c.controls)
        let angle = -Double.pi * 0.75 + rng.range(-0.5, 0.5) + Double(variation % 2) * 1.3
        let light = (x: Float(cos(angle)), y: Float(sin(angle)))
        try Task.checkCancellation()
        var lines: Plane?
        var regions = RegionMap(empty: w, h)
        var coloring = RegionColoring.none
        if influence.isActive, let scribble = try LineLayer.scribble(for: c) {
            let loose = LineLayer.loosened(scribble, influence: influence,
                                           seed: PaintRandom.mix(seed, LineLayer.strokeSeed(c.drawing)))
            try Task.checkCancellation()
            regions = RegionMap(lines: loose, closeRadius: max(1, min(w, h) / 256))
            lines = loose
            coloring = RegionColoring(regions: regions, lines: loose, reading: reading)
        }
        let sparse = Self.sparse(lines: lines, regions: regions)
        if sparse, reading.sky == nil {
            // A sparse drawing gets the scene: a clear day sky unless the prompt says otherwise.
            palette.background = palette.background.mixed(with: ObjectLexicon.daySky, 0.5)
        }
        try Task.checkCancellation()
        let under = try Underpainting.make(c, sketchActive: lines != nil, palette: &palette)
        try Task.checkCancellation()
        return PaintContext(width: w, height: h, palette: palette, motifs: concept.motifs, influence: lines == nil ? .none : influence,
                            lines: lines, regions: regions, seed: seed, variation: variation, light: light, underpainting: under,
                            reading: reading, coloring: coloring, isSparse: sparse)
    }

    /// Colour of enclosed region `label` (1-based): the prompt's (``RegionColoring``), else
    /// ``fillColor(_:)``.
    func regionColor(_ label: Int32) -> PaletteColor {
        promptColor(label) ?? fillColor(label)
    }

    /// The colour the prompt gives region `label`, if any.
    func promptColor(_ label: Int32) -> PaletteColor? {
        let k = Int(label) - 1
        return coloring.colors.indices.contains(k) ? coloring.colors[k] : nil
    }

    /// The palette's fill for `label`: the largest region takes the primary, the others cycle
    /// through the fills, shifted by the variation.
    func fillColor(_ label: Int32) -> PaletteColor {
        let fills = palette.fills
        return fills[(Int(label) - 1 + variation) % fills.count]
    }
}
