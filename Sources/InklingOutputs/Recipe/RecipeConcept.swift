/// One concept as the caller gave it, recorded in a ``Recipe``.
///
/// Text is kept verbatim; images and drawings are recorded by reference (their content lives in
/// ``Recipe/source`` and ``Recipe/drawing``).
public enum RecipeConcept: Sendable, Hashable {
    /// A short description (`Concept.text`).
    case text(String)
    /// Long text with an optional title (`Concept.extracted(from:title:)`).
    case extracted(String, title: String?)
    /// A source image, by origin (a file name) when known.
    case image(origin: String?)
    /// A drawing (its JSON is in ``Recipe/drawing``).
    case drawing

    /// The text of a text or extracted concept, else `nil`.
    public var text: String? {
        switch self {
        case .text(let text), .extracted(let text, _): text
        case .image, .drawing: nil
        }
    }
}
