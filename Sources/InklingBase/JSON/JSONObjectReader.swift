/// Strict, typed reading of one JSON object, for requests and files people write by hand
/// (server requests, engine configuration, regression cases, recipes).
///
/// Every error is a ``JSONError`` naming the key's full path and what was expected and found
/// (`options.strength: expected a number within 0…1, got 1.5`). Unknown keys are errors, with
/// the nearest known key suggested, so a misspelt `"strenght"` is never silently ignored. `null`
/// counts as absent. Booleans and numbers are distinct JSON types and stay so.
///
/// ```swift
/// let fields = try JSONDocument.parse(bytes, limits: .default).root.fields(allowed: ["prompt", "limit"])
/// let limit = try fields.integer("limit", in: 1...4) ?? 1
/// ```
public struct JSONObjectReader {
    /// The object read.
    public let node: JSONNode

    /// Wraps `node`, which must be an object whose keys are all in `allowed`.
    public init(_ node: JSONNode, allowed: Set<String>) throws(JSONError) {
        guard node.kind == .object else { throw node.expected("an object", kind: .wrongType) }
        for key in node.keys where !allowed.contains(key) {
            let known = allowed.sorted()
            // A long key is named by its first 64 characters: the error stays short whatever was sent.
            let shown = key.count > 64 ? String(key.prefix(64)) + "…" : key
            let hint = key.count > 64 ? "" : EditDistance.closest(to: key, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
            throw JSONError(kind: .unknownKey, path: node.path.appending(.key(shown)).description,
                            message: "unknown key\(hint) (known: \(known.joined(separator: ", ")))")
        }
        self.node = node
    }

    /// The object's path (`options`), empty for the document itself.
    public var path: String { node.path.location }

    /// The full path of `key`: `options.seed`.
    public func name(_ key: String) -> String { node.path.appending(.key(key)).description }

    /// The error for `key`: `expected …, got <its value>`.
    public func invalid(_ key: String, expected: String) -> JSONError {
        guard let value = node.member(key) else {
            return JSONError(kind: .missingKey, path: name(key), message: "expected \(expected), got nothing")
        }
        return value.expected(expected)
    }

    /// An error about `key` in your own words.
    public func invalid(_ key: String, _ message: String, kind: JSONError.Kind = .wrongType) -> JSONError {
        JSONError(kind: kind, path: name(key), message: message)
    }

    /// The value of `key`; `nil` when absent or `null`.
    public func raw(_ key: String) -> JSONNode? { node[key] }

    /// Whether `key` holds something other than `null`.
    public func has(_ key: String) -> Bool { raw(key) != nil }

    /// A string of at most `maxBytes` UTF-8 bytes; `nonEmpty` refuses blank ones.
    public func string(_ key: String, maxBytes: Int = 20_000, nonEmpty: Bool = false) throws(JSONError) -> String? {
        guard let value = raw(key) else { return nil }
        let expected = (nonEmpty ? "non-empty text" : "text") + " of at most \(maxBytes) bytes"
        guard let text = value.string, text.utf8.count <= maxBytes else { throw value.expected(expected, kind: value.kind == .string ? .outOfRange : .wrongType) }
        if nonEmpty && text.allSatisfy({ $0.isWhitespace }) { throw value.expected(expected, kind: .outOfRange) }
        return text
    }

    /// A finite number within `range`.
    public func number(_ key: String, in range: ClosedRange<Double>) throws(JSONError) -> Double? {
        guard let value = raw(key) else { return nil }
        return try value.requireNumber(in: range)
    }

    /// A whole number within `range`.
    public func integer(_ key: String, in range: ClosedRange<Int>) throws(JSONError) -> Int? {
        guard let value = raw(key) else { return nil }
        guard let number = value.integer, number >= Int64(range.lowerBound), number <= Int64(range.upperBound) else {
            throw value.expected("a whole number within \(range.lowerBound)…\(range.upperBound)")
        }
        return Int(number)
    }

    /// A whole number within `range`, unsigned and exact (seeds).
    public func unsigned(_ key: String, in range: ClosedRange<UInt64>) throws(JSONError) -> UInt64? {
        guard let value = raw(key) else { return nil }
        guard let number = value.unsigned, range.contains(number) else {
            throw value.expected("a whole number within \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }

    /// `true` or `false`.
    public func bool(_ key: String) throws(JSONError) -> Bool? {
        guard let value = raw(key) else { return nil }
        return try value.requireBool()
    }

    /// One of a string enumeration's raw values.
    public func word<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws(JSONError) -> T? where T.RawValue == String {
        guard let value = raw(key) else { return nil }
        guard let text = value.string, let word = T(rawValue: text) else {
            throw value.expected("one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return word
    }

    /// A nested object whose keys are all in `allowed`.
    public func object(_ key: String, allowed: Set<String>) throws(JSONError) -> JSONObjectReader? {
        guard let value = raw(key) else { return nil }
        return try JSONObjectReader(value, allowed: allowed)
    }

    /// An array of at most `maxCount` values.
    public func array(_ key: String, maxCount: Int) throws(JSONError) -> JSONElements? {
        guard let value = raw(key) else { return nil }
        return try value.requireArray(maxCount: maxCount)
    }
}
