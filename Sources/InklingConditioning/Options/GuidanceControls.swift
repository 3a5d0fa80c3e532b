/// How strongly, and when, the sketch steers a generation.
///
/// The defaults make the sketch a suggestion: strength 0.6, applied over the first 60% of the
/// generation, prompt first.
public struct GuidanceControls: Sendable, Hashable {
    /// Influence of the sketch, `0 ... 1`: 0 ignores it, 1 follows it closely.
    public var strength: Double
    /// Fraction of the generation at which guidance starts, `0 ... 1`.
    public var start: Double
    /// Fraction of the generation at which guidance ends, `start ... 1`.
    public var end: Double
    /// Who wins when text and sketch disagree.
    public var mode: GuidanceMode
    /// How the sketch is encoded for the engine's sketch model (scribble, white on black, by default).
    public var encoding: SketchEncoding

    /// Creates controls; see each property for its range.
    public init(strength: Double = 0.6, start: Double = 0, end: Double = 0.6, mode: GuidanceMode = .promptFirst,
                encoding: SketchEncoding = .scribble) {
        self.strength = strength
        self.start = start
        self.end = end
        self.mode = mode
        self.encoding = encoding
    }

    /// The defaults: a suggestion, not a constraint.
    public static let `default` = GuidanceControls()
}
