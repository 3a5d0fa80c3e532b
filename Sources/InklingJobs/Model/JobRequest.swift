import InklingConditioning

/// A planned request, the job itself: its concepts (drawing, text, source image), the style
/// asked for, how many variations, and the options. The same for the API, the cluster, the CLI
/// and regression cases.
public struct JobRequest: Sendable {
    /// Text, extracted key phrases, source images and the drawing, in order.
    public var concepts: [Concept]
    /// The style asked for; `nil`: asked for in the prompt, else the options' default.
    public var style: Style?
    /// Variations, 1…4.
    public var limit: Int
    /// Size, seed, guidance, sampling and the rest.
    public var options: GenerationOptions

    /// A request.
    public init(concepts: [Concept], style: Style? = nil, limit: Int = 1, options: GenerationOptions = .init()) {
        self.concepts = concepts
        self.style = style
        self.limit = limit
        self.options = options
    }
}
