import Foundation
import InklingBase
import InklingStrokes

/// Strict, typed reading of one JSON object parsed by Foundation's `JSONSerialization`, for
/// requests and files people write by hand (server requests, regression cases).
///
/// Every error is a ``JSONFieldError`` naming the key's full path and what was expected and found
/// (`options.strength: expected a number within 0…1, got 1.5`). Unknown keys are errors, with the
/// nearest known key suggested, so a misspelt `"strenght"` is never silently ignored. `null`
/// counts as absent. Booleans and numbers are told apart (Foundation hands both over as
/// `NSNumber`).
///
/// ```swift
/// let root = try JSONObjectReader.parse(bytes, maxDepth: 32)
/// let fields = try JSONObjectReader(root, allowed: ["prompt", "limit"])
/// let limit = try fields.integer("limit", in: 1...4) ?? 1
/// ```
public struct JSONObjectReader {
    /// Where the object is: empty for the document itself, else its path (`options`, `cases[3]`).
    public let path: String
    private let object: [String: Any]

    /// Wraps `value`, which must be an object whose keys are all in `allowed`.
    public init(_ value: Any, path: String = "", allowed: Set<String>) throws(JSONFieldError) {
        self.path = path
        guard let object = value as? [String: Any] else {
            throw JSONFieldError(path: path, message: "expected an object, got \(Self.quote(value))")
        }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            let hint = EditDistance.closest(to: unknown, in: allowed.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
            throw JSONFieldError(path: Self.join(path, unknown),
                                 message: "unknown key\(hint) (known: \(allowed.sorted().joined(separator: ", ")))")
        }
        self.object = object
    }

    /// Parses `bytes` as JSON, refusing nesting deeper than `maxDepth` before the parser sees it.
    public static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int) throws(JSONFieldError) -> Any {
        guard !bytes.isEmpty else { throw JSONFieldError(path: "", message: "empty; expected a JSON object") }
        if let offset = JSONNesting.firstViolation(in: Array(bytes), limit: maxDepth) {
            throw JSONFieldError(path: "", message: "nested more than \(maxDepth) levels deep (at byte \(offset))")
        }
        do {
            return try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? String(describing: error)
            throw JSONFieldError(path: "", message: "not valid JSON (\(text.count > 200 ? String(text.prefix(200)) + "…" : text))")
        }
    }

    /// The full path of `key`: `options.seed`.
    public func name(_ key: String) -> String { Self.join(path, key) }

    /// The error for `key`: `expected …, got <its value>`.
    public func invalid(_ key: String, expected: String) -> JSONFieldError {
        JSONFieldError(path: name(key), message: "expected \(expected), got \(Self.quote(object[key]))")
    }

    /// An error about `key` in your own words.
    public func invalid(_ key: String, _ message: String) -> JSONFieldError {
        JSONFieldError(path: name(key), message: message)
    }

    /// The value of `key` as parsed; `nil` when absent or `null`.
    public func raw(_ key: String) -> Any? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return value
    }

    /// Whether `key` holds something other than `null`.
    public func has(_ key: String) -> Bool { raw(key) != nil }

    /// A string of at most `maxBytes` UTF-8 bytes; `nonEmpty` refuses blank ones.
    public func string(_ key: String, maxBytes: Int = 20_000, nonEmpty: Bool = false) throws(JSONFieldError) -> String? {
        guard let value = raw(key) else { return nil }
        let expected = (nonEmpty ? "non-empty text" : "text") + " of at most \(maxBytes) bytes"
        guard let text = value as? String, text.utf8.count <= maxBytes else { throw invalid(key, expected: expected) }
        if nonEmpty && text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw invalid(key, expected: expected) }
        return text
    }

    /// A finite number within `range`.
    public func number(_ key: String, in range: ClosedRange<Double>) throws(JSONFieldError) -> Double? {
        guard let value = raw(key) else { return nil }
        guard let number = Self.number(value), range.contains(number) else {
            throw invalid(key, expected: "a number within \(NumberText.compact(range.lowerBound))…\(NumberText.compact(range.upperBound))")
        }
        return number
    }

    /// A whole number within `range`.
    public func integer(_ key: String, in range: ClosedRange<Int>) throws(JSONFieldError) -> Int? {
        let expected = "a whole number within \(range.lowerBound)…\(range.upperBound)"
        guard let value = raw(key) else { return nil }
        guard let number = Self.number(value), number == number.rounded(),
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else { throw invalid(key, expected: expected) }
        return Int(number)
    }

    /// `true` or `false`.
    public func bool(_ key: String) throws(JSONFieldError) -> Bool? {
        guard let value = raw(key) else { return nil }
        guard Self.isBool(value), let flag = value as? Bool else { throw invalid(key, expected: "true or false") }
        return flag
    }

    /// One of a string enumeration's raw values.
    public func word<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws(JSONFieldError) -> T? where T.RawValue == String {
        guard let value = raw(key) else { return nil }
        guard let text = value as? String, let word = T(rawValue: text) else {
            throw invalid(key, expected: "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return word
    }

    /// A nested object whose keys are all in `allowed`.
    public func object(_ key: String, allowed: Set<String>) throws(JSONFieldError) -> JSONObjectReader? {
        guard let value = raw(key) else { return nil }
        return try JSONObjectReader(value, path: name(key), allowed: allowed)
    }

    /// An array of at most `maxCount` values.
    public func array(_ key: String, maxCount: Int) throws(JSONFieldError) -> [Any]? {
        guard let value = raw(key) else { return nil }
        guard let array = value as? [Any] else { throw invalid(key, expected: "an array") }
        guard array.count <= maxCount else { throw invalid(key, "expected at most \(maxCount) entries, got \(array.count)") }
        return array
    }

    /// Whether a parsed value is `true` or `false` (booleans are `NSNumber`s of type `c`).
    public static func isBool(_ value: Any) -> Bool { InterchangeJSON.isBool(value) }

    /// The finite number `value` holds; `nil` for anything else (booleans included).
    public static func number(_ value: Any) -> Double? { InterchangeJSON.number(value) }

    /// A short quotation of a parsed value for messages: `1.5`, `"high"`, `true`, `an array`.
    public static func quote(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: return "nothing"
        case let text as String: return "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case let value? where isBool(value): return (value as? Bool) == true ? "true" : "false"
        case let number as NSNumber: return NumberText.compact(number.doubleValue)
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case let value?: return "\(value)"
        }
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}
