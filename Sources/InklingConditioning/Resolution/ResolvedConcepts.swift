import InklingStrokes

/// What a list of ``Concept``s amounts to: ranked phrases, their language, the style asked
/// for in the text, one drawing and one source image.
public struct ResolvedConcepts: Sendable, Hashable {
    /// Ideas to depict, most important first; weights sum to 1 (empty when there is no text).
    public var phrases: [ConceptPhrase]
    /// The first title given with extracted text, if any.
    public var title: String?
    /// The language of all concept text, or `nil` when there is none or it cannot be told.
    public var language: DetectedLanguage?
    /// The first style asked for in text concepts, if any (its words are not in ``phrases``).
    public var styleRequest: StyleRequest?
    /// Every drawing concept appended in order, or `nil` when there is none.
    public var drawing: Drawing?
    /// The first image concept, or `nil` (later images are ignored, see ``ignoredImageCount``).
    public var source: SourceImage?
    /// How many further image concepts were ignored.
    public var ignoredImageCount: Int

    /// Creates resolved concepts.
    public init(
        phrases: [ConceptPhrase], title: String? = nil, language: DetectedLanguage? = nil, styleRequest: StyleRequest? = nil,
        drawing: Drawing? = nil, source: SourceImage? = nil, ignoredImageCount: Int = 0
    ) {
        self.phrases = phrases
        self.title = title
        self.language = language
        self.styleRequest = styleRequest
        self.drawing = drawing
        self.source = source
        self.ignoredImageCount = ignoredImageCount
    }
}
