import InklingBase

/// Typed, strict reading of one JSON object of a request, as 400 `invalid_request` errors naming
/// the field (`options.seed: expected a whole number …`): InklingBase's ``JSONObjectReader``
/// (unknown fields refused with a did-you-mean hint, booleans and numbers told apart, `null` as
/// absent, integers exact) with its ``JSONError``s turned into the API's.
///
/// No field can hold a NUL character: the body's reader (``JSONDocument``) refuses `\u0000`
/// escapes, and strict JSON has no raw control characters in strings.
package struct JSONFields {
    package let reader: JSONObjectReader

    /// Wraps `node`, which must be an object whose keys are all in `allowed`.
    package init(_ node: JSONNode, allowed: Set<String>) throws(APIError) {
        reader = try Self.api { () throws(JSONError) in try JSONObjectReader(node, allowed: allowed) }
    }

    private init(reader: JSONObjectReader) { self.reader = reader }

    /// The value of `key`, `nil` when absent or null.
    package func raw(_ key: String) -> JSONNode? { reader.raw(key) }

    /// A string field of at most `maxLength` UTF-8 bytes.
    package func string(_ key: String, maxLength: Int = 20_000) throws(APIError) -> String? {
        try Self.api { () throws(JSONError) in try reader.string(key, maxBytes: maxLength) }
    }

    /// A finite number within `range`.
    package func number(_ key: String, in range: ClosedRange<Double>) throws(APIError) -> Double? {
        try Self.api { () throws(JSONError) in try reader.number(key, in: range) }
    }

    /// A whole number within `range`, exact.
    package func integer(_ key: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        try Self.api { () throws(JSONError) in try reader.integer(key, in: range) }
    }

    /// An unsigned whole number within `range`, exact to the last digit (64-bit seeds).
    package func unsigned(_ key: String, in range: ClosedRange<UInt64>) throws(APIError) -> UInt64? {
        try Self.api { () throws(JSONError) in try reader.unsigned(key, in: range) }
    }

    /// `true` or `false`.
    package func bool(_ key: String) throws(APIError) -> Bool? {
        try Self.api { () throws(JSONError) in try reader.bool(key) }
    }

    /// A nested object whose keys are all in `allowed`.
    package func object(_ key: String, allowed: Set<String>) throws(APIError) -> JSONFields? {
        try Self.api { () throws(JSONError) in try reader.object(key, allowed: allowed) }.map { JSONFields(reader: $0) }
    }

    /// An array of at most `maxCount` values.
    package func array(_ key: String, maxCount: Int) throws(APIError) -> JSONElements? {
        try Self.api { () throws(JSONError) in try reader.array(key, maxCount: maxCount) }
    }

    /// The full name of `key` (`options.seed`).
    package func name(_ key: String) -> String { reader.name(key) }

    /// A 400 `invalid_request` error about `key`.
    package func invalid(_ key: String, _ message: String) -> APIError {
        APIError(400, "invalid_request", "\(name(key)): \(message)")
    }

    /// A 400 `invalid_request` error from a reader's error.
    package static func invalid(_ error: JSONError) -> APIError {
        APIError(400, "invalid_request", error.description)
    }

    /// Runs a reader call, turning its error into the API's.
    package static func api<T>(_ body: () throws(JSONError) -> T) throws(APIError) -> T {
        do {
            return try body()
        } catch {
            throw invalid(error)
        }
    }
}
