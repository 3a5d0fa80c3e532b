import InklingStrokes

/// One thing to make an image of, like Image Playground's `ImagePlaygroundConcept`. Several
/// concepts combine: their ideas, image and drawing all feed one generation.
public enum Concept: Sendable, Hashable {
    /// A short description used as it is ("a red fox in the snow").
    case text(String)
    /// Long text (a note, a page) from which the relevant ideas are pulled out by keyphrase
    /// extraction; `title`, when given, weighs more.
    case extracted(from: String, title: String?)
    /// A source image: visual inspiration for colour and composition.
    case image(SourceImage)
    /// A sketch: soft compositional guidance.
    case drawing(Drawing)
}
