import Foundation
import InklingInterchange
import InklingBase

/// Typed, strict reading of one JSON object of a request, as 400 `invalid_request` errors naming
/// the field (`options.seed: expected a whole number …`): ``InklingInterchange.JSONObjectReader``'s rules (unknown
/// fields refused, booleans and numbers told apart, `null` as absent) in the API's error type.
struct JSONFields {
    /// The deepest nesting a request body may have (a drawing inside a request needs about 6).
    static let maximumDepth = 64
    private let reader: InklingInterchange.JSONObjectReader

    /// Parses `bytes` as a JSON object (400 `invalid_json` otherwise, deep nesting included).
    init(parsing bytes: [UInt8], allowed: Set<String>) throws(APIError) {
        guard !bytes.isEmpty else { throw APIError(400, "invalid_json", "the request body is empty; send a JSON object (see /openapi.json)") }
        let root: Any
        do {
            root = try InklingInterchange.JSONObjectReader.parse(bytes, maxDepth: Self.maximumDepth)
        } catch {
            throw APIError(400, "invalid_json", "the request body is \(error.message); send a JSON object (see /openapi.json)")
        }
        guard root is [String: Any] else {
            throw APIError(400, "invalid_json", "the request body must be a JSON object, got \(Self.kind(root))")
        }
        try self.init(root, path: "", allowed: allowed)
    }

    /// Wraps an object found at `path`, refusing fields outside `allowed`.
    init(_ object: Any, path: String, allowed: Set<String>) throws(APIError) {
        reader = try Self.api { () throws(JSONFieldError) in try InklingInterchange.JSONObjectReader(object, path: path, allowed: allowed) }
    }

    private init(reader: InklingInterchange.JSONObjectReader) { self.reader = reader }

    /// The raw value of `key`, `nil` when absent or null.
    func raw(_ key: String) -> Any? { reader.raw(key) }

    /// A string field of at most `maxLength` bytes; a NUL character is refused (no field needs one,
    /// and image metadata cannot hold it).
    func string(_ key: String, maxLength: Int = 20_000) throws(APIError) -> String? {
        let text = try Self.api { () throws(JSONFieldError) in try reader.string(key, maxBytes: maxLength) }
        if let text, text.utf8.contains(0) { throw invalid(key, "holds a NUL character (\\u0000), which no text may") }
        return text
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(APIError) -> Double? {
        try Self.api { () throws(JSONFieldError) in try reader.number(key, in: range) }
    }

    /// A whole number within `range` (wide enough for 64-bit seeds).
    func integer(_ key: String, in range: ClosedRange<Double>) throws(APIError) -> UInt64? {
        guard let number = try number(key, in: range) else { return nil }
        guard number == number.rounded(), number >= 0, number < 1.8e19 else { throw invalid(key, "expected a whole number, got \(NumberText.compact(number))") }
        return UInt64(number)
    }

    func bool(_ key: String) throws(APIError) -> Bool? {
        try Self.api { () throws(JSONFieldError) in try reader.bool(key) }
    }

    func object(_ key: String, allowed: Set<String>) throws(APIError) -> JSONFields? {
        try Self.api { () throws(JSONFieldError) in try reader.object(key, allowed: allowed) }.map { JSONFields(reader: $0) }
    }

    func array(_ key: String, maxCount: Int) throws(APIError) -> [Any]? {
        try Self.api { () throws(JSONFieldError) in try reader.array(key, maxCount: maxCount) }
    }

    /// The full name of `key` (`options.seed`).
    func name(_ key: String) -> String { reader.name(key) }

    /// A 400 `invalid_request` error about `key`.
    func invalid(_ key: String, _ message: String) -> APIError {
        APIError(400, "invalid_request", "\(name(key)): \(message)")
    }

    /// What a parsed value is, in words: `a string`, `1.5`, `an array`.
    static func kind(_ value: Any) -> String { InklingInterchange.JSONObjectReader.quote(value) }


    /// Runs a reader call, turning its error into the API's.
    private static func api<T>(_ body: () throws(JSONFieldError) -> T) throws(APIError) -> T {
        do {
            return try body()
        } catch {
            throw APIError(400, "invalid_request", error.description)
        }
    }
}
