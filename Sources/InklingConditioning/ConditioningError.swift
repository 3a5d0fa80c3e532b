/// Why concepts and options could not be turned into a ``Conditioning``.
///
/// Each case's ``description`` is one line that says what to change. The API layer maps these
/// to its `ImageCreator`-style errors (`unsupportedLanguage` → `unsupportedLanguage`, the
/// others → `notSupported`/invalid-argument errors).
public enum ConditioningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A style was asked for (in code or in the text) that the options do not allow.
    case styleNotAllowed(Style, allowed: [Style])
    /// The concept text is in a language the engine does not support.
    case unsupportedLanguage(detected: String, supported: [String])
    /// There is nothing to make an image of: no text, no image and no drawing.
    case emptyConcepts
    /// An option is out of range or inconsistent; `expected` says what is accepted.
    case invalidOption(name: String, value: String, expected: String)

    /// One actionable line.
    public var description: String {
        switch self {
        case let .styleNotAllowed(style, allowed):
            let list = allowed.map(\.rawValue).joined(separator: ", ")
            return "style '\(style.rawValue)' is not allowed here; choose one of: \(list.isEmpty ? "(none — allow at least one style)" : list)"
        case let .unsupportedLanguage(detected, supported):
            return "the concept text looks like '\(detected)', which this engine does not support; write it in one of: \(supported.sorted().joined(separator: ", "))"
        case .emptyConcepts:
            return "nothing to draw: give at least one text, extracted-text, image or drawing concept"
        case let .invalidOption(name, value, expected):
            return "option '\(name)' is \(value); expected \(expected)"
        }
    }
}
