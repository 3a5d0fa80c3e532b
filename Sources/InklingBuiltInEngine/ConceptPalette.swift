import InklingConditioning

/// Turns the conditioning's phrases into a palette and motifs with ``ColorLexicon``.
///
/// Each phrase contributes with its weight: a scene concept its palette (and motif), an unknown
/// phrase the FNV-hashed fallback palette; the weighted palettes are averaged for the sky, the
/// ground and the ink. The fills are not averaged (three scenes' pinks and blues would make a
/// grey purple): they are the scenes' primaries, then their secondaries, then their accents,
/// heaviest scene first, skipping a colour close to one already taken. Without any scene word
/// the sky and ground are ``Palette/neutral``'s (a day sky over a meadow; the hash only picks
/// the fills). Then ``PromptReading``'s sky (the sky named, the night, a colour bound to it)
/// and ground (sea, grass, snow …) replace or tint them, and colour words pull the fill colours
/// towards them (the strongest colour becomes the primary, others the secondary and accent),
/// by the weight of their phrases. No phrases: ``Palette/neutral``.
struct ConceptPalette {
    /// The blended palette.
    var palette: Palette
    /// Motifs in order of importance (at most two).
    var motifs: [Motif]

    init(phrases: [ConceptPhrase], title: String?, reading: PromptReading? = nil) {
        var scenes: [(Palette, Double)] = []
        var parts: [(Palette, Double)] = []
        var colorHits: [(PaletteColor, Double)] = []
        var motifWeights: [(Motif, Double)] = []
        var all = phrases
        if let title, !title.isEmpty { all.append(ConceptPhrase(title, weight: 0.3)) }
        for phrase in all {
            let w = max(phrase.weight, 0.01)
            let words = ColorLexicon.Normalized(phrase.text)
            var knownScene = false
            for entry in ColorLexicon.scenes where entry.words.contains(where: words.contains) {
                parts.append((entry.scene.palette, w))
                scenes.append((entry.scene.palette, w))
                if let m = entry.scene.motif { motifWeights.append((m, w)) }
                knownScene = true
            }
            var knownColor = false
            for entry in ColorLexicon.colors where entry.words.contains(where: words.contains) {
                colorHits.append((entry.color, w))
                knownColor = true
            }
            if !knownScene {
                // A colour-only phrase ("a red balloon") still says something about the subject:
                // hash it for the scene, but lightly when a colour was recognised.
                parts.append((ColorLexicon.fallbackPalette(for: phrase.text), knownColor ? w * 0.35 : w))
            }
        }
        var palette = parts.isEmpty ? Palette.neutral : Palette.blend(parts)
        if scenes.count > 1 { Self.interleaveFills(&palette, scenes) }
        if scenes.isEmpty, !parts.isEmpty {
            palette.background = Palette.neutral.background
            palette.ground = Palette.neutral.ground
        }
        if let reading {
            if let sky = reading.sky {
                // A named sky colour or the night replaces the sky; a plain "sky" makes it a clear one.
                let plain = !reading.isNight && !reading.things.contains { $0.entry.cue == .sky && $0.named }
                palette.background = plain ? palette.background.mixed(with: sky, 0.6) : sky
            }
            if let ground = reading.ground { palette.ground = palette.ground.mixed(with: ground, 0.75) }
        }
        let ranked = colorHits.sorted { $0.1 > $1.1 }
        let total = max(ranked.reduce(0) { $0 + $1.1 }, 1e-9)
        for (i, hit) in ranked.prefix(3).enumerated() {
            let t = Float(min(1, 0.55 + 0.45 * hit.1 / total))
            switch i {
            case 0: palette.primary = palette.primary.mixed(with: hit.0, t)
            case 1: palette.secondary = palette.secondary.mixed(with: hit.0, t)
            default: palette.accent = palette.accent.mixed(with: hit.0, t)
            }
        }
        self.palette = palette
        var seen: [Motif] = []
        for (m, _) in motifWeights.sorted(by: { $0.1 > $1.1 }) where !seen.contains(m) { seen.append(m) }
        motifs = Array(seen.prefix(2))
    }

    /// The scenes' fills without averaging: primaries, secondaries, accents, heaviest scene
    /// first (ties: lexicon order), skipping colours within 0.12 (RGB distance) of one taken.
    static func interleaveFills(_ palette: inout Palette, _ scenes: [(Palette, Double)]) {
        let ranked = scenes.enumerated().sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
            .map(\.element.0)
        var taken: [PaletteColor] = []
        for slot in 0..<3 {
            for scene in ranked {
                let c = [scene.primary, scene.secondary, scene.accent][slot]
                let far = taken.allSatisfy { t in
                    let dr = t.r - c.r, dg = t.g - c.g, db = t.b - c.b
                    return (dr * dr + dg * dg + db * db).squareRoot() >= 0.12
                }
                if far, taken.count < 3 { taken.append(c) }
            }
        }
        guard taken.count == 3 else { return }
        palette.primary = taken[0]
        palette.secondary = taken[1]
        palette.accent = taken[2]
    }
}
