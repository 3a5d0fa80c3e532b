/// One idea an engine should depict, with how much it matters (weights of one generation sum to 1).
public struct ConceptPhrase: Sendable, Hashable {
    /// Words as written ("cherry blossoms").
    public var text: String
    /// Relative importance, `0 ... 1`.
    public var weight: Double

    /// Creates a phrase.
    public init(_ text: String, weight: Double) {
        self.text = text
        self.weight = weight
    }
}
