import InklingConditioning

/// What an engine declares it can do.
public struct EngineCapabilities: Sendable, Hashable {
    /// Languages of text concepts it understands (BCP 47 primary codes: "en", "ja").
    public var languages: Set<String>
    /// Sizes it can produce; ``SizeRequest/closest(to:)`` picks among them. The first is the default.
    public var sizes: [PixelSize]
    /// Styles it paints.
    public var styles: [Style]

    /// Creates capabilities.
    public init(languages: Set<String>, sizes: [PixelSize], styles: [Style]) {
        self.languages = languages
        self.sizes = sizes
        self.styles = styles
    }
}
