import InklingBase
import InklingConditioning
import InklingOutputs

/// What changed between the recipe of a reference and that of a new image: the first thing to
/// read when a regression fails, since a changed prompt, seed or engine explains a failure that
/// the pixels only show as grain everywhere.
public struct RecipeDifference: Sendable, Hashable, CustomStringConvertible {
    /// The recipe field (`seed`, `engine`, `concepts`, `drawing`, …).
    public var field: String
    /// The reference's value, as text.
    public var reference: String
    /// The new image's value, as text.
    public var actual: String

    /// Creates a difference.
    public init(field: String, reference: String, actual: String) {
        self.field = field
        self.reference = reference
        self.actual = actual
    }

    /// `seed: 7 → 8`.
    public var description: String { "\(field): \(reference) → \(actual)" }

    /// Every field that differs, in the order a reader checks them: what made the image (engine,
    /// Inkling's version), what was asked (concepts, style, size, seed, variation), how (guidance,
    /// source, personalization, sampling), and the inputs' digests (drawing, source image).
    public static func between(reference r: Recipe, actual a: Recipe) -> [RecipeDifference] {
        var found: [RecipeDifference] = []
        func compare(_ field: String, _ x: String, _ y: String) {
            if x != y { found.append(RecipeDifference(field: field, reference: x, actual: y)) }
        }
        func n(_ v: Double) -> String { NumberText.compact(v) }
        compare("engine", r.engine, a.engine)
        compare("inklingVersion", r.inklingVersion, a.inklingVersion)
        compare("concepts", concepts(r.concepts), concepts(a.concepts))
        compare("style", r.style.rawValue, a.style.rawValue)
        compare("size", "\(r.size.width)x\(r.size.height)", "\(a.size.width)x\(a.size.height)")
        compare("seed", "\(r.seed)", "\(a.seed)")
        compare("variation", "\(r.variation + 1)", "\(a.variation + 1)")
        let g = r.guidance, h = a.guidance
        compare("guidance", "strength \(n(g.strength)), start \(n(g.start)), end \(n(g.end)), \(g.mode.rawValue), \(g.encoding)",
                "strength \(n(h.strength)), start \(n(h.start)), end \(n(h.end)), \(h.mode.rawValue), \(h.encoding)")
        compare("sourceStrength", n(r.sourceStrength), n(a.sourceStrength))
        compare("personalization", "\(r.personalization)", "\(a.personalization)")
        compare("sampling", "\(r.sampling)", "\(a.sampling)")
        compare("drawing", r.drawing.map { "sha256 \($0.sha256)" } ?? "none", a.drawing.map { "sha256 \($0.sha256)" } ?? "none")
        compare("sourceImage", r.source.map { "sha256 \($0.sha256)" } ?? "none", a.source.map { "sha256 \($0.sha256)" } ?? "none")
        return found
    }

    /// `text "a house", drawing`: each concept in a few words, quotes cut at 80 characters.
    private static func concepts(_ list: [RecipeConcept]) -> String {
        func quoted(_ s: String) -> String { "\"" + (s.count > 80 ? s.prefix(80) + "…" : s) + "\"" }
        return list.map { concept -> String in
            switch concept {
            case .text(let text): return "text \(quoted(text))"
            case .extracted(let text, let title): return "extracted \(text.count) characters" + (title.map { " titled \(quoted($0))" } ?? "")
            case .image(let origin): return "image \(origin ?? "(unnamed)")"
            case .drawing: return "drawing"
            }
        }.joined(separator: ", ")
    }
}
