import InklingGuidance
import InklingStrokes

/// Everything an engine needs for one generation, resolved: ranked ideas, the language they are
/// in, the style, the exact size, the drawing and its guidance map, the source image, the seed
/// and the guidance controls. The API builds it from concepts and options; engines only read it.
public struct Conditioning: Sendable {
    /// Ideas to depict, most important first; weights sum to 1 (empty: no text concepts).
    public var phrases: [ConceptPhrase]
    /// A title given with extracted text, if any.
    public var title: String?
    /// BCP 47 language code of the text concepts ("en", "ja"), or `nil` when there is no text.
    public var language: String?
    /// The style to paint in (never `.externalProvider` for the built-in engine).
    public var style: Style
    /// The exact output size (one of the engine's supported sizes).
    public var size: PixelSize
    /// The sketch, if a drawing concept was given (several drawings are appended).
    public var drawing: Drawing?
    /// The sketch rasterized at ``size`` in ``GuidanceControls/encoding`` (fit policy), if there is a drawing.
    public var guidance: GuidanceMap?
    /// The source image, if an image concept was given.
    public var source: SourceImage?
    /// Whether the source may be reproduced.
    public var personalization: Bool
    /// Seed for this request (variations derive their own from it).
    public var seed: UInt64
    /// How the sketch steers.
    public var controls: GuidanceControls
    /// Influence of the source image, `0 ... 1`.
    public var sourceStrength: Double
    /// Negative prompt, steps, CFG, sampler and scheduler the request sets (`nil`: the engine's default).
    public var sampling: SamplingOverrides
    /// Whether this is a live session's frame (`false` for every other request): an engine
    /// configured with a `live` block then uses its few-step settings. Set by whoever runs the
    /// frame (the job's live lane).
    public var isLiveFrame = false

    /// Creates a conditioning.
    public init(
        phrases: [ConceptPhrase], title: String? = nil, language: String? = nil, style: Style, size: PixelSize,
        drawing: Drawing? = nil, guidance: GuidanceMap? = nil, source: SourceImage? = nil,
        personalization: Bool = true, seed: UInt64 = 0, controls: GuidanceControls = .default, sourceStrength: Double = GenerationOptions.defaultSourceStrength,
        sampling: SamplingOverrides = .none
    ) {
        self.phrases = phrases
        self.title = title
        self.language = language
        self.style = style
        self.size = size
        self.drawing = drawing
        self.guidance = guidance
        self.source = source
        self.personalization = personalization
        self.seed = seed
        self.controls = controls
        self.sourceStrength = sourceStrength
        self.sampling = sampling
    }
}
