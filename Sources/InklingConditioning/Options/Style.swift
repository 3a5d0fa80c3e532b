/// How the picture should look, like `ImagePlaygroundStyle`.
public enum Style: String, Sendable, Hashable, CaseIterable {
    /// Playful cel-shaded cartoon: flat fills, bold outlines.
    case animation
    /// Polished editorial look: ink lines over watercolour washes.
    case illustration
    /// Hand-drawn graphite on paper.
    case sketch
    /// One expressive sticker on a transparent background, delivered as a multi-resolution set.
    case emoji
    /// Whatever external engine the user configured (resolved by engine configuration).
    case externalProvider
}
