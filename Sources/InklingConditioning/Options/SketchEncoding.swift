import InklingGuidance

/// How the sketch is encoded for the engine's sketch model: the guidance encoding and its polarity.
///
/// Written as one word in requests, CLI flags and case files: `scribble`, `soft`, `distance`,
/// `confidence` (white lines on black, the ControlNet scribble / soft-edge / lineart
/// convention), each optionally followed by `-inverted` for black lines on white
/// (`scribble-inverted`). The default is `scribble`, as before knobs existed.
public struct SketchEncoding: Sendable, Hashable, CustomStringConvertible {
    /// How intensities encode the drawing.
    public var encoding: GuidanceEncoding
    /// Which way round they are.
    public var polarity: GuidancePolarity

    /// Creates an encoding.
    public init(_ encoding: GuidanceEncoding = .scribble, polarity: GuidancePolarity = .whiteOnBlack) {
        self.encoding = encoding
        self.polarity = polarity
    }

    /// White lines on black, the encoding every request used before it could choose.
    public static let scribble = SketchEncoding()

    /// The written form: `soft`, `scribble-inverted`.
    public var description: String {
        encoding.rawValue + (polarity == .blackOnWhite ? Self.invertedSuffix : "")
    }

    /// Parses the written form; `nil` for anything else.
    public init?(_ text: String) {
        var name = Substring(text)
        var polarity = GuidancePolarity.whiteOnBlack
        if name.hasSuffix(Self.invertedSuffix) {
            name = name.dropLast(Self.invertedSuffix.count)
            polarity = .blackOnWhite
        }
        guard let encoding = GuidanceEncoding(rawValue: String(name)) else { return nil }
        self.init(encoding, polarity: polarity)
    }

    /// Every written form, for error messages and help.
    public static let names: [String] = GuidanceEncoding.allCases.flatMap { [$0.rawValue, $0.rawValue + invertedSuffix] }

    /// The suffix that asks for black on white.
    static let invertedSuffix = "-inverted"
}
