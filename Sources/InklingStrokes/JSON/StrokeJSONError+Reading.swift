import CJSONC
import InklingBase

extension StrokeJSONError {
    /// `expected <what>, got <excerpt of value>` at `path`.
    static func expected(_ what: String, got value: OpaquePointer?, kind: Kind, at path: String) -> StrokeJSONError {
        StrokeJSONError(kind: kind, path: path, message: "expected \(what), got \(JSONExcerpt.of(value))")
    }

    /// A required key that is absent; `path` is the path the key would have had.
    static func missingKey(_ key: String, at path: String) -> StrokeJSONError {
        StrokeJSONError(kind: .missingKey, path: path, message: "expected required key \"\(key)\", got none")
    }

    /// The error for a value that failed a number check described by `what`: `wrongType` for
    /// non-numbers, `notFinite` for NaN/±Infinity/overflow, `outOfRange` for integers beyond ±2⁵³,
    /// and `rangeKind` for a finite number that broke the rule.
    static func badNumber(_ value: OpaquePointer?, expected what: String, rangeKind: Kind, at path: String) -> StrokeJSONError {
        switch JSONCTree.numberStatus(value) {
        case .notNumber:
            return .expected(what, got: value, kind: .wrongType, at: path)
        case .notFinite:
            return .expected(what, got: value, kind: .notFinite, at: path)
        case .hugeInteger:
            return StrokeJSONError(
                kind: .outOfRange, path: path,
                message: "expected \(what), got an integer beyond ±2^53 that a double cannot hold exactly")
        case .finite:
            return .expected(what, got: value, kind: rangeKind, at: path)
        }
    }

    /// Formats a limit or bound for messages: integral values without a fraction.
    static func format(_ value: Double) -> String { NumberText.compact(value) }

    /// A `timeOffset` that goes back in time.
    static func notMonotonic(_ time: Double, after previous: Double, at path: String) -> StrokeJSONError {
        StrokeJSONError(
            kind: .notMonotonic, path: path,
            message: "expected a timeOffset ≥ \(previous) (the previous point's), got \(time)")
    }
}
