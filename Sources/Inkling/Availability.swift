import InklingConditioning

/// Whether generation works here, and the facts behind the answer (what `inkling doctor` prints).
public struct Availability: Sendable, Hashable {
    /// Whether images can be created now.
    public var available: Bool
    /// Why not, one line each (empty when available).
    public var reasons: [String]
    /// The engine's identifier.
    public var engine: String
    /// Languages of text the engine understands, sorted.
    public var languages: [String]
    /// Sizes the engine produces; the first is its default.
    public var sizes: [PixelSize]
    /// Styles the engine paints.
    public var styles: [Style]

    /// Creates an availability report.
    public init(available: Bool, reasons: [String], engine: String, languages: [String], sizes: [PixelSize], styles: [Style]) {
        self.available = available
        self.reasons = reasons
        self.engine = engine
        self.languages = languages
        self.sizes = sizes
        self.styles = styles
    }
}
