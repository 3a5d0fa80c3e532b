/// Everything about a generation other than its concepts, like `ImagePlaygroundOptions`.
public struct GenerationOptions: Sendable, Hashable {
    /// Requested size; resolved against the engine's table of supported sizes.
    public var size: SizeRequest
    /// Styles the caller allows; asking for another is an error.
    public var allowedStyles: [Style]
    /// The style used when none is asked for (in code or in the text).
    public var defaultStyle: Style
    /// Whether a source image may be reproduced (on, the default) or only informs colour and
    /// composition (off).
    public var personalization: Bool
    /// Seed: the same inputs and seed give the same images. Any of ``seedRange``.
    public var seed: UInt64

    /// The seeds every way in accepts (command line, case files, the API, the recipe): every
    /// 64-bit value but the largest, which a JSON reader cannot tell from a larger number
    /// clamped to it.
    static let seedRange: ClosedRange<UInt64> = 0...(UInt64.max - 1)
    /// How the sketch steers the generation.
    public var guidance: GuidanceControls
    /// Influence of the source image, `0 ... 1` (``defaultSourceStrength`` by default).
    public var sourceStrength: Double
    /// The source image's influence when none is asked for: the one home of that default.
    public static let defaultSourceStrength = 0.35
    /// Negative prompt, steps, CFG scale, sampler and scheduler for this request (`nil`: the
    /// engine configuration's default).
    public var sampling: SamplingOverrides

    /// Creates options; every argument has a sensible default.
    public init(
        size: SizeRequest = .engineDefault,
        allowedStyles: [Style] = Style.allCases,
        defaultStyle: Style = .illustration,
        personalization: Bool = true,
        seed: UInt64 = 0,
        guidance: GuidanceControls = .default,
        sourceStrength: Double = GenerationOptions.defaultSourceStrength,
        sampling: SamplingOverrides = .none
    ) {
        self.size = size
        self.allowedStyles = allowedStyles
        self.defaultStyle = defaultStyle
        self.personalization = personalization
        self.seed = seed
        self.guidance = guidance
        self.sourceStrength = sourceStrength
        self.sampling = sampling
    }
}
