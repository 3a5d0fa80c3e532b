import InklingConditioning

/// Turns the conditioning's phrases into a palette and motifs with ``ColorLexicon``.
///
/// Each phrase contributes with its weight: a scene concept its palette (and motif), an unknown
/// phrase the FNV-hashed fallback palette; the weighted palettes are averaged. Colour words
/// then pull the fill colours towards them (the strongest colour becomes the primary, others
/// the secondary and accent), by the weight of their phrases. No phrases: ``Palette/neutral``.
struct ConceptPalette {
    /// The blended palette.
    var palette: Palette
    /// Motifs in order of importance (at most two).
    var motifs: [Motif]

    init(phrases: [ConceptPhrase], title: String?) {
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
}
