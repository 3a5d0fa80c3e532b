/// Why a JSON document or one of its values was refused, with the JSON path of the offending
/// value.
///
/// ``description`` is one line, `path: message`, the way the stroke decoder reports
/// (`options.seed: expected a whole number within 0…18446744073709551615, got "7"`). Problems
/// with the document as a whole (size, syntax, nesting, budget) use the path `$`.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a problem.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The document is larger than ``JSONLimits/maxBytes``; nothing was parsed.
        case tooLarge
        /// The bytes are not one well-formed JSON value (truncation, bad token, trailing garbage,
        /// invalid UTF-8, a byte order mark, `\u0000` in a string, empty input).
        case syntax
        /// Arrays and objects nest deeper than ``JSONLimits/maxDepth``.
        case tooDeep
        /// The document holds more values, or a longer array, than its budget allows.
        case limitExceeded
        /// A value has the wrong JSON type.
        case wrongType
        /// A number or a length lies outside its documented range.
        case outOfRange
        /// A number is `NaN`, `±Infinity`, or overflows a double (`1e400`).
        case notFinite
        /// A required key is absent.
        case missingKey
        /// An object holds a key its reader does not know (the message suggests the nearest).
        case unknownKey
    }

    /// The category of the problem.
    public var kind: Kind
    /// The JSON path of the offending value (`strokes[3].points[17].force`), `$` for the document.
    public var path: String
    /// What was expected and what was found, on one line.
    public var message: String

    /// Creates an error; newlines in `path` or `message` become spaces so ``description`` stays one line.
    public init(kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path.isEmpty ? Self.documentPath : Self.singleLine(path)
        self.message = Self.singleLine(message)
    }

    /// `path: message`, on one line.
    public var description: String { "\(path): \(message)" }

    /// The path used for problems that concern the whole document.
    public static let documentPath = "$"

    /// The path without the `$` of the whole document: empty for it, else the path itself.
    public var location: String { path == Self.documentPath ? "" : path }

    private static func singleLine(_ s: String) -> String {
        guard s.contains(where: \.isNewline) else { return s }
        return String(s.map { $0.isNewline ? " " : $0 })
    }
}
