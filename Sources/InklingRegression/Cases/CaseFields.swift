import Foundation
import InklingConditioning

/// Typed, checked access to the keys of one case object, every error naming the file and key.
///
/// Unknown keys are an error (a misspelt `"strenght"` must not be silently ignored), with the
/// closest known key suggested.
struct CaseFields {
    /// The file the object came from, for messages.
    let file: String
    /// Where in the file: `""` for a `case.json`, `cases[3].` for a manifest entry.
    let prefix: String
    private let object: [String: Any]

    /// Wraps `value`, which must be a JSON object whose keys are all in `known`.
    init(_ value: Any, file: String, prefix: String = "", known: Set<String>) throws(RegressionError) {
        self.file = file
        self.prefix = prefix
        guard let object = value as? [String: Any] else {
            throw .invalidCase(file: file, message: "\(prefix.isEmpty ? "the case" : String(prefix.dropLast())) must be a JSON object")
        }
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            let hint = EditDistance.closest(to: unknown, in: known.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
            throw .invalidCase(file: file, message: "\(prefix)\(unknown): unknown key\(hint) (known: \(known.sorted().joined(separator: ", ")))")
        }
        self.object = object
    }

    /// The error for `key` holding something else than `expected`.
    func invalid(_ key: String, _ expected: String) -> RegressionError {
        .invalidCase(file: file, message: "\(prefix)\(key): expected \(expected), got \(Self.show(object[key]))")
    }

    /// The value of `key` as parsed, unchecked.
    func raw(_ key: String) -> Any? { object[key] }

    /// Whether `key` is present (and not `null`).
    func has(_ key: String) -> Bool { object[key] != nil && !(object[key] is NSNull) }

    /// A non-empty string.
    func string(_ key: String) throws(RegressionError) -> String? {
        guard has(key) else { return nil }
        guard let text = object[key] as? String, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
              text.utf8.count <= 4096 else { throw invalid(key, "non-empty text of at most 4096 bytes") }
        return text
    }

    /// A finite number within `range`.
    func number(_ key: String, in range: ClosedRange<Double>) throws(RegressionError) -> Double? {
        guard has(key) else { return nil }
        guard let value = object[key] as? NSNumber, !Self.isBool(value), value.doubleValue.isFinite,
              range.contains(value.doubleValue) else {
            throw invalid(key, "a number within \(Self.show(range.lowerBound))…\(Self.show(range.upperBound))")
        }
        return value.doubleValue
    }

    /// A whole number within `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(RegressionError) -> Int? {
        guard let value = try number(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard value == value.rounded() else { throw invalid(key, "a whole number within \(range.lowerBound)…\(range.upperBound)") }
        return Int(value)
    }

    /// `true` or `false`.
    func bool(_ key: String) throws(RegressionError) -> Bool? {
        guard has(key) else { return nil }
        guard let value = object[key] as? NSNumber, Self.isBool(value) else { throw invalid(key, "true or false") }
        return value.boolValue
    }

    /// One of a string enumeration's raw values.
    func word<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws(RegressionError) -> T? where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = T(rawValue: text) else { throw invalid(key, "one of " + T.allCases.map(\.rawValue).joined(separator: ", ")) }
        return value
    }

    /// A nested object.
    func object(_ key: String, known: Set<String>) throws(RegressionError) -> CaseFields? {
        guard has(key) else { return nil }
        return try CaseFields(object[key]!, file: file, prefix: "\(prefix)\(key).", known: known)
    }

    /// A relative path inside `folder`: never absolute, never climbing out of it.
    func path(_ key: String, inside folder: URL) throws(RegressionError) -> URL? {
        guard let text = try string(key) else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true)
        guard !text.hasPrefix("/"), !text.hasPrefix("~"), !parts.contains(".."), !text.contains("\0") else {
            throw .pathOutsideCase(file: file, key: prefix + key, path: text)
        }
        return folder.appendingPathComponent(text)
    }

    /// Whether JSONSerialization made `value` from `true` or `false` (a `char`-typed number on
    /// every platform), so that `1` is not taken for `true` nor `true` for `1`.
    private static func isBool(_ value: NSNumber) -> Bool {
        String(cString: value.objCType) == "c"
    }

    private static func show(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: return "nothing"
        case let number as NSNumber: return isBool(number) ? (number.boolValue ? "true" : "false") : show(number.doubleValue)
        case let text as String: return "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "\(value!)"
        }
    }

    private static func show(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
