import InklingConditioning

/// Everything needed to regenerate one image: who made it, from what, with which settings.
///
/// A recipe travels inside the PNG it describes (see ``Recipe/textChunks()`` and
/// ``Recipe/init(document:)``): the JSON in an `inkling:recipe` chunk, the source image's pixels
/// (when embedded) in an `inkling:source` chunk, plus human-friendly `Description` and `Software`
/// chunks. The drawing is stored whole, as canonical compact stroke JSON, so a recipe is
/// self-contained: replaying it with the same engine gives a byte-identical PNG.
public struct Recipe: Sendable, Hashable {
    /// Version of the recipe JSON layout written by this build.
    static let formatVersion = 1

    /// Inkling release that made the image ("0.2.0").
    public var inklingVersion: String
    /// Engine identifier ("builtin").
    public var engine: String
    /// The style painted in.
    public var style: Style
    /// The exact output size.
    public var size: PixelSize
    /// The request's seed (variations derive theirs from it and ``variation``).
    public var seed: UInt64
    /// Which variation of the request this image is, 0-based.
    public var variation: Int
    /// How the sketch steered the generation.
    public var guidance: GuidanceControls
    /// Influence of the source image, `0 ... 1`.
    public var sourceStrength: Double
    /// Whether the source image could be reproduced.
    public var personalization: Bool
    /// The concepts as the caller gave them (text verbatim; images and drawings by reference).
    public var concepts: [RecipeConcept]
    /// The ideas the engine was given, most important first.
    public var phrases: [ConceptPhrase]
    /// The title given with extracted text, if any.
    public var title: String?
    /// Language of the text concepts (BCP 47 primary code), if there was text.
    public var language: String?
    /// The drawing, in canonical JSON with its SHA-256, if there was one.
    public var drawing: RecipeDrawing?
    /// The source image's fingerprint, origin and (when embedded) pixels, if there was one.
    public var source: RecipeSource?
    /// The sampler settings the request set (the rest were the engine configuration's).
    public var sampling: SamplingOverrides

    /// Creates a recipe.
    public init(
        inklingVersion: String, engine: String, style: Style, size: PixelSize, seed: UInt64, variation: Int,
        guidance: GuidanceControls, sourceStrength: Double, personalization: Bool,
        concepts: [RecipeConcept], phrases: [ConceptPhrase], title: String? = nil, language: String? = nil,
        drawing: RecipeDrawing? = nil, source: RecipeSource? = nil, sampling: SamplingOverrides = .none
    ) {
        self.inklingVersion = inklingVersion
        self.engine = engine
        self.style = style
        self.size = size
        self.seed = seed
        self.variation = variation
        self.guidance = guidance
        self.sourceStrength = sourceStrength
        self.personalization = personalization
        self.concepts = concepts
        self.phrases = phrases
        self.title = title
        self.language = language
        self.drawing = drawing
        self.source = source
        self.sampling = sampling
    }

    /// One line for people: the phrases (or the prompt), the style and the size.
    public var summary: String {
        let words = phrases.isEmpty ? concepts.compactMap(\.text).joined(separator: "; ") : phrases.map(\.text).joined(separator: ", ")
        let what = words.isEmpty ? (drawing != nil ? "a sketch" : "an image") : words
        return "\(what) — \(style.rawValue), \(size.width)×\(size.height), seed \(seed), variation \(variation + 1)"
    }
}
