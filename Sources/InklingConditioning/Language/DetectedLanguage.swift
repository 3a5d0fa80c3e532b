/// A language found in text, with how sure the detector is.
public struct DetectedLanguage: Sendable, Hashable, CustomStringConvertible {
    /// BCP 47 primary language code ("en", "ja", "ko").
    public var code: String
    /// How sure the detector is, `0 ... 1` (below 0.5: a guess, e.g. "a red fox" → en 0.25).
    public var confidence: Double

    /// Creates a result.
    public init(code: String, confidence: Double) {
        self.code = code
        self.confidence = confidence
    }

    /// `code (confidence)`, e.g. `ja (0.97)`.
    public var description: String {
        "\(code) (\((confidence * 100).rounded() / 100))"
    }
}
