import InklingBase

/// Why a stroke JSON document was rejected, with the JSON path of the offending value.
///
/// ``description`` is always a single line: `path: message`, for example
/// `strokes[3].points[17].force: expected a finite number ≥ 0, got "high"`.
/// Problems with the document as a whole (size, syntax, nesting, a top level that is not an
/// object) use the path `$`.
public struct StrokeJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a problem; each case is documented in `docs/stroke-json.md`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The document is larger than ``StrokeJSONDecoder/Limits/maxBytes``; nothing was parsed.
        case tooLarge
        /// The bytes are not one well-formed JSON value (truncation, bad token, trailing garbage,
        /// invalid UTF-8, `\u0000` in a string, empty input).
        case syntax
        /// Arrays and objects nest deeper than ``StrokeJSONDecoder/Limits/maxDepth``.
        case tooDeep
        /// A configurable limit was exceeded: strokes, points per stroke, points in total,
        /// coordinate extent or canvas side.
        case limitExceeded
        /// A value has the wrong JSON type (a string where a number belongs, a transform that is
        /// not six numbers, …).
        case wrongType
        /// A number lies outside its documented range (opacity above 2, negative force, an
        /// integer beyond ±2⁵³, …).
        case outOfRange
        /// A number is `NaN`, `Infinity`, `-Infinity`, or overflows a double (`1e400`).
        case notFinite
        /// A required key is absent.
        case missingKey
        /// `format` is a string other than `"inkling.drawing"`.
        case unsupportedFormat
        /// `version` is an integer other than `1`.
        case unsupportedVersion
        /// A point's `timeOffset` is smaller than the previous point's in the same stroke.
        case notMonotonic
        /// A columnar channel array has a different length than the `x` array.
        case lengthMismatch
        /// `ink.type` names no known ink; the message lists the valid ones.
        case unknownInk
        /// `ink.color` is a string that is not `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
        case invalidColor
        /// A stroke has no points, or a mask polygon has fewer than three vertices.
        case tooFewPoints
    }

    /// The category of the problem.
    public var kind: Kind
    /// The JSON path of the offending value, such as `strokes[3].points[17].force` or, in the
    /// columnar layout, `strokes[0].points.force[17]`; `$` for the document as a whole.
    public var path: String
    /// What was expected and what was found, such as `expected a finite number ≥ 0, got "high"`.
    public var message: String

    /// Creates an error; newlines in `path` or `message` are replaced so that ``description``
    /// stays on one line.
    public init(kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = Self.singleLine(path)
        self.message = Self.singleLine(message)
    }

    /// A problem the JSON layer found before the walk (size, syntax, nesting, budget), in the
    /// stroke decoder's terms.
    public init(_ error: JSONError) {
        let kind: Kind
        switch error.kind {
        case .tooLarge: kind = .tooLarge
        case .syntax: kind = .syntax
        case .tooDeep: kind = .tooDeep
        case .limitExceeded: kind = .limitExceeded
        case .wrongType, .unknownKey: kind = .wrongType
        case .outOfRange: kind = .outOfRange
        case .notFinite: kind = .notFinite
        case .missingKey: kind = .missingKey
        }
        self.init(kind: kind, path: error.path, message: error.message)
    }

    /// `path: message`, on one line.
    public var description: String { "\(path): \(message)" }

    /// The path used for problems that concern the whole document.
    public static let documentPath = "$"

    private static func singleLine(_ s: String) -> String {
        guard s.contains(where: \.isNewline) else { return s }
        return String(s.map { $0.isNewline ? " " : $0 })
    }
}
